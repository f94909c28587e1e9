/**
 * A listening emulator that keeps every API exchange it answers (request body and answer, named by
 * the contract's operation), for the conformance tests, which hold both to the real API's
 * artefacts after driving it. Started through `startTestEmulator(opts, exchanges)`.
 */
import type { AddressInfo } from "node:net";
import { buildApp, type EmulatorOptions, type RunningEmulator } from "../../src/emulator/index.js";

/** One answered API call, named by the contract's operation (`PUT /vpcs/{vpcId}`). */
export interface Exchange {
  operation: string;
  status: number;
  /** The request's Content-Type header, as the client sent it. */
  contentType: string | undefined;
  request: unknown;
  answer: unknown;
}

/** The emulator's route parameters, spelled as the contract's paths spell them. */
const PARAMS: [RegExp, string][] = [
  [/:family\/:release$/, "{engineId}"],
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

/** Starts the emulator on 127.0.0.1 port 0, appending every `/v4` exchange to `exchanges`. */
export async function startRecordingEmulator(opts: EmulatorOptions, exchanges: Exchange[]): Promise<RunningEmulator> {
  const app = buildApp(opts);
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
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
