import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiFailure, TooManyRequests } from "./errors.js";
import type { RequestLog } from "./request-log.js";

/** A fault injected into matching API requests. */
export interface FaultRule {
  /** Only this HTTP method (any when absent). */
  method?: string;
  /**
   * `/v4/vpcs/:vpcId` matches one segment per `:param`; `/v4/databases*` or a plain path is a
   * prefix at a segment boundary. Paths without `/v4` get it prepended.
   */
  path: string;
  /** Answer with this status instead of handling the request. */
  status?: number;
  /** Probability 0..1 that a matching request is hit (default 1). */
  rate?: number;
  /** Seconds for `Retry-After` of a 429 (default 1). */
  retryAfter?: number;
  /** Delay before answering (or before handling, when nothing else is set). */
  latencyMs?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Only the next N matching requests (unlimited when absent). */
  times?: number;
  /** HTML body instead of JSON; default true for 502, 503 and 504, as a front proxy answers. */
  html?: boolean;
  /** Adds `X-Maintenance-Mode` (with a 503). */
  maintenance?: boolean;
}

/** A rule with its id and remaining uses. */
export interface ActiveFault extends FaultRule {
  id: number;
  hits: number;
}

/** The shared rate limit: `limit` API requests per fixed window of `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

const TITLES: Record<number, string> = {
  502: "Bad Gateway",
  503: "Service Temporarily Unavailable",
  504: "Gateway Time-out",
};

const html = (status: number) => {
  const title = `${status} ${TITLES[status] ?? "Error"}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
};

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  let pattern = rule.path.startsWith("/v4") ? rule.path : `/v4${rule.path.startsWith("/") ? "" : "/"}${rule.path}`;
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1));
  pattern = pattern.replace(/\/+$/, "");
  if (pattern.includes("/:")) {
    const want = pattern.split("/");
    const got = path.split("/");
    return want.length === got.length && want.every((w, i) => w.startsWith(":") || w === got[i]);
  }
  return path === pattern || path.startsWith(`${pattern}/`);
}

/** Injected faults and the shared rate limit, applied by one onRequest hook. */
export class Faults {
  private rules: ActiveFault[] = [];
  private nextId = 1;
  private limit: RateLimit | null = null;
  private windowStart = 0;
  private used = 0;
  /** Ends of the latency delays in progress, so closing the app never waits for one. */
  private readonly delays = new Set<() => void>();
  private closing = false;

  /** Adds a rule; returns it with its id. */
  add(rule: FaultRule): ActiveFault {
    const active = { ...rule, id: this.nextId++, hits: 0 };
    this.rules.push(active);
    return active;
  }

  /** Active rules. */
  list(): ActiveFault[] {
    return [...this.rules];
  }

  /** Removes all rules (the rate limit stays; see setRateLimit). */
  clear(): void {
    this.rules = [];
  }

  /**
   * Ends every latency delay in progress at once. The app calls it when closing, so an injected
   * latency never keeps a closed emulator's process alive.
   */
  close(): void {
    this.closing = true;
    for (const end of [...this.delays]) end();
  }

  /** Sets (or with null removes) the shared rate limit; a new window starts now. */
  setRateLimit(limit: RateLimit | null): void {
    this.limit = limit;
    this.windowStart = Date.now();
    this.used = 0;
  }

  /** The onRequest hook; `log` records dropped requests, which never reach onResponse. */
  hook(log: RequestLog) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      const path = request.url.split("?")[0];
      if (path.startsWith("/_emulator")) return undefined;
      this.applyRateLimit(reply);
      const rule = this.take(request.method, path);
      if (!rule) return undefined;
      if (rule.latencyMs) {
        await this.delay(rule.latencyMs);
        // The emulator closed meanwhile: nothing more may happen to its state.
        if (this.closing) {
          reply.hijack();
          request.raw.socket.destroy?.();
          return reply;
        }
      }
      if (rule.drop) {
        log.record(request.method, request.url, 0);
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      if (rule.status === undefined) return undefined;
      if (rule.maintenance) reply.header("X-Maintenance-Mode", "1");
      if (rule.status === 429) throw new TooManyRequests(this.limitHeaders(rule.retryAfter ?? 1, 0));
      if (rule.html ?? [502, 503, 504].includes(rule.status)) {
        reply.code(rule.status).type("text/html").send(html(rule.status));
        return reply;
      }
      throw new ApiFailure(rule.status, [{ reason: rule.status >= 500 ? "Please try again later" : "Injected fault" }]);
    };
  }

  /**
   * Waits `ms`, or less when the app closes first. A client that gives up meanwhile does not cut
   * the wait: the request is still handled afterwards, as a slow server would.
   */
  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.delays.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.delays.add(end);
    });
  }

  private take(method: string, path: string): ActiveFault | undefined {
    for (const rule of this.rules) {
      if (!matches(rule, method, path)) continue;
      if (rule.rate !== undefined && Math.random() >= rule.rate) continue;
      rule.hits += 1;
      if (rule.times !== undefined && rule.hits >= rule.times) this.rules = this.rules.filter((r) => r !== rule);
      return rule;
    }
    return undefined;
  }

  private applyRateLimit(reply: FastifyReply): void {
    if (!this.limit) return;
    const now = Date.now();
    const windowMs = this.limit.windowSeconds * 1000;
    if (now - this.windowStart >= windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    const resetSeconds = Math.max(1, Math.ceil((this.windowStart + windowMs - now) / 1000));
    if (this.used >= this.limit.limit) throw new TooManyRequests(this.limitHeaders(resetSeconds, 0));
    this.used += 1;
    for (const [k, v] of Object.entries(this.limitHeaders(resetSeconds, this.limit.limit - this.used)))
      if (k !== "Retry-After") reply.header(k, v);
  }

  private limitHeaders(retryAfter: number, remaining: number): Record<string, string> {
    const limit = this.limit?.limit ?? 0;
    return {
      "Retry-After": String(retryAfter),
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(remaining),
      "X-RateLimit-Reset": String(Math.ceil(Date.now() / 1000) + retryAfter),
    };
  }
}
