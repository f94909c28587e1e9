/**
 * Deleting subnets and VPCs: shared by the VPC (inline subnets) and VPC subnet providers, because
 * both fail the same way when compute instances still use a subnet.
 */
import type { CreateSubnetRequest, Subnet } from "../../client/index.js";
import { client } from "../../shared/runtime/context.js";
import { isNotFound, unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { QUICK, waitFor } from "../../shared/runtime/wait.js";

/** Default delete limit for VPCs and subnets, which the API removes at once. */
export const NETWORK_DELETE_TIMEOUT_MS = 10 * 60_000;

/** The subnet of the VPC that holds `label` (unique in a VPC), if any. */
export async function subnetByLabel(vpcId: number, label: string): Promise<Subnet | undefined> {
  return (await client().subnets.list(vpcId, { filter: { label } })).find((s) => s.label === label);
}

/**
 * Creates a subnet. An attempt whose answer is lost is looked up by its label (unique in the VPC):
 * found, it is the result; not found, the create is sent again.
 */
export async function createSubnet(vpcId: number, body: CreateSubnetRequest): Promise<Subnet> {
  return client().subnets.create(vpcId, body, { recover: () => subnetByLabel(vpcId, body.label) });
}

/**
 * "subnet web (10.0.1.0/24): compute instance 101 (interface 7, active)", one entry per subnet that
 * has compute instances, or an empty list when none do.
 */
export function attachedComputes(subnets: readonly Subnet[]): string[] {
  return subnets
    .filter((s) => s.computes.length > 0)
    .map((s) => {
      const computes = s.computes.map((c) => {
        const ifaces = c.interfaces.map((i) => `interface ${i.id}${i.active ? ", active" : ""}`).join("; ");
        return `compute instance ${c.id}${ifaces ? ` (${ifaces})` : ""}`;
      });
      return `subnet ${s.label} (${s.ipv4}, id ${s.id}): ${computes.join(", ")}`;
    });
}

/** Error for a delete the API refused because instances still use subnets. */
export function blockedError(what: string, blockers: string[], cause: unknown): Error {
  return new Error(
    `${what} cannot be deleted while compute instances use it: ${blockers.join("; ")}. ` +
      "Shut the instances down and remove their VPC interfaces (or delete the instances), then retry.",
    { cause },
  );
}

/**
 * Deletes one subnet and waits until it is gone. A 404 counts as done; a refusal caused by
 * attached instances becomes an error naming them.
 */
export async function deleteSubnet(vpcId: number, subnetId: number, timeoutMs: number): Promise<void> {
  const api = client().subnets;
  try {
    await api.delete(vpcId, subnetId);
  } catch (err) {
    if (isNotFound(err)) return;
    const subnet = await unlessNotFound(() => api.get(vpcId, subnetId)).catch(() => undefined);
    const blockers = subnet ? attachedComputes([subnet]) : [];
    if (blockers.length > 0) throw blockedError(`Subnet ${subnetId} of VPC ${vpcId}`, blockers, err);
    throw err;
  }
  await waitFor({
    what: `subnet ${subnetId} of VPC ${vpcId} to be deleted`,
    poll: () => unlessNotFound(() => api.get(vpcId, subnetId)),
    done: (s) => s === undefined,
    timeoutMs,
    profile: QUICK,
  });
}

/** Deletes a VPC with all its subnets and waits until it is gone; 404 counts as done. */
export async function deleteVpc(vpcId: number, timeoutMs: number): Promise<void> {
  const api = client();
  try {
    await api.vpcs.delete(vpcId);
  } catch (err) {
    if (isNotFound(err)) return;
    const subnets = await api.subnets.list(vpcId).catch(() => [] as Subnet[]);
    const blockers = attachedComputes(subnets);
    if (blockers.length > 0) throw blockedError(`VPC ${vpcId}`, blockers, err);
    throw err;
  }
  await waitFor({
    what: `VPC ${vpcId} to be deleted`,
    poll: () => unlessNotFound(() => api.vpcs.get(vpcId)),
    done: (v) => v === undefined,
    timeoutMs,
    profile: QUICK,
  });
}
