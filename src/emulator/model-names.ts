/**
 * The wire names the emulator's rules must name (a refused field, a record's key), read from the
 * model (src/api `wireKeys`): `VPC_KEYS.label` is `"label"`, so a field renamed in the model is
 * renamed here, or fails to compile, instead of being spelled again in every area. The engine
 * families are the model's too (src/api `ENGINES`, `isEngine`).
 */
import { DATABASE, DATABASE_TYPE, ENGINE, REGION, SUBNET, VPC, VPC_IP, wireKeys } from "../api/index.js";

/** A VPC's wire names. */
export const VPC_KEYS = wireKeys(VPC);

/** A subnet's wire names. */
export const SUBNET_KEYS = wireKeys(SUBNET);

/** A VPC IP entry's wire names. */
export const VPC_IP_KEYS = wireKeys(VPC_IP);

/** A database's wire names. */
export const DATABASE_KEYS = wireKeys(DATABASE);

/** A region's wire names. */
export const REGION_KEYS = wireKeys(REGION);

/** An engine's wire names (the catalogue's entry). */
export const ENGINE_KEYS = wireKeys(ENGINE);

/** A database plan's wire names. */
export const PLAN_KEYS = wireKeys(DATABASE_TYPE);
