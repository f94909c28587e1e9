/**
 * The provider both database resources share (check, diff, create, read, update, delete),
 * parameterised by engine. Its create and adoption live in create.ts and adopt.ts; the input
 * rules, the state shape, the converging of an existing database and restores in inputs.ts,
 * state.ts, converge.ts and restore.ts; the classes and their arguments are generated from
 * fields.ts into ../mysql-database/ and ../postgresql-database/.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Database, DatabaseStatus, EngineType } from "../../client/index.js";
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
import { inputNames, toApi, type FieldTable } from "../../shared/fields/table.js";
import {
  checkDatabase,
  DATABASE_DIFF,
  forgive,
  heldFields,
  judgingPlatform,
  replacedFields,
  replicationRules,
  sendsCreate,
} from "./inputs.js";
import {
  LEGACY,
  platformOf,
  platformSettingProblem,
  TODAYS,
  untakenInputs,
  type DatabasePlatform,
} from "./platform.js";
import { projected, same } from "../../shared/fields/diff.js";
import { diffRestore, performRestore, wantsRestore } from "./restore.js";
import { suspensionProblem } from "./suspension.js";
import { keptHosts } from "./preview-hosts.js";
import { forkOf, forkProblem } from "./fork.js";
import { engineConfigPlatformProblem, restartsOf } from "./engine-config.js";
import { fetchSecrets, inputsOf, pickSecrets, stateOf, type Secrets } from "./state.js";
import { isNotFound, ResourceInitError, unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { takenProblem } from "../../shared/account/label-claim.js";
import { databaseHolder } from "../../shared/account/lists.js";
import { takeUrn } from "../../shared/engine/resource-urn.js";
import { noteLabelCheck } from "../../shared/account/this-run.js";
import { resourceId, UNKNOWN, type Bag } from "../../shared/fields/validate.js";
import { DATABASE_KEYS as KEYS, type DatabaseBag } from "./bag.js";
import { PROVISIONING, QUICK, timeoutMs, waitFor } from "../../shared/runtime/wait.js";
import { adopt } from "./adopt.js";
import { createOrClaim, createRefusals, DATABASE_TIMEOUTS_MS } from "./create.js";

/** The inputs whose change today's platform carries out as a resize or an upgrade. */
const RESIZING: readonly string[] = [KEYS.type, KEYS.clusterSize, KEYS.engineId];

/** The statuses the API deletes a database in: today's platform deletes a suspended one too. */
const deletable = (db: Database): DatabaseStatus[] => [
  "active",
  "failed",
  "degraded",
  ...(platformOf(db) === TODAYS ? (["suspended"] as const) : []),
];
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

    async check(olds: DatabaseBag, news: DatabaseBag) {
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
      if (typeof label === "string" && label !== UNKNOWN && !failed(KEYS.label)) {
        const claim = { scope: `database:${label}`, label, urn };
        noteLabelCheck("database", label, urn, Object.keys(olds).length > 0 ? olds.label : undefined);
        // Only a create or a new label asks the account; an unchanged database costs no API call.
        if (isNewValue(olds, news, KEYS.label)) {
          const holder = await databaseHolder(engine, label);
          const problem = await takenProblem(claim, holder, "database labels are unique in the account");
          if (problem) rules.fail(KEYS.label, problem);
        }
      }
      const region = news.region;
      const engineId = news.engineId;
      const type = news.type;
      const known = (v: unknown, field: string): v is string =>
        typeof v === "string" && v !== UNKNOWN && !failed(field);
      const [regionIssue, engineIssue, typeIssue] = await Promise.all([
        known(region, KEYS.region) && isNewValue(olds, news, KEYS.region)
          ? regionProblem(region, "Managed Databases")
          : undefined,
        known(engineId, "engineId") && isNewValue(olds, news, "engineId") ? engineProblem(engineId) : undefined,
        known(region, KEYS.region) &&
        known(type, KEYS.type) &&
        (isNewValue(olds, news, KEYS.region) || isNewValue(olds, news, KEYS.type))
          ? typeProblem(region, type)
          : undefined,
      ]);
      if (regionIssue) rules.fail(KEYS.region, regionIssue);
      if (!failed("privateNetwork"))
        for (const f of privateNetworkShape(inputs.privateNetwork)) rules.fail(f.property, f.reason);
      // The network is judged when `up` sends it: on a create, or when it changes.
      if (!failed("privateNetwork") && (creates || isNewValue(olds, news, "privateNetwork")))
        for (const f of await privateNetworkProblems(news.region, inputs.privateNetwork))
          rules.fail(f.property, f.reason);
      if (engineIssue) rules.fail("engineId", engineIssue);
      if (typeIssue) rules.fail(KEYS.type, typeIssue);
      if (rules.failures.length === 0) Object.assign(inputs, await keptHosts(engine, olds, news, changing));
      return rules.result(inputs, news);
    },

    async diff(id: string, olds: DatabaseBag, news: DatabaseBag) {
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

    async update(id: string, olds: DatabaseBag, news: DatabaseBag) {
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
