/**
 * Reads the account through the typed client: the selected VPCs with their subnets, the selected
 * databases of each engine with (on request) their on-demand snapshots. Only GETs are sent. What is left out is recorded with its reason here,
 * where the reason is known, rather than guessed later from what is missing.
 */
import {
  ApiError,
  type CloudClient,
  type Database,
  type DatabaseBackup,
  type EngineType,
  type Vpc,
} from "../client/index.js";
import { databaseRefusal } from "./adoptable.js";
import { isSuspended } from "../resources/managed-database/suspension.js";
import { Selection } from "./selection.js";
import type { ImportFilters } from "./options.js";

/** A database selected for adoption, with the snapshots to adopt with it. */
export interface SelectedDatabase {
  engine: EngineType;
  db: Database;
  snapshots: DatabaseBackup[];
}

/** Something the account holds that the program does not adopt, and why. */
export interface LeftOut {
  /** e.g. `MySQL database "orders" (id 2000)`. */
  what: string;
  why: string;
}

/** The kinds of object the account is searched for: VPCs, subnets, each engine's databases, backups. */
export type FoundKind = "vpc" | "subnet" | EngineType | "snapshot" | "auto";

/** The account as far as the program adopts it, sorted so that two reads give the same order. */
export interface Account {
  vpcs: Vpc[];
  databases: SelectedDatabase[];
  leftOut: LeftOut[];
  /** Facts about adopted objects worth knowing before `pulumi up` (attached instances, waits). */
  notes: string[];
  /** What was found, selected or not, by kind: `{ vpc: 2, subnet: 3, mysql: 1, ... }`. */
  found: Partial<Record<FoundKind, number>>;
  /** Whether snapshots were read at all (`--snapshots`). */
  snapshotsRead: boolean;
}

/** What {@link readAccount} reads. */
export interface ReadOptions {
  filters?: ImportFilters;
  snapshots?: boolean;
}

const ENGINE_NAMES: Record<EngineType, string> = { mysql: "MySQL", postgresql: "PostgreSQL" };

/**
 * A value of an API answer as the summary shows it: text as is, anything else as JSON, so a label
 * that is not a string (or an object whose `toString` is not a function) cannot break the report.
 */
export function shownValue(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** How an object is named in the summary. */
export function describeVpc(vpc: Vpc): string {
  return `VPC "${shownValue(vpc.label)}" (id ${shownValue(vpc.id)})`;
}

/** How a database is named in the summary. */
export function describeDatabase(engine: EngineType, db: Database): string {
  return `${ENGINE_NAMES[engine]} database "${shownValue(db.label)}" (id ${shownValue(db.id)})`;
}

/**
 * Code-point order, not `localeCompare`: the generated file must be the same whatever the locale
 * of the machine that runs the import.
 */
export function byText<T>(key: (item: T) => unknown): (a: T, b: T) => number {
  return (a, b) => {
    const x = shownValue(key(a));
    const y = shownValue(key(b));
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/**
 * Reads what `options` select. `progress` receives one line per step for standard error. Throws
 * the client's error when a list the program depends on (VPCs, databases, backups) cannot be read,
 * because a program missing objects silently would be wrong.
 */
export async function readAccount(
  client: CloudClient,
  options: ReadOptions = {},
  progress: (line: string) => void = () => {},
): Promise<Account> {
  const selection = new Selection(options.filters);
  const kinds = selection.kinds();
  const leftOut: LeftOut[] = [];
  const notes: string[] = [];
  const found: Partial<Record<FoundKind, number>> = {};

  const vpcs: Vpc[] = [];
  if (kinds.includes("vpc")) {
    progress("Reading VPCs");
    const all = (await client.vpcs.list()).sort(byText((v) => v.label));
    found.vpc = all.length;
    found.subnet = all.reduce((n, v) => n + v.subnets.length, 0);
    for (const vpc of all) {
      const why = selection.rejects(shownValue(vpc.region), shownValue(vpc.label));
      if (why) {
        leftOut.push({ what: `${describeVpc(vpc)} and its ${vpc.subnets.length} subnet(s)`, why });
        continue;
      }
      const subnets = [...vpc.subnets].sort(byText((s) => s.label));
      for (const s of subnets) {
        const computes = s.computes
          .map((c) => (c as { id?: unknown } | null)?.id)
          .sort((a, b) => (typeof a === "number" ? a : 0) - (typeof b === "number" ? b : 0));
        if (computes.length > 0)
          notes.push(
            `subnet "${shownValue(s.label)}" of ${describeVpc(vpc)} is used by compute instance(s) ${computes.map(shownValue).join(", ")}: ` +
              "instances are not managed by this package, and the subnet cannot be deleted while they use it",
          );
      }
      vpcs.push({ ...vpc, subnets });
    }
    progress(`  ${all.length} VPC(s) with ${found.subnet} subnet(s), ${vpcs.length} selected`);
  }

  const databases: SelectedDatabase[] = [];
  for (const engine of kinds.filter((k): k is EngineType => k !== "vpc")) {
    progress(`Reading ${ENGINE_NAMES[engine]} databases`);
    const all = (await client.database(engine).list()).sort(byText((d) => d.label));
    found[engine] = all.length;
    let selected = 0;
    for (const db of all) {
      const why = selection.rejects(shownValue(db.region), shownValue(db.label)) ?? databaseRefusal(db);
      if (why) {
        leftOut.push({ what: describeDatabase(engine, db), why });
        continue;
      }
      selected++;
      // A suspended database here is today's, adopted as it is (`suspended: true`): no wait.
      if (db.status !== "active" && !isSuspended(db.status))
        notes.push(
          `${describeDatabase(engine, db)} is "${shownValue(db.status)}": its adoption waits until it is active`,
        );
      databases.push({
        engine,
        db,
        snapshots: options.snapshots ? await readSnapshots(client, engine, db, leftOut, notes, found) : [],
      });
    }
    progress(`  ${all.length} ${ENGINE_NAMES[engine]} database(s), ${selected} selected`);
  }
  databases.sort(byText((d) => d.db.label));
  return { vpcs, databases, leftOut, notes, found, snapshotsRead: options.snapshots === true };
}

/** The on-demand snapshots of one database; automatic backups are the API's own and are left out. */
async function readSnapshots(
  client: CloudClient,
  engine: EngineType,
  db: Database,
  leftOut: LeftOut[],
  notes: string[],
  found: Partial<Record<FoundKind, number>>,
): Promise<DatabaseBackup[]> {
  if (db.status === "provisioning") {
    // The API refuses to list the backups of a database still being made; it has none yet.
    notes.push(`${describeDatabase(engine, db)} is still provisioning, so it has no snapshots to adopt yet`);
    return [];
  }
  let backups: DatabaseBackup[];
  try {
    backups = await client.database(engine).listBackups(db.id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) {
      notes.push(`the snapshots of ${describeDatabase(engine, db)} could not be listed now (${err.message})`);
      return [];
    }
    throw err;
  }
  const auto = backups.filter((b) => b.type !== "snapshot");
  found.snapshot = (found.snapshot ?? 0) + backups.length - auto.length;
  found.auto = (found.auto ?? 0) + auto.length;
  if (auto.length > 0)
    leftOut.push({
      what: `${auto.length} automatic backup(s) of ${describeDatabase(engine, db)}`,
      why: "the API takes and drops automatic backups on its own schedule; they are not resources",
    });
  return backups.filter((b) => b.type === "snapshot").sort(byText((b) => b.label));
}
