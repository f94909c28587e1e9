/**
 * An emulator that keeps every API exchange it answers (request body and answer, by operation), so
 * that a conformance test can hold both to the published description after driving it.
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "../../src/emulator/index.js";

/** One answered API call, named by the contract's operation (`PUT /vpcs/{vpcId}`). */
export interface Exchange {
  operation: string;
  status: number;
  /** The request's Content-Type header, as the client sent it. */
  contentType: string | undefined;
  request: unknown;
  answer: unknown;
}

/** A listening emulator that records its exchanges. */
export interface CapturingEmulator {
  url: string;
  token: string;
  exchanges: Exchange[];
  /** POSTs or PUTs to the control API (`/clock`, `/timings`, `/seed`). */
  control(method: "POST" | "PUT", path: string, body: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** The emulator's route parameters, spelled as the contract's paths spell them. */
const PARAMS: [RegExp, string][] = [
  [/:engine\/:version$/, "{engineId}"],
  [/:engineId$/, "{engineId}"],
  [/:subnetId/, "{vpcSubnetId}"],
  [/:(\w+)/g, "{$1}"],
];

/** `/v4/vpcs/:vpcId/subnets/:subnetId` → `/vpcs/{vpcId}/subnets/{vpcSubnetId}`; the IP alias → #3. */
export function contractPath(route: string): string {
  let path = route.replace(/^\/v4/, "");
  for (const [pattern, name] of PARAMS) path = path.replace(pattern, name);
  return path === "/vpcs/ips" ? "/networking/vpcs/ips" : path;
}

/** Starts a recording emulator on a free loopback port. */
export async function startCapturingEmulator(): Promise<CapturingEmulator> {
  const app = buildApp({ provisioningSeconds: 0 });
  const exchanges: Exchange[] = [];
  app.addHook("onSend", async (req, reply, payload) => {
    if (req.url.startsWith("/v4/")) {
      exchanges.push({
        operation: `${req.method} ${contractPath(req.routeOptions.url ?? req.url)}`,
        status: reply.statusCode,
        contentType: req.headers["content-type"],
        request: req.body,
        answer: typeof payload === "string" ? JSON.parse(payload) : payload,
      });
    }
    return payload;
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    token: "emulator-token",
    exchanges,
    control: async (method, path, body) => {
      const res = await fetch(`${url}/_emulator${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
