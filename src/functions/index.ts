/**
 * Read-only look-ups of the Cloud Platform API, each as a promise-returning function and an
 * `...Output` variant that accepts Pulumi Inputs.
 */
export * from "./regions.js";
export * from "./databases.js";
export * from "./database.js";
export * from "./vpcs.js";
export * from "./vpc-today.js";
export type {
  DatabaseBackupResult,
  DatabaseDetailResult,
  DatabaseEngineResult,
  DatabaseResult,
  RegionAvailabilityResult,
  RegionResult,
  SubnetResult,
  VpcIpResult,
  VpcIpv6Result,
  VpcIpv6AddressResult,
  VpcResult,
  RegionVpcAvailabilityResult,
  VpcDefaultRangesResult,
} from "./result-types.js";
