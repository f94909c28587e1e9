/**
 * The resource classes and their argument types. The `provider` implementations stay in their
 * modules: the provider process loads them there by path, and programs never need them.
 */
export { Vpc, type VpcArgs, type VpcSubnetSpec, type VpcSubnetOutput } from "./vpc.js";
export { VpcSubnet, type VpcSubnetArgs } from "./vpc-subnet.js";
export { MysqlDatabase, type MysqlDatabaseArgs } from "./mysql-database.js";
export { PostgresqlDatabase, type PostgresqlDatabaseArgs } from "./postgresql-database.js";
export { DatabaseSnapshot, type DatabaseSnapshotArgs } from "./database-snapshot.js";
export {
  ManagedDatabase,
  type DatabaseArgsBase,
  type DatabaseRestoreArgs,
  type MaintenanceWindowArgs,
} from "./database-common.js";
export type { RestoreRecord } from "./database-restore.js";
export type { Timeouts } from "./wait.js";
