/**
 * The resource classes and their argument types. The `provider` implementations stay in their
 * modules: the provider process loads them there by path, and programs never need them.
 */
export { Vpc, type VpcArgs, type VpcSubnetSpec, type VpcSubnetOutput } from "./vpc/resource.js";
export { VpcSubnet, type VpcSubnetArgs } from "./vpc-subnet/resource.js";
export { MysqlDatabase, type MysqlDatabaseArgs } from "./mysql-database/resource.js";
export { PostgresqlDatabase, type PostgresqlDatabaseArgs } from "./postgresql-database/resource.js";
export { DatabaseSnapshot, type DatabaseSnapshotArgs } from "./database-snapshot/resource.js";
export {
  ManagedDatabase,
  type DatabaseArgsBase,
  type DatabaseRestoreArgs,
  type MaintenanceWindowArgs,
} from "./managed-database/common.js";
export type { RestoreRecord } from "./managed-database/restore.js";
export type { Timeouts } from "../shared/wait.js";
