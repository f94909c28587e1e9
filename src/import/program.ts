/**
 * From the account to the program's declarations: one resource per adopted object, with its
 * `adoptId` and every input at the object's current value, in the declaration order the renderer
 * keeps. Secrets are outputs of the resources and are never inputs, so nothing here reads them.
 */
import type { Database, DatabaseBackup, EngineType, MaintenanceWindow, Vpc } from "../client/index.js";
import { Namer, type ResourceClass } from "./naming.js";
import type { SubnetStyle } from "./options.js";
import type { Account } from "./read.js";
import { literal, RangeIndex, type Expr } from "./references.js";

/** One `new cloud.<cls>(name, args)` of the program. */
export interface Declaration {
  cls: ResourceClass;
  identifier: string;
  name: string;
  /** Arguments in the order they are written. */
  args: [string, Expr][];
  /** Lines of comment above the declaration (why it looks the way it does), if any. */
  comment?: string[];
}

/** The program as data, before it is rendered. */
export interface ProgramModel {
  declarations: Declaration[];
  /** Whether an allow list names an inline subnet, so the program needs its lookup helper. */
  usesInlineRanges: boolean;
  /** Allow-list entries left as literals because several adopted subnets have that range. */
  ambiguousRanges: string[];
}

const DATABASE_CLASS: Record<EngineType, ResourceClass> = {
  mysql: "MysqlDatabase",
  postgresql: "PostgresqlDatabase",
};

/** Builds the declarations for `account`; `subnets` chooses inline subnets or `VpcSubnet`s. */
export function buildProgram(account: Account, subnets: SubnetStyle = "resources"): ProgramModel {
  const namer = new Namer();
  const ranges = new RangeIndex();
  const declarations: Declaration[] = [];

  for (const vpc of account.vpcs) {
    const names = namer.claim("Vpc", vpc.label);
    const args: [string, Expr][] = [
      ["adoptId", literal(vpc.id)],
      ["label", literal(vpc.label)],
      ["region", literal(vpc.region)],
      // Set even when empty: left out, a description added later outside Pulumi would not be drift.
      ["description", literal(vpc.description)],
    ];
    if (subnets === "inline") {
      // Always listed, also when empty, so that the program states the VPC's whole subnet set.
      args.push([
        "subnets",
        {
          kind: "array",
          items: vpc.subnets.map((s) => ({
            kind: "object",
            entries: [
              ["label", literal(s.label)],
              ["ipv4", literal(s.ipv4)],
            ],
          })),
        },
      ]);
      for (const s of vpc.subnets) ranges.add({ ipv4: s.ipv4, vpc: { identifier: names.identifier, label: s.label } });
    }
    declarations.push({ cls: "Vpc", ...names, args, comment: computesComment(vpc, subnets) });
    if (subnets === "resources") {
      for (const s of vpc.subnets) {
        const sub = namer.claim("VpcSubnet", `${vpc.label}-${s.label}`);
        declarations.push({
          cls: "VpcSubnet",
          ...sub,
          args: [
            ["adoptId", literal(s.id)],
            ["vpcId", { kind: "output", identifier: names.identifier, property: "vpcId" }],
            ["label", literal(s.label)],
            ["ipv4", literal(s.ipv4)],
          ],
          comment: usersComment(s.computes.map((c) => c.id)),
        });
        ranges.add({ ipv4: s.ipv4, subnet: sub.identifier });
      }
    }
  }

  const ambiguous = new Set<string>();
  let usesInlineRanges = false;
  for (const { engine, db, snapshots } of account.databases) {
    const names = namer.claim(DATABASE_CLASS[engine], db.label);
    const allowList = db.allow_list.map((entry) => {
      const expr = ranges.allowListEntry(entry, (e) => ambiguous.add(e));
      if (expr.kind === "inlineRange") usesInlineRanges = true;
      return expr;
    });
    declarations.push({ cls: DATABASE_CLASS[engine], ...names, args: databaseArgs(engine, db, allowList) });
    for (const snap of snapshots) declarations.push(snapshotDeclaration(namer, engine, db, names.identifier, snap));
  }
  return { declarations, usesInlineRanges, ambiguousRanges: [...ambiguous].sort() };
}

/** The inputs of a database resource, every one at the database's current value. */
function databaseArgs(engine: EngineType, db: Database, allowList: Expr[]): [string, Expr][] {
  const args: [string, Expr][] = [
    ["adoptId", literal(db.id)],
    ["label", literal(db.label)],
    ["region", literal(db.region)],
    ["type", literal(db.type)],
    ["engineId", literal(`${db.engine}/${db.version}`)],
    ["clusterSize", literal(db.cluster_size)],
    ["encrypted", literal(db.encrypted)],
    ["sslConnection", literal(db.ssl_connection)],
  ];
  if (db.replication_type !== null) args.push(["replicationType", literal(db.replication_type)]);
  if (engine === "postgresql" && db.replication_commit_type !== null)
    args.push(["replicationCommitType", literal(db.replication_commit_type)]);
  args.push(["allowList", { kind: "array", items: allowList }]);
  // Left out, the window would not be managed; set, a change made outside Pulumi shows as drift.
  if (db.updates !== null) args.push(["updates", windowExpr(db.updates)]);
  return args;
}

function windowExpr(w: MaintenanceWindow): Expr {
  const entries: [string, Expr][] = [
    ["frequency", literal(w.frequency)],
    ["duration", literal(w.duration)],
    ["hourOfDay", literal(w.hour_of_day)],
    ["dayOfWeek", literal(w.day_of_week)],
  ];
  // The API keeps a week only for monthly windows; weekly ones answer null, which the input leaves out.
  if (w.week_of_month !== null && w.week_of_month !== undefined)
    entries.push(["weekOfMonth", literal(w.week_of_month)]);
  return { kind: "object", entries };
}

function snapshotDeclaration(
  namer: Namer,
  engine: EngineType,
  db: Database,
  dbIdentifier: string,
  snap: DatabaseBackup,
): Declaration {
  const names = namer.claim("DatabaseSnapshot", `${db.label}-${snap.label}`);
  return {
    cls: "DatabaseSnapshot",
    ...names,
    args: [
      ["adoptId", literal(`${engine}/${db.id}/${snap.id}`)],
      ["engine", literal(engine)],
      ["instanceId", { kind: "output", identifier: dbIdentifier, property: "instanceId" }],
      ["label", literal(snap.label)],
    ],
  };
}

/** The comment over a subnet used by compute instances: why its delete may be refused. */
function usersComment(computes: number[]): string[] | undefined {
  if (computes.length === 0) return undefined;
  const ids = [...computes].sort((a, b) => a - b).join(", ");
  return [`Used by compute instance(s) ${ids} (not managed here): the API refuses to delete it while they are.`];
}

function computesComment(vpc: Vpc, subnets: SubnetStyle): string[] | undefined {
  if (subnets !== "inline") return undefined;
  const used = vpc.subnets.filter((s) => s.computes.length > 0);
  if (used.length === 0) return undefined;
  return used.map(
    (s) =>
      `Subnet "${s.label}" is used by compute instance(s) ${s.computes
        .map((c) => c.id)
        .sort((a, b) => a - b)
        .join(", ")} (not managed here): the API refuses to delete it while they are.`,
  );
}
