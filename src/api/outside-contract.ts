/**
 * Parts of the API the contract names but does not declare as entities, as far as the emulator
 * keeps them: a compute instance (seen from VPCs), an event's entity, and a plan's facts in the
 * emulator's catalogue. Declared here, with the model, so that the emulator's records, seed and
 * control API read these names rather than spell them.
 */
import type { Answer } from "./bodies.js";
import type { DATABASE_TYPE } from "./plans.js";

/** A compute instance, only as far as VPC attachments need it. */
export interface ComputeFacts {
  id: number;
  label: string;
  region: string;
}

/** The entity an account event is about. */
export interface EventEntity {
  id: number;
  type: string;
  label: string;
}

/** The names a filter of the account's event log may use (`x-linode-filterable` in the published description). */
export const EVENT_FILTERABLE = ["id", "action", "created", "entity.id", "entity.type", "read"] as const;

/** A database plan as the emulator's catalogue holds it: its id, label and disk (in GB there). */
export type PlanFacts = Pick<Answer<typeof DATABASE_TYPE>, "id" | "label" | "disk">;
