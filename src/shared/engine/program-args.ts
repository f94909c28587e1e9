/**
 * The arguments a program gave the resources it declared, found again through the outputs it
 * passes on to other resources. Some rules span two resources (a subnet that overlaps an inline
 * subnet of the VPC it names; a snapshot of the secondary node of a single-node database); while
 * the first resource is still to be created its id is unknown, so no provider call can see the
 * link. The program can: it holds both argument bags. These rules therefore run in the resource
 * constructors, which hand what they find to the provider's `check` as the input
 * {@link PROGRAM_FAILURES}: the engine then reports it at preview like any other check failure,
 * naming the field, before any API call.
 */

/** The input that carries failures found in the program to `check`; never kept in the state. */
export const PROGRAM_FAILURES = "programFailures";

/** One failure found in the program, in the shape of a check failure. */
export interface ProgramFailure {
  property: string;
  reason: string;
}

/** The extra input for a resource's properties: nothing when there is no failure. */
export function programFailuresInput(failures: ProgramFailure[]): Record<string, unknown> {
  return failures.length > 0 ? { [PROGRAM_FAILURES]: failures } : {};
}

/** Takes the program's failures out of `inputs` (so they never reach the state) and returns them. */
export function takeProgramFailures(inputs: Record<string, unknown>): ProgramFailure[] {
  const found = inputs[PROGRAM_FAILURES];
  delete inputs[PROGRAM_FAILURES];
  return Array.isArray(found) ? (found as ProgramFailure[]) : [];
}

/** Output objects a resource exposes (its `id` and numeric id) mapped to the arguments it was given. */
const declared = new WeakMap<object, Record<string, unknown>>();

/** Records `args` under each of `outputs`, the values other resources take to refer to this one. */
export function remember(outputs: readonly object[], args: object): void {
  for (const output of outputs) declared.set(output, args as Record<string, unknown>);
}

/** The arguments of the resource whose output `value` is, when this program declared it. */
export function argsBehind(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" ? declared.get(value) : undefined;
}
