/**
 * The provider of `MysqlDatabase`: the managed databases' provider (../managed-database/) for the
 * mysql engine.
 */
import type * as pulumi from "@pulumi/pulumi";
import { databaseProvider } from "../managed-database/provider.js";

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = databaseProvider("mysql");
