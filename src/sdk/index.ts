/**
 * `pulumi-cloudplatform/plugin`: the resources of the provider plugin `pulumi-resource-cloudplatform`
 * for TypeScript and JavaScript programs. They take the same arguments as the dynamic resources of
 * `pulumi-cloudplatform` and give the same outputs, but the engine drives them through the plugin,
 * so `pulumi import`, `customTimeouts` and a state without a serialized provider come with them
 * (docs/plugin.md says how to install the plugin and how to choose).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EngineType, SubnetCompute } from "../client/index.js";
import type { RestoreRecord } from "../resources/managed-database/restore.js";
import { SECRET_OUTPUTS } from "../resources/managed-database/common.js";
import type { DatabaseSnapshotArgs } from "../resources/database-snapshot/resource.js";
import { parseSnapshotId, secondaryOfSingleNode } from "../resources/database-snapshot/resource.js";
import type { MaintenanceWindowInput } from "../shared/validate.js";
import type { MysqlDatabaseArgs } from "../resources/mysql-database/resource.js";
import type { PostgresqlDatabaseArgs } from "../resources/postgresql-database/resource.js";
import { programFailuresInput, remember } from "../shared/program-args.js";
import type { VpcArgs, VpcSubnetOutput } from "../resources/vpc/resource.js";
import { inlineCollisions, type VpcSubnetArgs } from "../resources/vpc-subnet/resource.js";
import { idOutput, withSecretOutputs } from "../shared/common.js";
import { DATABASE_FIELDS } from "../resources/managed-database/fields.js";
import { outputKeys, passedInputs } from "../shared/fields.js";
import { SNAPSHOT_FIELDS } from "../resources/database-snapshot/fields.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../resources/vpc/fields.js";
import { token } from "../plugin/token.js";

export type { DatabaseSnapshotArgs, MysqlDatabaseArgs, PostgresqlDatabaseArgs, VpcArgs, VpcSubnetArgs };

/** A VPC, served by the plugin; arguments and behaviour as `pulumi-cloudplatform`'s `Vpc`. Import id: the VPC id. */
export class Vpc extends pulumi.CustomResource {
  /** The VPC's numeric id. */
  declare public readonly vpcId: pulumi.Output<number>;
  /** The VPC's label. */
  declare public readonly label: pulumi.Output<string>;
  /** The region the VPC lives in. */
  declare public readonly region: pulumi.Output<string>;
  /** The description ("" when none). */
  declare public readonly description: pulumi.Output<string>;
  /** The inline subnets with their ids. */
  declare public readonly subnets: pulumi.Output<VpcSubnetOutput[]>;

  constructor(name: string, args: VpcArgs, opts?: pulumi.CustomResourceOptions) {
    super(token("Vpc"), name, { ...args, ...passedInputs(VPC_FIELDS, args), ...outputKeys(VPC_FIELDS) }, opts);
    // From the id, as in the dynamic resources (`idOutput`): known in previews of updates.
    this.vpcId = idOutput(this, Number);
    remember([this.id, this.vpcId], args);
  }
}

/** A subnet of a VPC, served by the plugin; as `pulumi-cloudplatform`'s `VpcSubnet`. Import id: `<vpcId>/<subnetId>` (or `<vpcId>,<subnetId>`). */
export class VpcSubnet extends pulumi.CustomResource {
  /** Id of the VPC holding the subnet. */
  declare public readonly vpcId: pulumi.Output<number>;
  /** The subnet's numeric id. */
  declare public readonly subnetId: pulumi.Output<number>;
  /** The subnet's label. */
  declare public readonly label: pulumi.Output<string>;
  /** The IPv4 range. */
  declare public readonly ipv4: pulumi.Output<string>;
  /** Default gateway of the subnet: the first host address of the range. */
  declare public readonly gateway: pulumi.Output<string>;
  /** Compute instances assigned to the subnet, with their interfaces, as of the last read. */
  declare public readonly computes: pulumi.Output<SubnetCompute[]>;

  constructor(name: string, args: VpcSubnetArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      token("VpcSubnet"),
      name,
      { ...args, ...programFailuresInput(inlineCollisions(args)), ...outputKeys(SUBNET_FIELDS) },
      opts,
    );
    this.subnetId = idOutput(this, Number);
  }
}

/** Outputs both database resources share. */
export abstract class Database extends pulumi.CustomResource {
  /** The database's numeric id. */
  declare public readonly instanceId: pulumi.Output<number>;
  /** The label. */
  declare public readonly label: pulumi.Output<string>;
  /** The region. */
  declare public readonly region: pulumi.Output<string>;
  /** Compute instance type of the nodes. */
  declare public readonly type: pulumi.Output<string>;
  /** Engine id `<engine>/<version>`. */
  declare public readonly engineId: pulumi.Output<string>;
  /** Engine type, `mysql` or `postgresql`. */
  declare public readonly engineType: pulumi.Output<string>;
  /** Engine version. */
  declare public readonly version: pulumi.Output<string>;
  /** Number of nodes, 1 or 3. */
  declare public readonly clusterSize: pulumi.Output<number>;
  /** Whether the disks are encrypted. */
  declare public readonly encrypted: pulumi.Output<boolean>;
  /** Whether SSL is required to connect. */
  declare public readonly sslConnection: pulumi.Output<boolean>;
  /** Replication mode. */
  declare public readonly replicationType: pulumi.Output<string>;
  /** Allowed sources, normalised: single addresses as /32, sorted. */
  declare public readonly allowList: pulumi.Output<string[]>;
  /** The maintenance window in effect. */
  declare public readonly updates: pulumi.Output<MaintenanceWindowInput | null>;
  /** Access port (3306 for MySQL, 5432 for PostgreSQL). */
  declare public readonly port: pulumi.Output<number>;
  /** Primary and secondary host names (null while provisioning). */
  declare public readonly hosts: pulumi.Output<{ primary: string | null; secondary: string | null }>;
  /** Status as of the last create, update or refresh. */
  declare public readonly status: pulumi.Output<string>;
  /** Root user name (secret). */
  declare public readonly rootUsername: pulumi.Output<string>;
  /** Root password (secret). */
  declare public readonly rootPassword: pulumi.Output<string>;
  /** Base64 SSL CA certificate (secret). */
  declare public readonly caCertificate: pulumi.Output<string>;
  /** Secret connection URI of the primary host. */
  declare public readonly connectionUri: pulumi.Output<string>;
  /** Secret connection URI of the secondary host. */
  declare public readonly secondaryConnectionUri: pulumi.Output<string | undefined>;
  /** The last restore this stack performed (the backup and `restoredAt`); undefined when none. */
  declare public readonly lastRestore: pulumi.Output<RestoreRecord | undefined>;

  protected constructor(
    typeName: string,
    name: string,
    args: object,
    opts: pulumi.CustomResourceOptions | undefined,
    engine: EngineType,
  ) {
    super(
      token(typeName),
      name,
      { ...args, ...passedInputs(DATABASE_FIELDS, args, engine), ...outputKeys(DATABASE_FIELDS) },
      withSecretOutputs(opts, SECRET_OUTPUTS),
    );
    // The state keeps no `instanceId`: it is the resource id, as in the dynamic resources.
    this.instanceId = idOutput(this, Number);
    remember([this.id, this.instanceId], args);
  }
}

/** A managed MySQL database, served by the plugin; as `pulumi-cloudplatform`'s `MysqlDatabase`. Import id: the database id. */
export class MysqlDatabase extends Database {
  constructor(name: string, args: MysqlDatabaseArgs, opts?: pulumi.CustomResourceOptions) {
    super("MysqlDatabase", name, args, opts, "mysql");
  }
}

/** A managed PostgreSQL database, served by the plugin; as `pulumi-cloudplatform`'s `PostgresqlDatabase`. Import id: the database id. */
export class PostgresqlDatabase extends Database {
  /** Commit mode of the replicas. */
  declare public readonly replicationCommitType: pulumi.Output<string>;

  constructor(name: string, args: PostgresqlDatabaseArgs, opts?: pulumi.CustomResourceOptions) {
    super("PostgresqlDatabase", name, args, opts, "postgresql");
  }
}

/** A database snapshot, served by the plugin; as `pulumi-cloudplatform`'s `DatabaseSnapshot`. Import id: `<engine>/<instanceId>/<backupId>`. */
export class DatabaseSnapshot extends pulumi.CustomResource {
  /** Engine of the database. */
  declare public readonly engine: pulumi.Output<string>;
  /** Id of the database. */
  declare public readonly instanceId: pulumi.Output<number>;
  /** The snapshot's label. */
  declare public readonly label: pulumi.Output<string>;
  /** Node the snapshot was taken from, when given. */
  declare public readonly target: pulumi.Output<string | undefined>;
  /** The backup's numeric id. */
  declare public readonly backupId: pulumi.Output<number>;
  /** Backup type, always "snapshot" for backups made here. */
  declare public readonly type: pulumi.Output<string>;
  /** Creation time. */
  declare public readonly created: pulumi.Output<string>;

  constructor(name: string, args: DatabaseSnapshotArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      token("DatabaseSnapshot"),
      name,
      {
        ...args,
        ...programFailuresInput(secondaryOfSingleNode(args)),
        ...passedInputs(SNAPSHOT_FIELDS, args),
        ...outputKeys(SNAPSHOT_FIELDS),
      },
      opts,
    );
    this.backupId = idOutput(this, (id) => parseSnapshotId(id)?.backupId as number);
  }
}
