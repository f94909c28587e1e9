/**
 * Bringing an existing database to the program's arguments: waits for `active` (ending at once on
 * statuses it does not leave by itself), the in-place update, and the trigger actions (credentials
 * rotation, patching), recording how far it got.
 */
import {
  ApiError,
  type Database,
  type DatabaseEngineApi,
  type EngineType,
  type UpdateDatabaseRequest,
} from "../../client/index.js";
import { client } from "../../shared/runtime/context.js";
import { DATABASE_FIELDS } from "./fields.js";
import { resetRecord } from "./restore.js";
import { fetchSecrets, pickSecrets, stateOf, type Secrets } from "./state.js";
import { isSuspended, resumeDatabase, suspendDatabase, wantsSuspended } from "./suspension.js";
import { majorOf, platformOf, TODAYS } from "./platform.js";
import { withApiDefaults } from "./inputs.js";
import { fromApi, updateRequest } from "../../shared/fields/table.js";
import type { Bag } from "../../shared/fields/validate.js";
import type { DatabaseBag } from "./bag.js";
import { PROVISIONING, QUICK, readPatiently, waitFor, type PollProfile } from "../../shared/runtime/wait.js";

/** The update body's key of the allow list (the field table's). */
const ALLOW_LIST = DATABASE_FIELDS.allowList.api.key;
/** The update body's key of the cluster size, which today's platform changes in place. */
const CLUSTER_SIZE = DATABASE_FIELDS.clusterSize.api;

/** Why a wait for `active` stops at once, and the way out (a failed database never becomes active). */
const FAILED_HINT =
  'its status is "failed", from which it does not recover by itself. Restore it from a backup (the `restore` ' +
  "argument, docs/resources.md), replace it with `pulumi up --replace <urn>`, or remove it with " +
  "`pulumi destroy --target <urn>` and run `pulumi up` again";

/**
 * Statuses a database does not leave for `active` by itself, with the way out. A wait for
 * `active` stops at once on these; transitional statuses (provisioning, updating, backing_up,
 * restoring, resuming) are waited out. The API only updates an `active` database.
 */
const STUCK_HINTS: Record<string, string> = {
  failed: FAILED_HINT,
  degraded:
    'its status is "degraded" (a node is unhealthy), which the API does not update and which does not ' +
    "turn active by itself. Restore it from a backup (the `restore` argument) or replace it with " +
    "`pulumi up --replace <urn>`, " +
    'or run `pulumi up` again once it reads "active"',
  suspended:
    'its status is "suspended", which the API does not update and which does not turn active by itself. ' +
    'Resume the database, then run `pulumi up` again once it reads "active"',
  suspending:
    'its status is "suspending": it is on its way to "suspended", not "active", and the API does not update it. ' +
    'Resume the database once it is suspended, then run `pulumi up` again once it reads "active"',
};

/** The reason to stop waiting for `active` at once, or undefined to keep waiting. */
export function stuckReason(status: string): string | undefined {
  return STUCK_HINTS[status];
}

/**
 * Waits until the database is `active` (and `shows` what an update asked for), ending at once on
 * a status it does not leave by itself. `known` is the database as last read before the wait (e.g. the create's answer), so that a wait
 * through an outage from its first look still names a status at its limit.
 */
export function waitActive(
  engine: EngineType,
  api: DatabaseEngineApi,
  id: number,
  limitMs: number,
  profile: PollProfile,
  seen?: (db: Database) => void,
  known?: Database,
  shows: (db: Database) => boolean = () => true,
): Promise<Database> {
  return waitFor({
    ...(known ? { known } : {}),
    what: `${engine} database ${id} to become active`,
    poll: async () => {
      const db = await api.get(id);
      seen?.(db);
      return db;
    },
    done: (db) => db.status === "active" && shows(db),
    failed: (db) => stuckReason(db.status),
    describe: (db) => `status ${db.status}`,
    timeoutMs: limitMs,
    profile,
  });
}

/**
 * Brings an existing database to the mutable inputs: label, allow list, type (resize), maintenance
 * window (a resize and an allow-list change as two updates, which the API requires); then, on update only (`olds` given), a changed `credentialsRotation` resets the root
 * password and a changed `patchNow` applies patches. Waits for `active` before and after
 * operations that need or cause another status. Returns the fresh state.
 */
export async function converge(
  engine: EngineType,
  start: Database,
  olds: Bag | undefined,
  news: Bag,
  limitMs: number,
  seen: (db: Database) => void,
  applied: Bag = {},
): Promise<Bag> {
  const api = client().database(engine);
  const id = start.id;
  let db = start;
  const suspend = wantsSuspended(news);
  // The last secrets read stand while the API refuses them (a suspended database).
  const held = pickSecrets(olds ?? {});
  // Only today's platform suspends and resumes; a contract database's suspension is waited on as before.
  if (isSuspended(db.status) && platformOf(db) === TODAYS) {
    if (suspend) return stayingSuspended(engine, api, db, olds, news, applied, held, seen);
    // A resume first: the API changes nothing of a suspended database.
    db = await resumeDatabase(engine, api, db, limitMs, seen, stuckReason);
  }
  if (db.status !== "active")
    db = await waitActive(engine, api, id, limitMs, db.status === "provisioning" ? PROVISIONING : QUICK, seen, db);

  // Each round sends what still differs from the database as read, so an `up` that stopped between
  // two steps resumes with the second. One round more than the steps runs only when a lost
  // answer's update turned out to be someone else's.
  for (let round = 0; round < 4; round++) {
    const body = nextStep(updateBody(engine, db, news));
    if (Object.keys(body).length === 0) break;
    db = await sendUpdate(api, id, body);
    seen(db);
    // A resize, an upgrade or an allow-list change keeps the database busy for a while; a resize's
    // answer may show the new size only after the database is active again.
    if (body.type !== undefined || body[ALLOW_LIST] !== undefined || db.status !== "active" || !reached(db, body))
      db = await waitActive(engine, api, id, limitMs, QUICK, seen, undefined, (d) => reached(d, body));
  }

  // A first value only starts tracking: a rotation is a change from one value to another.
  if (
    olds &&
    typeof olds.credentialsRotation === "string" &&
    typeof news.credentialsRotation === "string" &&
    news.credentialsRotation !== olds.credentialsRotation
  ) {
    const before = await readPatiently(
      `the root password of ${engine} database ${id} before rotating it`,
      () => api.getCredentials(id),
      limitMs,
    );
    // Read before the reset: every backup listed now predates it, and restoring one fails the cluster.
    const record = await resetRecord(api, id);
    await api.resetCredentials(id);
    applied.credentialsRotation = news.credentialsRotation;
    applied.lastCredentialsReset = record;
    await waitFor({
      what: `the new root password of ${engine} database ${id} (credentialsRotation)`,
      poll: async () => {
        const current = await api.get(id);
        seen(current);
        if (current.status !== "active") return { status: current.status, credentials: undefined };
        try {
          return { status: current.status, credentials: await api.getCredentials(id) };
        } catch (err) {
          // The status can move between the two reads (the credentials are refused once the
          // database has failed): the wait should then end on that status, not on the refusal.
          if (!(err instanceof ApiError) || err.status !== 400) throw err;
          const now = await api.get(id);
          seen(now);
          if (now.status === "active") throw err;
          return { status: now.status, credentials: undefined };
        }
      },
      done: (r) => r.credentials !== undefined && r.credentials.password !== before.password,
      failed: (r) => stuckReason(r.status),
      describe: (r) => (r.credentials ? "the old password" : `status ${r.status}`),
      timeoutMs: limitMs,
      profile: QUICK,
    });
  }

  if (
    olds &&
    typeof olds.patchNow === "string" &&
    typeof news.patchNow === "string" &&
    news.patchNow !== olds.patchNow
  ) {
    await api.patch(id);
    applied.patchNow = news.patchNow;
    db = await waitActive(engine, api, id, limitMs, QUICK, seen);
  }

  // Reads after accepted writes: an outage now must not throw away a database being made. The
  // secrets of a database to suspend are read before the suspend: a suspended one's are refused.
  const readSecrets = () =>
    readPatiently(`the credentials and certificate of ${engine} database ${id}`, () => fetchSecrets(api, id), limitMs);
  const early = suspend ? await readSecrets() : undefined;
  // A suspend last, once every other change is made.
  if (suspend) await suspendDatabase(engine, api, id, limitMs, seen, stuckReason);
  db = await readPatiently(`the state of ${engine} database ${id}`, () => api.get(id), limitMs);
  seen(db);
  const secrets = early ?? (await readSecrets());
  return stateOf(engine, db, withApiDefaults(engine, platformOf(db), { ...news, ...applied }), {
    ...held,
    ...secrets,
  });
}

/**
 * A database that is suspended and stays so: nothing is sent, as the API changes nothing of it
 * (a change to make says how); its credentials and certificate stay those of the state.
 */
async function stayingSuspended(
  engine: EngineType,
  api: DatabaseEngineApi,
  db: Database,
  olds: Bag | undefined,
  news: Bag,
  applied: Bag,
  held: Secrets,
  seen: (db: Database) => void,
): Promise<Bag> {
  const body = updateBody(engine, db, news);
  const triggers = ["credentialsRotation", "patchNow"].filter(
    (k) => olds && typeof olds[k] === "string" && typeof news[k] === "string" && news[k] !== olds[k],
  );
  const pending = [...Object.keys(body), ...triggers];
  if (pending.length > 0)
    throw new Error(
      `${engine} database ${db.id} is ${db.status}, and the API changes nothing of a suspended database ` +
        `(${pending.join(", ")} would change). Set suspended to false to resume it and make the changes in ` +
        "the same `up`, then suspend it again in a later one.",
    );
  const now = await api.get(db.id);
  seen(now);
  return stateOf(engine, now, withApiDefaults(engine, platformOf(now), { ...news, ...applied }), held);
}

/**
 * The update that brings `db` to the in-place inputs (read from the field table); empty when it
 * already matches. An input the program leaves out is brought to the value the API gives it on
 * the database's platform, as diff compares it.
 */
function updateBody(engine: EngineType, db: Database, news: Bag): UpdateDatabaseRequest {
  const wanted = withApiDefaults(engine, platformOf(db), news);
  return {
    ...updateRequest(DATABASE_FIELDS, fromApi(DATABASE_FIELDS, db, engine), wanted),
    ...inPlaceToday(db, wanted),
    ...leavesNetwork(db, wanted),
  } as UpdateDatabaseRequest;
}

/**
 * A database in a VPC subnet whose program no longer names one leaves it: its network sent as null
 * (the field table's codec writes it). A change of subnet, VPC or public access is the table's
 * update; nothing is sent for a database outside any VPC.
 */
function leavesNetwork(db: Database, wanted: Bag): Bag {
  const row = DATABASE_FIELDS.privateNetwork;
  if (wanted.privateNetwork !== undefined && wanted.privateNetwork !== null) return {};
  return row.api.read(db) === undefined ? {} : row.api.write!(null);
}

/**
 * What today's platform changes in place that the contract's replaces: the cluster size, and a
 * newer major version of the engine (sent as `version: "<major>"`, as the API's own console
 * does). Empty on the contract's platform, where diff plans a replacement instead.
 */
function inPlaceToday(db: Database, wanted: DatabaseBag): UpdateDatabaseRequest {
  if (platformOf(db) !== TODAYS) return {};
  const out: UpdateDatabaseRequest = {};
  const size = wanted.clusterSize;
  if (typeof size === "number" && size !== db[CLUSTER_SIZE]) out[CLUSTER_SIZE] = size as Database[typeof CLUSTER_SIZE];
  const major = majorOf(wanted.engineId);
  const current = majorOf(`${db.engine}/${db.version}`);
  if (major !== undefined && current !== undefined && major > current) out.version = String(major);
  return out;
}

/** Whether `db` shows what `body` asked for: a resize's cluster size and type, an upgrade's major version. */
function reached(db: Database, body: UpdateDatabaseRequest): boolean {
  const size = body[DATABASE_FIELDS.clusterSize.api];
  if (size !== undefined && db[CLUSTER_SIZE] !== size) return false;
  if (body.type !== undefined && db.type !== body.type) return false;
  if (body.version !== undefined && majorOf(`${db.engine}/${db.version}`) !== Number(body.version)) return false;
  return true;
}

/**
 * The next update to send: the API refuses a new `type` and an allow list in the same request,
 * so a body with both sends everything but the resize first, and the resize in the next round,
 * once the database is `active` again; today's platform refuses a major upgrade beside a resize,
 * so the upgrade waits for the round after it. The allow list goes first: it is quick, and it is access
 * control the program asked for even if the resize is then refused (a type with less disk).
 */
function nextStep(body: UpdateDatabaseRequest): UpdateDatabaseRequest {
  const resize = body.type !== undefined || body[CLUSTER_SIZE] !== undefined;
  // Today's platform upgrades alone: a major version goes in the round after a resize.
  if (resize && body.version !== undefined) {
    const { version: _later, ...first } = body;
    return nextStep(first);
  }
  if (body.type === undefined || body[ALLOW_LIST] === undefined) return body;
  const { type: _later, ...first } = body;
  return first;
}

/**
 * Sends an update. When an attempt's answer was lost and the resend is refused because the first
 * one already moved the database to `updating`, that update is the one in progress: its state is
 * returned for the caller to wait on, instead of failing the step.
 */
async function sendUpdate(api: DatabaseEngineApi, id: number, body: UpdateDatabaseRequest): Promise<Database> {
  try {
    return await api.update(id, body);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400 || err.attempts < 2) throw err;
    const now = await api.get(id);
    if (now.status === "updating") return now;
    throw err;
  }
}
