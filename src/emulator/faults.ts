import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiFailure, TooManyRequests } from "./failures.js";
import { checkRule, matches, type ActiveFault, type FaultRule, type RateLimit } from "./fault-rules.js";
import type { RequestLog } from "./request-log.js";

const TITLES: Record<number, string> = {
  502: "Bad Gateway",
  503: "Service Temporarily Unavailable",
  504: "Gateway Time-out",
};

/** Statuses a front proxy answers itself, with an HTML page rather than the API's JSON. */
const PROXY_STATUSES = [502, 503, 504];

const html = (status: number) => {
  const title = `${status} ${TITLES[status] ?? "Error"}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
};

/** mulberry32: tiny and good enough for fault draws; `seed` is taken modulo 2^32. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Injected faults and the shared rate limit: an onRequest hook decides and applies them, an onSend
 * hook applies the `after` rules once the route has answered.
 */
export class Faults {
  private rules: ActiveFault[] = [];
  /** The PRNG of each seeded rule; rules without a seed draw from Math.random. */
  private readonly randoms = new WeakMap<ActiveFault, () => number>();
  /** The `after` rule each request in flight was hit by, decided on arrival. */
  private readonly pending = new WeakMap<FastifyRequest, ActiveFault>();
  /** Requests a fault answered instead of the route, which may be any status, even a 2xx. */
  private readonly preempted = new WeakSet<FastifyRequest>();
  /** Requests whose successful answer an `after` fault replaced. */
  private readonly replaced = new WeakSet<FastifyRequest>();
  /** Requests whose answer an `after` fault dropped; already in the request log. */
  private readonly dropped = new WeakSet<FastifyRequest>();
  private nextId = 1;
  private limit: RateLimit | null = null;
  private windowStart = 0;
  private used = 0;
  /** Ends of the latency delays in progress, so closing the app never waits for one. */
  private readonly delays = new Set<() => void>();
  private closing = false;

  /** Adds a rule (see checkRule for what is refused); returns it with its id. */
  add(rule: FaultRule): ActiveFault {
    checkRule(rule);
    const active: ActiveFault = { ...rule, id: this.nextId++, hits: 0 };
    if (rule.startAfter) active.triggered = 0;
    else active.started = new Date().toISOString();
    if (rule.seed !== undefined) this.randoms.set(active, mulberry32(rule.seed));
    this.rules.push(active);
    return active;
  }

  /**
   * Whether the route ran and succeeded, so that its change (if any) took effect, whatever the
   * client got: a request answered `status` is not handled when the route refused it, nor when a
   * fault or the rate limit answered instead of the route.
   */
  handled(request: FastifyRequest, status: number): boolean {
    if (this.preempted.has(request)) return false;
    return this.replaced.has(request) || (status >= 200 && status < 300);
  }

  /** True when an `after` fault dropped the answer of `request`, which is logged already. */
  lost(request: FastifyRequest): boolean {
    return this.dropped.has(request);
  }

  /** Active rules, dormant ones included; rules whose `forSeconds` ran out are gone. */
  list(): ActiveFault[] {
    this.expire();
    return this.rules.map((r) => ({ ...r }));
  }

  /**
   * Counts a request the client got a 2xx for towards the dormant rules it triggers; a rule whose
   * count is met starts now, so the request after this one is the first it can strike.
   */
  answered(method: string, url: string, status: number): void {
    if (status < 200 || status >= 300) return;
    const path = url.split("?")[0]!;
    for (const rule of this.rules) {
      const trigger = rule.startAfter;
      if (!trigger || rule.started !== undefined || !matches(trigger, method, path)) continue;
      rule.triggered = (rule.triggered ?? 0) + 1;
      if (rule.triggered >= (trigger.count ?? 1)) rule.started = new Date().toISOString();
    }
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
      if (rule.after) {
        this.pending.set(request, rule);
        return undefined;
      }
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
        log.record(request.method, request.url, 0, false);
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      if (rule.status === undefined) return undefined;
      this.preempted.add(request);
      if (rule.maintenance) reply.header("X-Maintenance-Mode", "1");
      if (rule.status === 429) throw new TooManyRequests(this.limitHeaders(rule.retryAfter ?? 1, 0));
      if (rule.html ?? PROXY_STATUSES.includes(rule.status)) {
        reply.code(rule.status).type("text/html").send(html(rule.status));
        return reply;
      }
      throw new ApiFailure(rule.status, [{ reason: rule.status >= 500 ? "Please try again later" : "Injected fault" }]);
    };
  }

  /**
   * The onSend hook of `after` rules. It must be added after the hook that persists the state, so
   * that the change is on disk before its answer is delayed, replaced or lost. A refusal by the
   * route itself (4xx, 5xx) passes untouched: only a change that took effect can lose its answer.
   */
  afterHook(log: RequestLog) {
    return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      const rule = this.pending.get(request);
      if (!rule || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      if (rule.latencyMs) await this.delay(rule.latencyMs);
      // An emulator closed during the delay is gone for its client: the change stays, the answer is lost.
      if (rule.drop || (rule.latencyMs && this.closing)) {
        this.drop(request, log);
        return payload;
      }
      if (rule.status === undefined) return payload;
      this.replaced.add(request);
      return this.replace(reply, rule.status, rule);
    };
  }

  /**
   * Destroys the connection of a handled request. Fastify still writes the answer afterwards (an
   * onSend hook cannot stop it); Node discards writes to a destroyed socket without an error and
   * emits no `finish`, so onResponse does not run: the log entry is written here, and marked so
   * that the log would skip the request should a Node version emit `finish` after all.
   */
  private drop(request: FastifyRequest, log: RequestLog): void {
    log.record(request.method, request.url, 0, true);
    this.dropped.add(request);
    request.raw.socket?.destroy?.();
  }

  /** Turns a handled request's answer into `status`: the proxy page, or the API's JSON error. */
  private replace(reply: FastifyReply, status: number, rule: FaultRule): string {
    reply.code(status);
    if (rule.maintenance) reply.header("X-Maintenance-Mode", "1");
    if (rule.html ?? PROXY_STATUSES.includes(status)) {
      reply.type("text/html");
      return html(status);
    }
    reply.type("application/json");
    return JSON.stringify({ errors: [{ reason: "Please try again later" }] });
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

  /** Removes the rules whose `forSeconds` have passed since they started. */
  private expire(): void {
    const now = Date.now();
    this.rules = this.rules.filter(
      (r) => r.forSeconds === undefined || r.started === undefined || now < Date.parse(r.started) + r.forSeconds * 1000,
    );
  }

  private take(method: string, path: string): ActiveFault | undefined {
    this.expire();
    for (const rule of this.rules) {
      if (rule.started === undefined || !matches(rule, method, path)) continue;
      if (rule.rate !== undefined && (this.randoms.get(rule) ?? Math.random)() >= rule.rate) continue;
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
