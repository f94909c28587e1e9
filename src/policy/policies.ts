/**
 * The policies: each judges the managed databases of both flavours (database.ts) on their known
 * inputs and options, and names the resource and the value in its message. Defaults: an allow list
 * open to every address that reaches the database from the internet (outside a VPC, or in one with
 * public access) fails the preview (mandatory); the rest warn (advisory). Every level is
 * the user's to change (`--policy-pack-config`, or {@link policiesWith} in their own pack).
 */
import type { ReportViolation, ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import type { EngineType } from "../client/index.js";
import { DATABASE_FIELDS } from "../resources/managed-database/fields.js";
import { diffSpec } from "../shared/fields/table.js";
import { databaseOf, type DatabaseView } from "./database.js";
import { read, readList } from "./known.js";
import { openEntries } from "./open-entries.js";

/** A policy body for one database; `args` gives the policy's configuration. */
type DatabaseCheck = (db: DatabaseView, report: (message: string) => void, args: ResourceValidationArgs) => void;

/** A resource validation that runs `check` on databases of this package and skips everything else. */
function forDatabases(check: DatabaseCheck): ResourceValidationPolicy["validateResource"] {
  return (args: ResourceValidationArgs, reportViolation: ReportViolation) => {
    const db = databaseOf(args);
    if (db) check(db, (message) => reportViolation(message), args);
  };
}

/** The inputs whose change replaces a database of `engine` (the field table's `replace` fields). */
function replacedBy(engine: EngineType): string[] {
  const engines = (key: string) => (DATABASE_FIELDS as Record<string, { engines?: string[] }>)[key]!.engines;
  return diffSpec(DATABASE_FIELDS).replace.filter((key) => engines(key)?.includes(engine) ?? true);
}

/** The open entries of the database's allow list, as a sentence's subject; undefined when it is not open or not known. */
function openListOf(db: DatabaseView): { named: string; together: boolean } | undefined {
  const list = readList(db.props, "allowList");
  if (!list.known || !list.value) return undefined;
  const known = list.value.flatMap((item) => (item.known && typeof item.value === "string" ? [item.value] : []));
  const open = openEntries(known);
  return open && { named: open.entries.map((e) => JSON.stringify(e)).join(", "), together: open.together };
}

/**
 * Where the database is reachable from: `public` (no `privateNetwork`: the internet), `vpc-public`
 * (in a VPC with `publicAccess: true`: the internet too), `vpc` (its VPC only), or undefined when
 * not known yet (a network or public access made from another resource's output).
 */
function reachOf(db: DatabaseView): "public" | "vpc-public" | "vpc" | undefined {
  const network = read(db.props, "privateNetwork");
  if (!network.known) return undefined;
  if (network.value === undefined || network.value === null) return "public";
  const access = read(network.value, "publicAccess");
  if (!access.known) return undefined;
  return access.value === true ? "vpc-public" : "vpc";
}

/**
 * Mandatory: a database reachable from the internet (outside any VPC) may not have an allow-list
 * entry, nor entries together, admitting every address. One in a VPC is judged by
 * {@link databaseVpcPublicAccessNotOpen}: without public access, its list admits VPC addresses only.
 */
export const databaseAllowListNotOpen: ResourceValidationPolicy = {
  name: "database-allow-list-not-open",
  description:
    "A managed database outside a VPC must not have an allowList admitting every address (0.0.0.0/0, ::/0, " +
    "any range of prefix length 0, or ranges that together cover every IPv4 address).",
  enforcementLevel: "mandatory",
  validateResource: forDatabases((db, report) => {
    if (reachOf(db) !== "public") return;
    const open = openListOf(db);
    if (!open) return;
    report(
      open.together
        ? `${db.title}: allowList entries ${open.named} together admit every IPv4 address. ` +
            "List only the addresses or ranges that must connect."
        : `${db.title}: allowList entry ${open.named} admits every address, so anyone on the internet can ` +
            "reach the database. List only the addresses or ranges that must connect.",
    );
  }),
};

/**
 * Mandatory: a database in a VPC that is also reachable from outside it (`privateNetwork.publicAccess:
 * true`) may not have an allow list admitting every address.
 */
export const databaseVpcPublicAccessNotOpen: ResourceValidationPolicy = {
  name: "database-vpc-public-access-not-open",
  description:
    "A managed database in a VPC with public access (privateNetwork.publicAccess: true) must not have an " +
    "allowList admitting every address: it would be reachable from the whole internet, not only its VPC.",
  enforcementLevel: "mandatory",
  validateResource: forDatabases((db, report) => {
    if (reachOf(db) !== "vpc-public") return;
    const open = openListOf(db);
    if (!open) return;
    report(
      `${db.title}: privateNetwork.publicAccess is true and allowList ${open.together ? "entries" : "entry"} ` +
        `${open.named} ${open.together ? "together admit" : "admits"} every address, so anyone on the internet ` +
        "can reach the database from outside its VPC. Set publicAccess to false, or list only the addresses " +
        "or ranges outside the VPC that must connect.",
    );
  }),
};

/** Advisory: the disks should be encrypted (`encrypted` defaults to false). */
export const databaseEncrypted: ResourceValidationPolicy = {
  name: "database-encrypted",
  description: "A managed database should encrypt its disks (encrypted: true; the API's default is false).",
  enforcementLevel: "advisory",
  validateResource: forDatabases((db, report) => {
    const encrypted = db.input("encrypted");
    if (encrypted.known && encrypted.value !== true)
      report(
        `${db.title} is not encrypted (encrypted: ${JSON.stringify(encrypted.value)}): its disks are stored ` +
          "unencrypted. Set encrypted: true (a change of encrypted replaces the database, so set it before it holds data).",
      );
  }),
};

/** Advisory: connections should require SSL (`sslConnection` defaults to true). */
export const databaseSslRequired: ResourceValidationPolicy = {
  name: "database-ssl-required",
  description: "A managed database should require SSL to connect (sslConnection: true, the default).",
  enforcementLevel: "advisory",
  validateResource: forDatabases((db, report) => {
    const ssl = db.input("sslConnection");
    if (ssl.known && ssl.value === false)
      report(
        `${db.title} accepts connections without SSL (sslConnection: false): passwords and data cross the ` +
          "network in clear text. Leave sslConnection out or set it to true (a change replaces the database).",
      );
  }),
};

/** The message of a single-node database. */
function singleNodeMessage(db: DatabaseView): string {
  return (
    `${db.title} has a single node (clusterSize: 1): a node failure or maintenance takes it offline, with ` +
    "no replica to fail over to. Set clusterSize: 3 (a change replaces the database)."
  );
}

/** Advisory: a database should have replicas (`clusterSize` 3; the default is 1). */
export const databaseMultiNode: ResourceValidationPolicy = {
  name: "database-multi-node",
  description: "A managed database should have three nodes (clusterSize: 3; the default is 1).",
  enforcementLevel: "advisory",
  validateResource: forDatabases((db, report) => {
    const size = db.input("clusterSize");
    if (size.known && size.value === 1) report(singleNodeMessage(db));
  }),
};

/** Configuration of {@link databaseMultiNodeStacks}. */
export interface MultiNodeStacksConfig {
  /** The stacks on which a single-node database fails the preview (default: none). */
  stacks?: string[];
}

/** Mandatory on the stacks its configuration names (none by default): a database must have replicas. */
export const databaseMultiNodeStacks: ResourceValidationPolicy = {
  name: "database-multi-node-stacks",
  description:
    "On the stacks named in this policy's `stacks` configuration (none by default), a managed database " +
    "must have three nodes (clusterSize: 3).",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      stacks: { type: "array", items: { type: "string" }, default: [] },
    },
  },
  validateResource: forDatabases((db, report, args) => {
    const stacks = args.getConfig<MultiNodeStacksConfig>().stacks ?? [];
    if (!stacks.includes(db.stack)) return;
    const size = db.input("clusterSize");
    if (size.known && size.value === 1) report(`${singleNodeMessage(db)} Stack "${db.stack}" requires three nodes.`);
  }),
};

/** Advisory: a database should have the `protect` resource option. */
export const databaseProtected: ResourceValidationPolicy = {
  name: "database-protected",
  description:
    "A managed database should have the protect resource option, so that no change deletes it: a " +
    "replacement with the same label deletes the database before creating the new one.",
  enforcementLevel: "advisory",
  validateResource: forDatabases((db, report) => {
    if (db.protect) return;
    report(
      `${db.title} is not protected: a change of ${replacedBy(db.engine).join(", ")} replaces it, and a ` +
        "replacement with the same label deletes the database (and its data) before creating the new one. " +
        "Give it the resource option protect: true; remove the option on purpose before a replacement.",
    );
  }),
};
