/**
 * What every labelled object of the API answers alike (a VPC, a subnet, a database, a backup): its
 * id and its label, by which a create finds out what is already there.
 */
import type { Answer } from "./bodies.js";
import type { SUBNET } from "./network.js";

/** An answer's id and label, as every labelled entity declares them. */
export type Labelled = Pick<Answer<typeof SUBNET>, "id" | "label">;
