import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { authenticate } from "./auth.js";
import { Clock } from "./clock.js";
import { ApiFailure, UnsupportedMediaType } from "./failures.js";
import { CONTROL_OFF, controlApiServed } from "./exposure.js";
import { Faults } from "./faults.js";
import { VARY } from "./x-filter.js";
import { lockStateFile } from "./persistence.js";
import { RequestLog } from "./request-log.js";
import { controlRoutes } from "./control/routes.js";
import { databaseRoutes } from "./databases/routes.js";
import { engineConfigRoutes } from "./databases/engine-config-routes.js";
import { regionRoutes } from "./regions/routes.js";
import { vpcRoutes } from "./vpcs/routes.js";
import { vpcTodayRoutes } from "./vpcs/today-routes.js";
import { vpcAccountControl } from "./vpcs/account-control.js";
import { nodeBalancerControl } from "./vpcs/nodebalancer-control.js";
import { vpcAvailabilityRoutes } from "./vpc-availability.js";
import { checkNoBody, readsBody } from "./route-helpers.js";
import { Account } from "./account.js";
import { DEFAULT_TIMINGS, type Timings } from "./store.js";
import { validationErrors } from "./validation.js";
import { exactJsonType } from "./json-type.js";
import { lazyValidators } from "./lazy-validators.js";
import type { Platform } from "../api/index.js";

/** Options of the emulator. */
export interface EmulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Listen address; default 127.0.0.1. */
  host?: string;
  /**
   * Serve the control API (no authentication) when `host` is not a loopback address too; off by
   * default, so `--host 0.0.0.0` exposes the API but not `/_emulator`.
   */
  remoteControl?: boolean;
  /** Emulated seconds a new database stays `provisioning` (default 3; the real API takes 15..30 minutes). */
  provisioningSeconds?: number;
  /** Other timings of the status machine, in emulated seconds. */
  timings?: Partial<Timings>;
  /**
   * JSON file the state is loaded from at start and written to after every change (mode 0600: it
   * holds tokens). One emulator per file: `<file>.lock` holds the owner's pid until it closes, and a
   * second emulator on the same file is refused.
   */
  persistFile?: string;
  /**
   * The API the emulator starts as: `rdbms-default` (default), today's (todays-platform.md): new
   * databases on today's platform, the region list as recorded in 2026; or `rdbms-legacy`, the
   * contract's: its platform and its five regions. Databases already stored keep their platform.
   * The control API's `PUT /_emulator/platform` changes the platform of new databases while running
   * (not the regions); `/_emulator/reset` comes back to this one.
   */
  platform?: Platform;
  /**
   * Whether the account has IPv6 access to VPCs (default true). Without it a VPC create asking
   * for IPv6 answers 200 without it, as the API does (TF #2248); `PUT /_emulator/vpc-account`
   * changes it while running.
   */
  vpcIpv6?: boolean;
  /** Fastify request logging to stdout (default off). */
  logger?: boolean;
}

/** The emulator's parts, reachable from the app for in-process tests. */
export interface EmulatorParts {
  store: Account;
  faults: Faults;
  log: RequestLog;
}

declare module "fastify" {
  interface FastifyInstance {
    emulator: EmulatorParts;
  }
}

/** Builds the fastify app (routes, hooks, error handling) without listening. */
export function buildApp(opts: EmulatorOptions = {}): FastifyInstance {
  const timings: Timings = { ...DEFAULT_TIMINGS, ...opts.timings };
  if (opts.provisioningSeconds !== undefined) timings.provisioningSeconds = opts.provisioningSeconds;
  const store = new Account(new Clock(), timings, opts.persistFile, opts.platform, opts.vpcIpv6);
  const unlock = opts.persistFile !== undefined ? lockStateFile(opts.persistFile) : () => {};
  try {
    store.load();
  } catch (err) {
    unlock();
    throw err;
  }
  const faults = new Faults();
  const log = new RequestLog();

  const app = Fastify({
    logger: opts.logger ?? false,
    // Bodies are validated as sent: no type coercion, every error reported at once, with the
    // schema each broke (`verbose`), from which validation.ts words the reason.
    ajv: {
      customOptions: {
        coerceTypes: false,
        allErrors: true,
        removeAdditional: false,
        useDefaults: false,
        verbose: true,
      },
    },
    schemaController: { compilersFactory: { buildValidator: lazyValidators() } },
  });
  app.decorate("emulator", { store, faults, log });
  app.decorateRequest("actor", null);

  // Action routes (restore, patch, ...) are often sent with a JSON content type and no body, and
  // the official JavaScript client posts them as an empty form: the API takes both. A route that
  // reads a body reads JSON only; any other content type there is a 415 in the API's error shape.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    if (body === "") return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiFailure(400, [{ reason: "Request body is not valid JSON" }]), undefined);
    }
  });
  app.addContentTypeParser("*", { parseAs: "string" }, (req, _body, done) => {
    if (readsBody(req.routeOptions)) done(new UnsupportedMediaType(), undefined);
    else done(null, undefined);
  });

  app.addHook("preValidation", async (req) => checkNoBody(req.routeOptions, req.body));
  app.addHook("onRequest", faults.hook(log));
  app.addHook("preClose", async () => faults.close());
  app.addHook("onClose", async () => unlock());
  app.addHook("onRequest", authenticate(store));
  // Answers of the API depend on the token and on the list filter (api-behaviour.md, "Filtering").
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/v4/")) reply.header("vary", VARY);
    return payload;
  });
  // Persist before the response leaves, so a change the client saw acknowledged is on disk.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && reply.statusCode < 400) store.save();
    return payload;
  });
  // After the persistence hook: an answer an `after` fault loses was for a change already on disk.
  app.addHook("onSend", faults.afterHook(log));
  // Last: whatever wrote the answer, its JSON type is the API's own, without a charset.
  app.addHook("onSend", exactJsonType);
  app.addHook("onResponse", async (request, reply) => {
    const isControl = request.url.startsWith("/_emulator");
    if (isControl || faults.lost(request)) return;
    const handled = faults.handled(request, reply.statusCode);
    log.record(request.method, request.url, reply.statusCode, handled);
    if (handled) faults.answered(request.method, request.url, reply.statusCode);
  });

  app.setErrorHandler((error: FastifyError | ApiFailure, request, reply) => {
    if (error instanceof ApiFailure)
      return reply.code(error.status).headers(error.headers).send({ errors: error.errors });
    if (error.validation) return reply.code(400).send({ errors: validationErrors(error.validation) });
    if (error.statusCode && error.statusCode < 500)
      return reply.code(error.statusCode).send({ errors: [{ reason: error.message }] });
    request.log.error(error);
    return reply.code(500).send({ errors: [{ reason: "Internal emulator error" }] });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ errors: [{ reason: "Not found" }] }));

  regionRoutes(app, store);
  vpcAvailabilityRoutes(app, store);
  vpcTodayRoutes(app, store);
  vpcRoutes(app, store);
  databaseRoutes(app, store);
  engineConfigRoutes(app);
  if (controlApiServed(opts.host ?? "127.0.0.1", opts.remoteControl)) {
    controlRoutes(app, store, faults, log);
    vpcAccountControl(app, store);
    nodeBalancerControl(app, store);
  } else app.all("/_emulator/*", async (_req, reply) => reply.code(403).send({ errors: [{ reason: CONTROL_OFF }] }));
  return app;
}
