/**
 * pulumi-cloudplatform: Pulumi dynamic providers for the Cloud Platform API v4.
 *
 * Resources (`Vpc`, `VpcSubnet`, `MysqlDatabase`, `PostgresqlDatabase`, `DatabaseSnapshot`) and
 * read-only look-ups (`getRegions`, `getDatabaseEngines`, ...). The typed API client is exported as
 * `client` for programs that need an operation no resource covers; the local emulator lives at
 * `pulumi-cloudplatform/emulator`.
 */
export * from "./resources/index.js";
export * from "./functions/index.js";
export * as client from "./client/index.js";
