/**
 * The provider both database resources share (create, adoption, read, update, delete),
 * parameterised by engine. The input rules, the state shape, the converging of an existing
 * database and restores live in inputs.ts, state.ts, converge.ts and restore.ts; the classes and
 * their arguments are generated from fields.ts into ../mysql-database/ and ../postgresql-database/.
 */
import * as pulumi from "@pulumi/pulumi";
import type { CreateDatabaseRequest, Database, DatabaseSummary, EngineType } from "../../client/index.js";
import { engineProblem, regionProblem, typeProblem } from "../../shared/account/catalogue.js";
import {
  adopts,
  assertValid,
  changedFields,
  computeDiff,
  isNewValue,
  noteReplacement,
  timeoutsOnlyUpdate,
} from "../../shared/fields/diff.js";
import { client, configure, warn } from "../../shared/runtime/context.js";
import { converge } from "./converge.js";
import { privateNetworkProblems, privateNetworkShape } from "./network.js";
import { DATABASE_FIELDS } from "./fields.js";
import { fromApi, inputNames, toApi, type FieldTable } from "../../shared/fields/table.js";
import {
  checkDatabase,
  DATABASE_DIFF,
  forgive,
  heldFields,
  heldProblems,
  judgingPlatform,
  replacedFields,
  replicationRules,
  sendsCreate,
  withApiDefaults,
} from "./inputs.js";
import {
  LEGACY,
  platformOf,
  platformRefusals,
  platformSettingProblem,
  TODAYS,
  untakenInputs,
  type DatabasePlatform,
} from "./platform.js";
import { projected, same } from "../../shared/fields/diff.js";
import { diffRestore, performRestore, wantsRestore } from "./restore.js";
import { suspensionProblem } from "./suspension.js";
import { keptHosts } from "./preview-hosts.js";
import { awaitForkSource, forkBody, forkOf, forkProblem } from "./fork.js";
import { engineConfigPlatformProblem, restartsOf } from "./engine-config.js";
import { fetchSecrets, immutableMismatches, inputsOf, pickSecrets, stateOf, type Secrets } from "./state.js";
import { isNotFound, readAdopted, ResourceInitError, unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { claimedCreate, lookIn, takenProblem } from "../../shared/account/label-claim.js";
import { databaseAsHolder, databaseHolder } from "../../shared/account/lists.js";
import { takeUrn } from "../../shared/engine/resource-urn.js";
import { noteLabelCheck, urnFor } from "../../shared/account/this-run.js";
import { hasUnknown, resourceId, UNKNOWN, type Bag } from "../../shared/fields/validate.js";
import { PROVISIONING, QUICK, timeoutMs, waitFor } from "../../shared/runtime/wait.js";

/**
 * Default limits: provisioning is documented at 15..30 minutes and observed up to 45. `resize`
 * is the update limit when today's platform resizes or upgrades a database in place, which its
 * console warns may take up to 2 hours for a cluster (todays-platform.md §2.2): 3 hours.
 */
export const DATABASE_TIMEOUTS_MS = {
  create: 45 * 60_000,
  update: 45 * 60_000,
  resize: 180 * 60_000,
  delete: 30 * 60_000,
};

/** The inputs whose change today's platform carries out as a resize or an upgrade. */
const RESIZING = ["type", "clusterSize", "engineId"];

/** The statuses the API deletes a database in: today's platform deletes a suspended one too. */
const deletable = (db: Database): string[] => [
  "active",
  "failed",
  "degraded",
  ...(platformOf(db) === TODAYS ? ["suspended"] : []),
];
/** The inputs a create sends when set (the API takes no maintenance window then). */
function createNames(engine: EngineType): string[] {
  return inputNames(DATABASE_FIELDS, engine).filter((k) => k !== "updates");
}

/** The create request: the inputs the program sets that the API takes at create. */
function createRequest(engine: EngineType, inputs: Bag): CreateDatabaseRequest {
  const fork = forkOf(inputs);
  return {
    ...toApi(DATABASE_FIELDS, inputs, createNames(engine)),
    ...(fork ? forkBody(fork) : {}),
  } as unknown as CreateDatabaseRequest;
}

/**
 * What today's platform refuses of the create these inputs send (each input judged by the
 * request entries it sends, by the API model's rules for the platform).
 */
function createRefusals(engine: EngineType, inputs: Bag): { property: string; reason: string }[] {
  return createNames(engine).flatMap((k) => {
    if (hasUnknown(inputs[k])) return [];
    return platformRefusals(TODAYS, toApi(DATABASE_FIELDS, inputs, [k]), () => k, true);
  });
}

/**
 * Takes over the database `adoptId` names. `deferred`: the rule failures of values it may already
 * hold (label, window), refused only when they differ from the database's and so would be sent.
 */
async function adopt(
  engine: EngineType,
  inputs: Bag,
  deferred: pulumi.dynamic.CheckFailure[],
): Promise<pulumi.dynamic.CreateResult> {
  const instanceId = inputs.adoptId as number;
  const db = await readAdopted(`${engine} database ${instanceId}`, () => client().database(engine).get(instanceId));
  // What the program leaves out is what the API would have made: the database must hold that too.
  const mismatches = immutableMismatches(engine, db, withApiDefaults(engine, platformOf(db), inputs));
  if (mismatches.length > 0) {
    throw new Error(
      `Cannot adopt ${engine} database ${instanceId}: ${mismatches.join("; ")}. ` +
        "These fields cannot be changed, so make the arguments match the database or drop adoptId.",
    );
  }
  // The database's platform is known now: its own rules judge the values adoption may send (a
  // label today's platform takes beyond the contract's 32 characters, one it refuses as too short).
  const platform = platformOf(db);
  const { rules } = checkDatabase(engine, inputs, true, platform);
  if (platform === TODAYS) for (const f of createRefusals(engine, inputs)) rules.fail(f.property, f.reason);
  const judged = [...deferred, ...forgive(rules, heldFields({}, inputs))];
  const unique = judged.filter(
    (f, i) => judged.findIndex((g) => g.property === f.property && g.reason === f.reason) === i,
  );
  assertValid(`${engine} database`, heldProblems(unique, fromApi(DATABASE_FIELDS, db, engine), inputs));
  return takeOver(engine, db, inputs);
}

/**
 * Makes an existing database this resource's result (just created, adopted, or left by an
 * interrupted create): waits out provisioning and brings it to the arguments. A failure on the way
 * still records the database with its id, so the next `pulumi up` resumes instead of creating another.
 */
async function takeOver(engine: EngineType, db: Database, inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
  const id = String(db.id);
  let last = db;
  try {
    const limit = timeoutMs(inputs.timeouts, "create", DATABASE_TIMEOUTS_MS.create);
    return { id, outs: await converge(engine, db, undefined, inputs, limit, (d) => (last = d)) };
  } catch (err) {
    throw new ResourceInitError(id, stateOf(engine, last, inputs), inputs, err);
  }
}

/**
 * Creates the database, or takes over the one this resource's interrupted earlier attempt provably
 * made (label-claim.ts). The look reads every engine's databases: labels are unique across both.
 */
async function createOrClaim(
  engine: EngineType,
  carried: string | undefined,
  inputs: Bag,
): Promise<pulumi.dynamic.CreateResult> {
  const api = client().database(engine);
  const label = inputs.label as string;
  const scope = `database:${label}`;
  const byLabel = async (): Promise<Database | undefined> =>
    (await api.list({ filter: { label } })).find((d) => d.label === label);
  return claimedCreate(
    { scope, label, urn: urnFor(scope, carried) },
    {
      // The whole list (500 to a page): no filterable database field tells the highest id.
      look: async () => lookIn<Database | DatabaseSummary>(await client().databases.list(), label),
      holder: (d) => databaseAsHolder(engine, d),
      send: async () => {
        // A fork waits for its source's first backup before anything is made.
        const fork = forkOf(inputs);
        if (fork)
          await awaitForkSource(engine, api, fork, timeoutMs(inputs.timeouts, "create", DATABASE_TIMEOUTS_MS.create));
        return api.create(createRequest(engine, inputs), { recover: byLabel });
      },
      // The cross-engine list gives a summary; the engine's own record is what the wait starts from.
      finish: async (d, earlier) => takeOver(engine, earlier ? await api.get(d.id) : (d as Database), inputs),
    },
  );
}

/**
 * The inputs a program changes that an update of the existing database would send or act on
 * (in-place fields it sets, triggers), judged from the inputs check returned last time: the
 * engine gives check those, not the state. A partial field (engineConfig) compares only what the
 * program sets; a network the program stops naming is a change (the database leaves its VPC).
 */
function inPlaceChanges(platform: DatabasePlatform | undefined, olds: Bag, news: Bag): string[] {
  return Object.entries(DATABASE_FIELDS as FieldTable<never>)
    .filter(([k, f]) => {
      if (k === "suspended") return false;
      if (news[k] === undefined || news[k] === null)
        return k === "privateNetwork" && olds[k] !== undefined && olds[k] !== null;
      const change = platform === TODAYS && f.todays?.change ? f.todays.change : f.change;
      if (change === "trigger") return typeof olds[k] === "string" && news[k] !== olds[k];
      const norm = f.normalise ?? ((v: unknown) => v);
      const held = f.partial ? projected(olds[k], news[k]) : olds[k];
      return change === "update" && olds[k] !== undefined && !same(norm(held), norm(news[k]));
    })
    .map(([k]) => k);
}

/** Each input the program sets, with the request entries it writes. */
function setBodies(engine: EngineType, inputs: Bag): Record<string, Bag> {
  const set = inputNames(DATABASE_FIELDS, engine).filter((k) => inputs[k] !== undefined && inputs[k] !== null);
  return Object.fromEntries(set.map((k) => [k, toApi(DATABASE_FIELDS, inputs, [k])]));
}

/** The provider of one engine. */
export function databaseProvider(engine: EngineType): pulumi.dynamic.ResourceProvider {
  return {
    configure,

    async check(olds: Bag, news: Bag) {
      // The platform the database is on, or that a create would make it on, has the rules.
      const platform = await judgingPlatform(engine, olds, news);
      const { rules, inputs } = checkDatabase(engine, news, Object.keys(olds).length === 0, platform);
      // What the database holds and the program keeps is not sent, so not judged again.
      forgive(rules, heldFields(olds, inputs));
      const urn = takeUrn(inputs);
      const creates = sendsCreate(olds, inputs);
      // Today's platform refuses what it does not take whether or not `up` sends it: the program
      // would say what the database cannot be.
      if (platform === TODAYS) for (const f of createRefusals(engine, inputs)) rules.fail(f.property, f.reason);
      const settingsIssue = engineConfigPlatformProblem(platform, inputs);
      if (settingsIssue) rules.fail("engineConfig", settingsIssue);
      else if (creates) replicationRules(engine, rules, inputs);
      const changing = Object.keys(olds).length === 0 ? [] : inPlaceChanges(platform, olds, inputs);
      const suspension = suspensionProblem(platform, olds, inputs, changing);
      if (suspension) rules.fail("suspended", suspension);
      const fork = creates ? forkOf(inputs) : undefined;
      if (creates && inputs.fork !== undefined && platform === LEGACY)
        rules.fail(
          "fork",
          "fork is refused on the rdbms-legacy platform (the contract's), which restores from backups (the restore argument): only databases on rdbms-default are forked",
        );
      else if (fork && !rules.failures.some((f) => f.property.startsWith("fork"))) {
        const problem = await forkProblem(client().database(engine), engine, fork);
        if (problem) rules.fail(problem.property, problem.reason);
      }
      // An input of a field the platform takes in no request (today's privateNetwork on the contract's).
      if (platform !== undefined)
        for (const f of untakenInputs(platform, setBodies(engine, inputs)))
          // An input with its own refusal (engineConfig's) is not refused twice.
          if (!rules.failures.some((g) => g.property === f.property)) rules.fail(f.property, f.reason);
      const setting = platformSettingProblem();
      if (setting) rules.fail("engineId", setting);
      const failed = (p: string): boolean => rules.failures.some((f) => f.property === p);
      const label = inputs.label;
      if (typeof label === "string" && label !== UNKNOWN && !failed("label")) {
        const claim = { scope: `database:${label}`, label, urn };
        noteLabelCheck("database", label, urn, Object.keys(olds).length > 0 ? olds.label : undefined);
        // Only a create or a new label asks the account; an unchanged database costs no API call.
        if (isNewValue(olds, news, "label")) {
          const holder = await databaseHolder(engine, label);
          const problem = await takenProblem(claim, holder, "database labels are unique in the account");
          if (problem) rules.fail("label", problem);
        }
      }
      const region = news.region;
      const engineId = news.engineId;
      const type = news.type;
      const known = (v: unknown, field: string): v is string =>
        typeof v === "string" && v !== UNKNOWN && !failed(field);
      const [regionIssue, engineIssue, typeIssue] = await Promise.all([
        known(region, "region") && isNewValue(olds, news, "region")
          ? regionProblem(region, "Managed Databases")
          : undefined,
        known(engineId, "engineId") && isNewValue(olds, news, "engineId") ? engineProblem(engineId) : undefined,
        known(region, "region") &&
        known(type, "type") &&
        (isNewValue(olds, news, "region") || isNewValue(olds, news, "type"))
          ? typeProblem(region, type)
          : undefined,
      ]);
      if (regionIssue) rules.fail("region", regionIssue);
      if (!failed("privateNetwork"))
        for (const f of privateNetworkShape(inputs.privateNetwork)) rules.fail(f.property, f.reason);
      // The network is judged when `up` sends it: on a create, or when it changes.
      if (!failed("privateNetwork") && (creates || isNewValue(olds, news, "privateNetwork")))
        for (const f of await privateNetworkProblems(news.region, inputs.privateNetwork))
          rules.fail(f.property, f.reason);
      if (engineIssue) rules.fail("engineId", engineIssue);
      if (typeIssue) rules.fail("type", typeIssue);
      if (rules.failures.length === 0) Object.assign(inputs, await keptHosts(engine, olds, news, changing));
      return rules.result(inputs, news);
    },

    async diff(id: string, olds: Bag, news: Bag) {
      // The replacements are the database's platform's: today's changes more in place.
      const found = computeDiff(olds, news, DATABASE_DIFF);
      const replaces = found.changes ? replacedFields(olds, news) : [];
      const result = noteReplacement(engine, news, {
        changes: found.changes,
        ...(replaces.length > 0
          ? { replaces, ...(found.deleteBeforeReplace ? { deleteBeforeReplace: true } : {}) }
          : {}),
      });
      await diffRestore(engine, id, olds, news, result.replaces ?? []);
      const restarts = restartsOf(engine, olds, news);
      if (restarts.length > 0)
        warn(
          `${engine} database ${id} ("${String(olds.label)}"): changing ${restarts.join(", ")} restarts its ` +
            "database engine (the API's `requires_restart`)",
        );
      if (result.deleteBeforeReplace)
        warn(
          `${engine} database ${id} ("${String(olds.label)}") is deleted, with all its backups, before its ` +
            `replacement is created (${result.replaces!.join(", ")} changed and the label stays the same; labels ` +
            "are unique). Give the replacement another label to create it first.",
        );
      return result;
    },

    async create(news: Bag) {
      const carried = takeUrn(news);
      const { rules, inputs } = checkDatabase(engine, news, true);
      const adopting = adopts(engine, inputs);
      if (!adopting) replicationRules(engine, rules, inputs);
      const deferred = adopting ? forgive(rules, heldFields({}, inputs)) : [];
      assertValid(`${engine} database`, rules.failures);
      if (adopting) return adopt(engine, inputs, deferred);
      return createOrClaim(engine, carried, inputs);
    },

    async read(id: string, props?: Bag) {
      const api = client().database(engine);
      const db = await unlessNotFound(() => api.get(resourceId(id, `a ${engine} database`)));
      if (!db) return { id: "" };
      let secrets: Secrets = {};
      if (db.status === "active") {
        // Keep the last known secrets when they cannot be read (e.g. a read-only token).
        secrets = await fetchSecrets(api, db.id).catch(() => ({}));
      }
      const state = stateOf(engine, db, props ?? {}, secrets);
      return { id, props: state, inputs: inputsOf(engine, state) };
    },

    async update(id: string, olds: Bag, news: Bag) {
      // A create that stopped before the database was ready (no secrets yet) resumes whatever changed.
      const resuming = olds.status === "provisioning" || olds.rootPassword === undefined;
      const quiet = resuming ? undefined : timeoutsOnlyUpdate(olds, news, DATABASE_DIFF);
      if (quiet) return { outs: quiet };
      const api = client().database(engine);
      const db = await api.get(Number(id));
      // A create interrupted during provisioning resumes here: give it the create limit.
      const resizes =
        platformOf(db) === TODAYS && changedFields(olds, news, DATABASE_DIFF).some((k) => RESIZING.includes(k));
      const limit =
        db.status === "provisioning"
          ? timeoutMs(news.timeouts, "create", DATABASE_TIMEOUTS_MS.create)
          : timeoutMs(news.timeouts, "update", resizes ? DATABASE_TIMEOUTS_MS.resize : DATABASE_TIMEOUTS_MS.update);
      // Trigger values (credentialsRotation, patchNow, restore) whose action was sent, and the last read.
      const applied: Bag = {};
      let last = db;
      const seen = (d: Database): void => void (last = d);
      // The state keeps the last restore and credentials reset performed, whatever the program says now.
      const carried = {
        ...news,
        restore: olds.restore,
        lastRestore: olds.lastRestore,
        lastCredentialsReset: olds.lastCredentialsReset,
      };
      try {
        // First: a degraded or failed database is restored before anything waits for it to be active.
        const start = wantsRestore(olds, news)
          ? await performRestore(engine, api, db, olds, news, limit, seen, applied)
          : db;
        return { outs: await converge(engine, start, olds, carried, limit, seen, applied) };
      } catch (err) {
        // Recorded as far as it went, so the next `up` neither rotates nor restores again, nor keeps the old password.
        const reached = {
          ...carried,
          ...applied,
          credentialsRotation: applied.credentialsRotation ?? olds.credentialsRotation,
          patchNow: applied.patchNow ?? olds.patchNow,
        };
        const secrets = await fetchSecrets(api, db.id).catch(() => pickSecrets(olds));
        throw new ResourceInitError(id, stateOf(engine, last, reached, secrets), news, err, "updated part-way");
      }
    },

    async delete(id: string, props: Bag) {
      const api = client().database(engine);
      const instanceId = Number(id);
      const limit = timeoutMs(props.timeouts, "delete", DATABASE_TIMEOUTS_MS.delete);
      let db = await unlessNotFound(() => api.get(instanceId));
      if (!db) return;
      const DELETABLE = deletable(db);
      if (!DELETABLE.includes(db.status)) {
        db = await waitFor({
          what: `${engine} database ${instanceId} to reach a status that allows deletion (${DELETABLE.join(", ")})`,
          poll: () => unlessNotFound(() => api.get(instanceId)),
          done: (d) => d === undefined || DELETABLE.includes(d.status),
          describe: (d) => `status ${d?.status ?? "deleted"}`,
          timeoutMs: limit,
          profile: db.status === "provisioning" ? PROVISIONING : QUICK,
        });
        if (!db) return;
      }
      try {
        await api.delete(instanceId);
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      await waitFor({
        what: `${engine} database ${instanceId} to be deleted`,
        poll: () => unlessNotFound(() => api.get(instanceId)),
        done: (d) => d === undefined,
        describe: (d) => `status ${d?.status ?? "deleted"}`,
        timeoutMs: limit,
        profile: QUICK,
      });
    },
  };
}
