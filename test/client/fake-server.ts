/**
 * A tiny scripted HTTP server for client unit tests: each request is recorded and answered by the
 * next scripted reply (or the fallback), so a test states exactly what the "API" says.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the server saw of one request. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** One scripted answer. */
export interface Reply {
  status?: number;
  body?: unknown;
  /** Sent verbatim instead of JSON. */
  raw?: string;
  headers?: Record<string, string>;
  /** Destroy the socket after the request arrived, without answering. */
  drop?: boolean;
  /** Never answer (the socket stays open until the server closes). */
  hang?: boolean;
}

/** Computes an answer from the request. */
export type Responder = (req: RecordedRequest) => Reply;

/** A running fake server. */
export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** Queues replies used in order, before the fallback. */
  script(...replies: Reply[]): void;
  /** Answers every request the queue does not cover. */
  fallback: Responder;
  close(): Promise<void>;
}

/** Starts a fake server on 127.0.0.1, port 0. */
export async function startFakeServer(fallback: Responder = () => ({ body: {} })): Promise<FakeServer> {
  const queue: Reply[] = [];
  const state: FakeServer = {
    url: "",
    requests: [],
    script: (...replies) => queue.push(...replies),
    fallback,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      state.requests.push(recorded);
      const reply = queue.shift() ?? state.fallback(recorded);
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      if (reply.hang) return;
      const text = reply.raw ?? JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status ?? 200, {
        "content-type": reply.raw !== undefined ? "text/html" : "application/json",
        ...reply.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A loopback URL on which nothing listens, for connection-refused cases. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
