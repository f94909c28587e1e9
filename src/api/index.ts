/**
 * The API model: every entity and field of the contract, declared once as data (field.ts says how).
 * Imports nothing outside this folder.
 */
export * from "./field.js";
export * from "./bodies.js";
export * from "./names.js";
export * from "./refusals.js";
export * from "./network.js";
export * from "./catalogue.js";
export * from "./databases.js";
export * from "./rules.js";
export * from "./platforms.js";
export * from "./plans.js";
import { AVAILABILITY, ENGINE, REGION } from "./catalogue.js";
import { DATABASE_TYPE } from "./plans.js";
import { BACKUP, CERTIFICATE, CREDENTIALS, DATABASE, DATABASE_SUMMARY, FORK, MAINTENANCE_WINDOW } from "./databases.js";
import {
  INLINE_SUBNET,
  PRIVATE_NETWORK,
  SUBNET,
  SUBNET_COMPUTE,
  SUBNET_DATABASE,
  SUBNET_NODEBALANCER,
  VPC,
  VPC_IP,
  VPC_IPV6_ENTRY,
} from "./network.js";
import { VPC_AVAILABILITY, VPC_DEFAULT_RANGES } from "./vpc-today.js";

/** Every entity of the contract, by the name the code uses. */
export const ENTITIES = {
  VPC,
  SUBNET,
  INLINE_SUBNET,
  SUBNET_COMPUTE,
  SUBNET_DATABASE,
  PRIVATE_NETWORK,
  VPC_IP,
  SUBNET_NODEBALANCER,
  VPC_IPV6_ENTRY,
  VPC_AVAILABILITY,
  VPC_DEFAULT_RANGES,
  REGION,
  AVAILABILITY,
  ENGINE,
  DATABASE_TYPE,
  DATABASE,
  MAINTENANCE_WINDOW,
  FORK,
  DATABASE_SUMMARY,
  BACKUP,
  CREDENTIALS,
  CERTIFICATE,
} as const;
export * from "./engine-config.js";
export * from "./vpc-today.js";
export * from "./vpc-rules.js";
export * from "./ipv6.js";
export * from "./paths.js";
export * from "./database-hosts.js";
export * from "./wire-keys.js";
export * from "./engine-families.js";
export * from "./labelled.js";
export * from "./outside-contract.js";
export * from "./look-up-keys.js";
