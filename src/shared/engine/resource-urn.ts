/**
 * The URN of the resource a create is made for, carried from the program to the provider. The
 * dynamic-provider host hands `create` the inputs only, yet the proof that an object under a
 * create's label is this resource's own (label-claim.ts) is keyed by the URN. The resource classes
 * therefore pass it as the input {@link RESOURCE_URN}; `check` takes it out (it never reaches the
 * state) and keeps it in this process (this-run.ts), where the same `pulumi up`'s `create` finds it
 * by the create's claim scope. The plugin reads the URN from the engine's request instead.
 */
import type * as pulumi from "@pulumi/pulumi";
import { pulumiSdk } from "./pulumi-sdk.js";
import { PACKAGE } from "./package.js";

/** The input that carries the resource's URN to `check`; never kept in the state. */
export const RESOURCE_URN = "__resourceUrn";

/**
 * The extra input for the properties of the dynamic resource `typeName` ("Vpc", ...): its URN,
 * computed as the engine computes it. A parent's URN is read without making the parent a
 * dependency, so the state's dependencies do not change.
 */
export function urnInput(
  typeName: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, pulumi.Input<string>> {
  const type = `pulumi-nodejs:dynamic/${PACKAGE}:${typeName}`;
  const parent = opts?.parent;
  const sdk = pulumiSdk();
  if (!parent) return { [RESOURCE_URN]: sdk.createUrn(name, type) };
  // A URN is always known, so the apply runs in previews too.
  const parentUrn = new Promise<string>((resolve) => parent.urn.apply((urn) => resolve(urn)));
  return { [RESOURCE_URN]: sdk.createUrn(name, type, sdk.output(parentUrn)) };
}

/** Takes the URN out of `inputs` (so it never reaches the state) and returns it. */
export function takeUrn(inputs: Record<string, unknown>): string | undefined {
  const urn = inputs[RESOURCE_URN];
  delete inputs[RESOURCE_URN];
  return typeof urn === "string" && urn.startsWith("urn:pulumi:") ? urn : undefined;
}
