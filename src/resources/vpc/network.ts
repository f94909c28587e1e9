/**
 * Deleting subnets and VPCs: shared by the VPC (inline subnets) and VPC subnet providers, because
 * both fail the same way when compute instances still use a subnet.
 */
import type { CreateSubnetRequest, Subnet } from "../../client/index.js";
import type { Answer, SUBNET } from "../../api/index.js";
import { ApiError } from "../../client/index.js";
import { client } from "../../shared/runtime/context.js";
import { isNotFound, unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { QUICK, waitFor } from "../../shared/runtime/wait.js";
import { SUBNET_FIELDS } from "./fields.js";

/** Default delete limit for VPCs and subnets, which the API removes at once. */
export const NETWORK_DELETE_TIMEOUT_MS = 10 * 60_000;

/** The subnet of the VPC that holds `label` (unique in a VPC), if any. */
export async function subnetByLabel(vpcId: number, label: string): Promise<Subnet | undefined> {
  return (await client().subnets.list(vpcId, { filter: { label } satisfies Partial<Answer<typeof SUBNET>> })).find(
    (s) => s.label === label,
  );
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

/** What one delete attempt came to: sent, or refused while a database's range is released. */
type DeleteAttempt = { sent: true } | { sent: false; reason: string };

/**
 * What a delete of `name` the API refused (400) while these subnets were in it comes to: an error
 * naming the compute instances, NodeBalancers or databases still in them, or, when they hold none, a busy
 * attempt. That refusal is the API still releasing the range of a database that left a subnet
 * (moved or deleted), which lasts minutes (todays-platform.md §5), so the caller tries again.
 */
async function refused(name: string, subnets: readonly Subnet[], err: ApiError): Promise<DeleteAttempt> {
  const blockers = attachedComputes(subnets);
  if (blockers.length > 0) throw blockedError(name, blockers, err);
  // Read through the table: the answer's NodeBalancers, by the subnet's output.
  const balancers = subnets.flatMap((s) => (SUBNET_FIELDS.nodebalancers.api.read(s) ?? []).map((n) => n.id));
  if (balancers.length > 0)
    throw new Error(
      `${name} cannot be deleted while NodeBalancer(s) ${balancers.join(", ")} use it: ` +
        "delete them or remove their VPC configuration, then retry.",
      { cause: err },
    );
  const held = await databasesStillIn(subnets);
  if (held.length > 0)
    throw new Error(
      `${name} cannot be deleted while database(s) ${held.join(", ")} use it: ` +
        "move them to another subnet (privateNetwork), detach them, or delete them, then retry.",
      { cause: err },
    );
  return { sent: false, reason: err.message };
}

/**
 * One delete: a 404 counts as sent; a 400 is judged by `refused` against the subnets `inUse`
 * reads (undefined when they cannot be read: the API's error stands).
 */
async function deleteOnce(
  name: string,
  send: () => Promise<unknown>,
  inUse: () => Promise<readonly Subnet[] | undefined>,
): Promise<DeleteAttempt> {
  try {
    await send();
    return { sent: true };
  } catch (err) {
    if (isNotFound(err)) return { sent: true };
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    const subnets = await inUse().catch(() => undefined);
    if (!subnets) throw err;
    return refused(name, subnets, err);
  }
}

/**
 * The databases the subnets list that still exist: the API keeps listing a database for a while
 * after it left, so a listed database the account no longer holds is one being released.
 */
async function databasesStillIn(subnets: readonly Subnet[]): Promise<number[]> {
  const listed = subnets.flatMap((s) => (s.databases ?? []).map((d) => d.id));
  if (listed.length === 0) return [];
  const held = new Set((await client().databases.list()).map((d) => d.id));
  return listed.filter((id) => held.has(id));
}

/**
 * Sends a delete until the API takes it (a subnet a database has just left is refused for a
 * while), then waits until `get` finds nothing, all within `timeoutMs`. `what` names the thing
 * deleted in the messages of the waits.
 */
async function deleteWaitingOutRelease(
  what: string,
  attempt: () => Promise<DeleteAttempt>,
  get: () => Promise<unknown>,
  timeoutMs: number,
): Promise<void> {
  const start = Date.now();
  await waitFor({
    what: `${what} to be released by the databases that left it`,
    poll: attempt,
    done: (a) => a.sent,
    describe: (a) => (a.sent ? "deleted" : `refused: ${a.reason}`),
    timeoutMs,
    profile: QUICK,
  });
  await waitFor({
    what: `${what} to be deleted`,
    poll: () => unlessNotFound(get),
    done: (x) => x === undefined,
    timeoutMs: Math.max(0, timeoutMs - (Date.now() - start)),
    profile: QUICK,
  });
}

/** Deletes one subnet and waits until it is gone; 404 counts as done. */
export async function deleteSubnet(vpcId: number, subnetId: number, timeoutMs: number): Promise<void> {
  const api = client().subnets;
  const get = () => api.get(vpcId, subnetId);
  const attempt = () =>
    deleteOnce(
      `Subnet ${subnetId} of VPC ${vpcId}`,
      () => api.delete(vpcId, subnetId),
      async () => {
        const subnet = await unlessNotFound(get);
        return subnet ? [subnet] : undefined;
      },
    );
  await deleteWaitingOutRelease(`subnet ${subnetId} of VPC ${vpcId}`, attempt, get, timeoutMs);
}

/**
 * Deletes a VPC with all its subnets and waits until it is gone; 404 counts as done. The API
 * refuses it while any subnet is being released, which is waited out as for a subnet.
 */
export async function deleteVpc(vpcId: number, timeoutMs: number): Promise<void> {
  const api = client();
  const attempt = () =>
    deleteOnce(
      `VPC ${vpcId}`,
      () => api.vpcs.delete(vpcId),
      () => api.subnets.list(vpcId),
    );
  await deleteWaitingOutRelease(`VPC ${vpcId}`, attempt, () => api.vpcs.get(vpcId), timeoutMs);
}
