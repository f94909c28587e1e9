/**
 * Deleting subnets and VPCs: shared by the VPC (inline subnets) and VPC subnet providers, because
 * both fail the same way when compute instances still use a subnet.
 */
import type { CreateSubnetRequest, Subnet } from "../../client/index.js";
import { ApiError } from "../../client/index.js";
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

/** What one delete attempt of a subnet came to: sent, or refused while a database's range is released. */
type DeleteAttempt = { sent: true } | { sent: false; reason: string };

/**
 * One delete of a subnet. A 404 counts as sent; a refusal caused by attached instances becomes an
 * error naming them, one caused by a database still in the subnet an error naming the database.
 * A refusal while the subnet holds neither is the API still releasing the range of a database
 * that left it (moved or deleted), which lasts minutes (todays-platform.md §5): it is a busy
 * attempt, tried again by the caller.
 */
async function deleteOnce(vpcId: number, subnetId: number): Promise<DeleteAttempt> {
  const api = client().subnets;
  try {
    await api.delete(vpcId, subnetId);
    return { sent: true };
  } catch (err) {
    if (isNotFound(err)) return { sent: true };
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    const subnet = await unlessNotFound(() => api.get(vpcId, subnetId)).catch(() => undefined);
    if (!subnet) throw err;
    const blockers = attachedComputes([subnet]);
    if (blockers.length > 0) throw blockedError(`Subnet ${subnetId} of VPC ${vpcId}`, blockers, err);
    const held = await databasesStillIn(subnet);
    if (held.length > 0)
      throw new Error(
        `Subnet ${subnetId} of VPC ${vpcId} cannot be deleted while database(s) ${held.join(", ")} use it: ` +
          "move them to another subnet (privateNetwork), detach them, or delete them, then retry.",
        { cause: err },
      );
    return { sent: false, reason: err.message };
  }
}

/**
 * The databases the subnet lists that still exist: the API keeps listing a database for a while
 * after it left, so a listed database the account no longer holds is one being released.
 */
async function databasesStillIn(subnet: Subnet): Promise<number[]> {
  const listed = (subnet.databases ?? []).map((d) => d.id);
  if (listed.length === 0) return [];
  const held = new Set((await client().databases.list()).map((d) => d.id));
  return listed.filter((id) => held.has(id));
}

/**
 * Deletes one subnet and waits until it is gone. A subnet a database has just left is refused for
 * a while: the delete is tried again until the API takes it, within `timeoutMs`.
 */
export async function deleteSubnet(vpcId: number, subnetId: number, timeoutMs: number): Promise<void> {
  const api = client().subnets;
  const start = Date.now();
  await waitFor({
    what: `subnet ${subnetId} of VPC ${vpcId} to be released by the databases that left it`,
    poll: () => deleteOnce(vpcId, subnetId),
    done: (a) => a.sent,
    describe: (a) => (a.sent ? "deleted" : `refused: ${a.reason}`),
    timeoutMs,
    profile: QUICK,
  });
  await waitFor({
    what: `subnet ${subnetId} of VPC ${vpcId} to be deleted`,
    poll: () => unlessNotFound(() => api.get(vpcId, subnetId)),
    done: (s) => s === undefined,
    timeoutMs: Math.max(0, timeoutMs - (Date.now() - start)),
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
