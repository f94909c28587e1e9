/**
 * The list of resources, kept once. The Pulumi package schema (src/schema), the plugin's registry
 * (src/plugin/registry.ts), and the generated declarations (src/codegen: each folder's `class.ts`,
 * `types.ts`, the package's exports in `index.ts`, the stored paths `src/providers/<folder>.ts` and
 * `src/resources/<folder>.ts`, and the plugin SDK in src/sdk) are made from it.
 * Adding a resource means adding its folder and one entry here.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { EngineType } from "../client/index.js";
import type { FieldFacts } from "../shared/fields/table.js";
import type { ClassSpec } from "../shared/engine/resource-class.js";
import { SNAPSHOT_FIELDS } from "./database-snapshot/fields.js";
import { SNAPSHOT_PROGRAM } from "./database-snapshot/program.js";
import { provider as snapshotProvider } from "./database-snapshot/provider.js";
import { DATABASE_FIELDS } from "./managed-database/fields.js";
import { DATABASE_PROGRAM } from "./managed-database/program.js";
import { DATABASE_DIFF } from "./managed-database/inputs.js";
import type { DiffSpec } from "../shared/fields/diff.js";
import { databaseProvider } from "./managed-database/provider.js";
import { unknownAtPreview } from "./managed-database/preview-hosts.js";
import { provider as subnetProvider } from "./vpc-subnet/provider.js";
import { SUBNET_PROGRAM } from "./vpc-subnet/program.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "./vpc/fields.js";
import { VPC_PROGRAM } from "./vpc/program.js";
import { provider as vpcProvider } from "./vpc/provider.js";

/** One resource of the package. */
export interface ResourceSpec extends ClassSpec<never> {
  /** The class name, and the last part of both type tokens (`cloudplatform:index:Vpc`, `pulumi-nodejs:dynamic/cloudplatform:Vpc`). */
  name: string;
  /**
   * Its folder under src/resources (field table, provider, program side, `doc.md`, generated
   * `class.ts`), and the name of its stored paths `dist/resources/<folder>.js` and `dist/providers/<folder>.js`.
   */
  folder: string;
  /** One line for the schema and the plugin SDK's class. */
  description: string;
  /** What `pulumi import` takes as the id, for the plugin SDK's class doc. */
  importId: string;
  table: FieldFacts;
  engine?: EngineType;
  /** The provider both ways in share: the dynamic resource loads it by path, the plugin serves it. */
  provider: pulumi.dynamic.ResourceProvider;
  /**
   * How the provider's diff compares, where it is more than the table says (the databases compare
   * an input left out as the API's value): the plugin names the changed fields by it.
   */
  diff?: DiffSpec;
  /** The outputs an update that changes these inputs makes new, unknown in its preview (the plugin's); left out, none. */
  unknownAtPreview?: (changed: readonly string[]) => string[];
}

/** Every resource, in the order the schema and the exports list them. */
export const RESOURCES = {
  Vpc: {
    name: "Vpc",
    folder: "vpc",
    description: "A private network in one region, optionally with inline subnets.",
    importId: "the VPC id",
    table: VPC_FIELDS,
    program: VPC_PROGRAM,
    provider: vpcProvider,
  },
  VpcSubnet: {
    name: "VpcSubnet",
    folder: "vpc-subnet",
    description: "One IPv4 range of a VPC, managed on its own.",
    importId: "`<vpcId>/<subnetId>` (or `<vpcId>,<subnetId>`)",
    table: SUBNET_FIELDS,
    program: SUBNET_PROGRAM,
    provider: subnetProvider,
  },
  MysqlDatabase: {
    name: "MysqlDatabase",
    folder: "mysql-database",
    description: "A managed MySQL database: a single node or a three-node cluster.",
    importId: "the database id",
    table: DATABASE_FIELDS,
    engine: "mysql",
    program: DATABASE_PROGRAM,
    provider: databaseProvider("mysql"),
    diff: DATABASE_DIFF,
    unknownAtPreview,
  },
  PostgresqlDatabase: {
    name: "PostgresqlDatabase",
    folder: "postgresql-database",
    description: "A managed PostgreSQL database: a single node or a three-node cluster.",
    importId: "the database id",
    table: DATABASE_FIELDS,
    engine: "postgresql",
    program: DATABASE_PROGRAM,
    provider: databaseProvider("postgresql"),
    diff: DATABASE_DIFF,
    unknownAtPreview,
  },
  DatabaseSnapshot: {
    name: "DatabaseSnapshot",
    folder: "database-snapshot",
    description: "An on-demand snapshot backup of a managed database; every argument but timeouts replaces it.",
    importId: "`<engine>/<instanceId>/<backupId>`",
    table: SNAPSHOT_FIELDS,
    program: SNAPSHOT_PROGRAM,
    provider: snapshotProvider,
  },
} as const satisfies Record<string, ResourceSpec>;

/** The resources as a list. */
export const RESOURCE_LIST: readonly ResourceSpec[] = Object.values(RESOURCES);
