/**
 * From the account to the program's declarations: one resource per adopted object, with its
 * `adoptId` and every input at the object's current value, in the declaration order the renderer
 * keeps. Secrets are outputs of the resources and are never inputs, so nothing here reads them.
 */
import type { Database, DatabaseBackup, EngineType, Vpc } from "../client/index.js";
import { DATABASE_FIELDS } from "../resources/managed-database/fields.js";
import { fieldsOf, fromApi, typeOn, type FieldTable } from "../shared/fields/table.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../resources/vpc/fields.js";
import { SNAPSHOT_FIELDS } from "../resources/database-snapshot/fields.js";
import { Namer, type ResourceClass } from "./naming.js";
import type { SubnetStyle } from "./options.js";
import { describeDatabase, describeVpc, shownValue, type Account, type LeftOut } from "./read.js";
import { literal, RangeIndex, type Expr } from "./references.js";
import type { ForkInput } from "../resources/managed-database/fork.js";
import { idValue, typedExpr, UnwritableValue } from "./expressions.js";
import { DATABASE, DEFAULT_VPC_IPV4_RANGES, FORK, wireKeys, type Answer, type INLINE_SUBNET } from "../api/index.js";
import type { VpcSubnetSpec } from "../resources/types.js";
import { same } from "../shared/fields/diff.js";
import { wireOf } from "../shared/fields/model-rows.js";

/** The VPC's inputs read by name here, as its field table names them. */
const VPC_SUBNETS: keyof typeof VPC_FIELDS = "subnets";
const VPC_IPV4: keyof typeof VPC_FIELDS = "ipv4";
/** The answers' key of an object's id (the model spells it). */
const ID = wireKeys(DATABASE).id;

/** The answer's key of a database's allow list (the field table's). */
const ALLOW_LIST = DATABASE_FIELDS.allowList.api.key;
/** A fork's key of the instant restored (the model spells it). */
const RESTORE_TIME = wireOf(FORK, "restoreTime");

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
  /** Objects the API answered with a value that does not have its field's type, so not adopted. */
  unwritable: LeftOut[];
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
  const unwritable: LeftOut[] = [];
  /** Whether `build` runs through with placeholder names; if not, `what` is left out with the reason. */
  const writable = (what: () => string, build: () => void): boolean => {
    try {
      build();
      return true;
    } catch (err) {
      // Any failure reading the object's values (a codec meeting a malformed answer too) leaves it out.
      const detail = err instanceof UnwritableValue ? err.message : `its values cannot be read (${String(err)})`;
      unwritable.push({ what: what(), why: `the API answered a value the program cannot hold: ${detail}` });
      return false;
    }
  };
  const placeholder = { kind: "output", identifier: "placeholder", property: "placeholder" } as const;
  /** The declarations of the adopted VPCs and (as resources) subnets, by id: a database's network names them. */
  const networkNames: NetworkNames = { vpcs: new Map(), subnets: new Map() };

  for (const vpc of account.vpcs) {
    // Checked before any name is claimed, so that a refused object does not shift the others' names.
    const ok = writable(
      () => describeVpc(vpc),
      () => {
        argsOf(VPC_FIELDS, vpc, vpc.id);
        vpc.subnets.forEach((s, i) => {
          typedExpr(s.label, "string", `subnets[${i}].label`);
          typedExpr(s.ipv4, "string", `subnets[${i}].ipv4`);
          s.computes.forEach((c, j) => idValue(c?.id, `subnets[${i}].computes[${j}].id`));
          argsOf(SUBNET_FIELDS, s, s.id, { vpcId: placeholder });
        });
      },
    );
    if (!ok) continue;
    const names = namer.claim("Vpc", vpc.label);
    // The description is set even when empty: left out, one added later outside Pulumi would not be drift.
    const args = argsOf(VPC_FIELDS, vpc, vpc.id).filter(([k]) => !apiDefault(vpc, k));
    if (subnets === "inline") {
      // Always listed, also when empty, so that the program states the VPC's whole subnet set.
      args.push([VPC_SUBNETS, { kind: "array", items: vpc.subnets.map(inlineSubnet) }]);
      for (const s of vpc.subnets)
        if (s.ipv4 !== null) ranges.add({ ipv4: s.ipv4, vpc: { identifier: names.identifier, label: s.label } });
    }
    declarations.push({ cls: "Vpc", ...names, args, comment: computesComment(vpc, subnets) });
    networkNames.vpcs.set(vpc.id, names.identifier);
    if (subnets === "resources") {
      for (const s of vpc.subnets) {
        const sub = namer.claim("VpcSubnet", `${vpc.label}-${s.label}`);
        declarations.push({
          cls: "VpcSubnet",
          ...sub,
          args: argsOf(SUBNET_FIELDS, s, s.id, {
            vpcId: { kind: "output", identifier: names.identifier, property: "vpcId" },
          }),
          comment: usersComment(s.computes.map((c) => c.id)),
        });
        if (s.ipv4 !== null) ranges.add({ ipv4: s.ipv4, subnet: sub.identifier });
        networkNames.subnets.set(s.id, sub.identifier);
      }
    }
  }

  const ambiguous = new Set<string>();
  let usesInlineRanges = false;
  for (const { engine, db, snapshots } of account.databases) {
    const ok = writable(
      () => describeDatabase(engine, db),
      () => {
        // Before the allow list's codec reads it as addresses.
        typedExpr(db[ALLOW_LIST] ?? [], { array: "string" }, "allowList");
        databaseArgs(engine, db, []);
        for (const snap of snapshots) snapshotArgs(engine, db, snap, placeholder);
      },
    );
    if (!ok) continue;
    const names = namer.claim(DATABASE_CLASS[engine], db.label);
    const allowList = db[ALLOW_LIST].map((entry) => {
      const expr = ranges.allowListEntry(entry, (e) => ambiguous.add(e));
      if (expr.kind === "inlineRange") usesInlineRanges = true;
      return expr;
    });
    declarations.push({
      cls: DATABASE_CLASS[engine],
      ...names,
      args: databaseArgs(engine, db, allowList, networkNames),
    });
    for (const snap of snapshots) declarations.push(snapshotDeclaration(namer, engine, db, names.identifier, snap));
  }
  return { declarations, usesInlineRanges, ambiguousRanges: [...ambiguous].sort(), unwritable };
}

/**
 * The arguments of a declaration: `adoptId`, then every input of the resource's field table at
 * the object's current value (read through the table's API names), in table order; `given`
 * replaces the values that refer to other declarations. Inputs the API does not show, and values
 * the API leaves empty (null), are left out. Every value is checked against its field's type
 * (throwing {@link UnwritableValue}), so only checked or quoted values reach the program.
 */
function argsOf<A>(
  table: FieldTable<A>,
  api: A,
  adoptId: string | number,
  given: Record<string, Expr> = {},
  engine?: EngineType,
): [string, Expr][] {
  const values = fromApi(table, api, engine);
  const id = typeof adoptId === "string" ? adoptId : idValue(adoptId, ID);
  const args: [string, Expr][] = [["adoptId", literal(id)]];
  for (const [k, f] of fieldsOf(table, engine)) {
    if (f.change === "output") continue;
    if (given[k] !== undefined) args.push([k, given[k]]);
    else if (f.api !== undefined && values[k] !== null && values[k] !== undefined && !emptyPart(f, values[k]))
      args.push([k, typedExpr(values[k], typeOn(f, engine), k)]);
  }
  return args;
}

/**
 * An inline subnet as the VPC's `subnets` input lists it: its label and, where it has one, its
 * IPv4 range, each checked as text (in that order, under its own name).
 */
function inlineSubnet(s: Answer<typeof INLINE_SUBNET>): Expr {
  const spec: { [K in keyof VpcSubnetSpec]?: unknown } = {
    label: s.label,
    ...(s.ipv4 === null ? {} : { ipv4: s.ipv4 }),
  };
  return { kind: "object", entries: Object.entries(spec).map(([k, v]) => [k, typedExpr(v, "string", k)]) };
}

/**
 * Whether the VPC's value of the input `k`, which is managed only when set, is the API's own
 * default (its IPv4 ranges, the type `regular`): no program chose it, so it is left out. Written,
 * the default IPv4 ranges would be sent again by the next change of the list, which a region
 * without custom ranges refuses (todays-vpcs.md §2).
 */
function apiDefault(vpc: Vpc, k: string): boolean {
  const value = fromApi(VPC_FIELDS, vpc)[k];
  if (k === "vpcType") return value === undefined || value === VPC_FIELDS.vpcType.choices.values[0];
  if (k !== VPC_IPV4) return false;
  const held = ((value as { range: string }[] | undefined) ?? []).map((r) => r.range);
  return held.length === 0 || same(held, [...DEFAULT_VPC_IPV4_RANGES]);
}

/** The program's declarations of VPCs and subnets, by id. */
interface NetworkNames {
  vpcs: Map<number, string>;
  subnets: Map<number, string>;
}

/**
 * Whether a partial object (a database's engine settings) holds no value at any level: the API's
 * answer `{}` (a database of the contract's platform in later answers) is no setting to write.
 */
function emptyPart<A>(f: FieldTable<A>[string], value: unknown): boolean {
  if (!f.partial || typeof value !== "object" || value === null) return false;
  const leaves = (v: unknown): number =>
    typeof v === "object" && v !== null ? Object.values(v).reduce((n: number, x) => n + leaves(x), 0) : 1;
  return leaves(value) === 0;
}

/** The inputs of a database resource, every one at the database's current value. */
function databaseArgs(
  engine: EngineType,
  db: Database,
  allowList: Expr[],
  names: NetworkNames = { vpcs: new Map(), subnets: new Map() },
): [string, Expr][] {
  // Left out, the window would not be managed; set, a change made outside Pulumi shows as drift.
  // `suspended` is written only for a suspended database: false is what a program leaving it out says.
  // A fork names its source by id and the instant restored, as the API answers them.
  const given: Record<string, Expr> = { allowList: { kind: "array", items: allowList } };
  if (db.fork)
    given.fork = {
      kind: "object",
      entries: [
        ["source" satisfies keyof ForkInput, literal(idValue(db.fork.source, "fork.source"))],
        ...(db.fork[RESTORE_TIME] ? [["restoreTime", literal(db.fork[RESTORE_TIME])] as [string, Expr]] : []),
      ],
    };
  const network = networkArg(db, names);
  if (network) given.privateNetwork = network;
  return argsOf(DATABASE_FIELDS, db, db.id, given, engine).filter(
    ([k, e]) => k !== "suspended" || !(e.kind === "literal" && e.value === false),
  );
}

/**
 * A database's `privateNetwork` naming the VPC and subnet declarations of the program where it has
 * them (`net.vpcId`, `netData.subnetId`), else their ids; undefined outside any VPC (the table's
 * read then leaves the input out too).
 */
function networkArg(db: Database, names: NetworkNames): Expr | undefined {
  const held = DATABASE_FIELDS.privateNetwork.api.read(db) as
    { vpcId: unknown; subnetId: unknown; publicAccess: unknown } | undefined;
  if (!held) return undefined;
  const ref = (map: Map<number, string>, id: unknown, property: string, path: string): Expr => {
    const identifier = typeof id === "number" ? map.get(id) : undefined;
    return identifier ? { kind: "output", identifier, property } : literal(idValue(id, path));
  };
  return {
    kind: "object",
    entries: [
      ["vpcId", ref(names.vpcs, held.vpcId, "vpcId", "privateNetwork.vpcId")],
      ["subnetId", ref(names.subnets, held.subnetId, "subnetId", "privateNetwork.subnetId")],
      ["publicAccess", typedExpr(held.publicAccess ?? false, "boolean", "privateNetwork.publicAccess")],
    ],
  };
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
    args: snapshotArgs(engine, db, snap, { kind: "output", identifier: dbIdentifier, property: "instanceId" }),
  };
}

function snapshotArgs(engine: EngineType, db: Database, snap: DatabaseBackup, instanceId: Expr): [string, Expr][] {
  const adoptId = `${engine}/${idValue(db.id, ID)}/${idValue(snap.id, `snapshot ${JSON.stringify(shownValue(snap.label))} id`)}`;
  typedExpr(snap.label, "string", "snapshot label");
  return argsOf(SNAPSHOT_FIELDS, snap, adoptId, { engine: literal(engine), instanceId });
}

/** The comment over a subnet used by compute instances: why its delete may be refused. */
function usersComment(computes: number[]): string[] | undefined {
  if (computes.length === 0) return undefined;
  const ids = [...computes]
    .sort((a, b) => a - b)
    .map(shownValue)
    .join(", ");
  return [`Used by compute instance(s) ${ids} (not managed here): the API refuses to delete it while they are.`];
}

function computesComment(vpc: Vpc, subnets: SubnetStyle): string[] | undefined {
  if (subnets !== "inline") return undefined;
  const used = vpc.subnets.filter((s) => s.computes.length > 0);
  if (used.length === 0) return undefined;
  return used.map(
    (s) =>
      `Subnet "${shownValue(s.label)}" is used by compute instance(s) ${s.computes
        .map((c) => c.id)
        .sort((a, b) => a - b)
        .map(shownValue)
        .join(", ")} (not managed here): the API refuses to delete it while they are.`,
  );
}
