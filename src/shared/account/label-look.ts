/**
 * The looks creates make before they send anything (label-claim.ts), in as few requests as the
 * account allows, whatever it holds.
 *
 * A VPC's look asks for the VPCs that hold the label or have an id above a floor: an id the account
 * held earlier in this run. Every VPC at or below the floor is older than the floor, so the highest
 * id of the answer (or the floor) is the account's highest now, exactly as a read of the whole list
 * would give it (the API filters before it paginates, `X-Filter`, api-behaviour.md "Filtering"; `id`
 * and `label` are filterable on VPCs). The floor is read once per provider process (the newest VPC:
 * one request of one page) and raised by every look and create, so an answer holds the labels'
 * holders and the few VPCs made since, not the account.
 *
 * A subnet's look reads its VPC: a VPC answers with all its subnets (the contract's VPC object,
 * cloud-api-v4.md "subnets": "in responses the full subnet objects"), so the VPC's subnets as the
 * API holds them now are in the same list request as the VPC looks, asked by the VPC's id.
 *
 * Looks asked for while another is on its way go together in the next request (batch.ts): each is
 * still sent after its create asked for it, so every create sees the account as fresh as a request
 * of its own would show it.
 */
import type { Subnet, Vpc } from "../../client/index.js";
import { VPC, wireKeys } from "../../api/index.js";
import { client, onReconfigure } from "../runtime/context.js";
import { batched } from "./batch.js";
import { lookIn, type Look } from "./label-claim.js";

/** What one look wants from the VPC list: the holder of a VPC label, or one VPC's subnets. */
type Want = { label: string } | { vpcId: number };

/** The VPCs of one request, and the account's highest VPC id when a label was asked for. */
type Answer = { items: Vpc[]; maxId: number };

/**
 * How long a look waits for the looks of other creates (the engine runs creates in parallel, but
 * starts each when its check, called one at a time, has answered, so they arrive tens of
 * milliseconds apart). The wait comes before the request, so the answer is as fresh when its
 * create sends the POST as without it: the proof is unchanged.
 */
const LOOK_WAIT_MS = 30;

let floor: Promise<number> | undefined;
let looks = batched(readVpcs, LOOK_WAIT_MS);

onReconfigure(() => {
  floor = undefined;
  looks = batched(readVpcs, LOOK_WAIT_MS);
});

/** The highest VPC id the account holds: the first of the list ordered by id, newest first. */
async function newestVpcId(): Promise<number> {
  for await (const vpc of client().vpcs.iterate({
    pageSize: 25,
    filter: { "+order_by": wireKeys(VPC).id, "+order": "desc" },
  }))
    return vpc.id;
  return 0;
}

async function vpcFloor(): Promise<number> {
  floor ??= newestVpcId();
  try {
    return await floor;
  } catch (err) {
    // A failed read is not kept: the next look reads again.
    floor = undefined;
    throw err;
  }
}

/** Raises the floor to a VPC id seen (a look's answer, a create's), so the next look's answer is smaller. */
export function raiseVpcFloor(id: number): void {
  const before = floor;
  floor = (async () => Math.max(id, before ? await before.catch(() => 0) : 0))();
}

async function readVpcs(wants: Want[]): Promise<Answer> {
  const labels = wants.flatMap((w) => ("vpcId" in w ? [] : [{ label: w.label }]));
  const ids = wants.flatMap((w) => ("vpcId" in w ? [{ id: w.vpcId }] : []));
  // The floor (and the account's highest id) matter only to a VPC look; subnet looks alone ask by id.
  const since = labels.length > 0 ? await vpcFloor() : undefined;
  const clauses = [...labels, ...ids, ...(since === undefined ? [] : [{ id: { "+gt": since } }])];
  const items = await client().vpcs.list({ filter: clauses.length === 1 ? clauses[0]! : { "+or": clauses } });
  if (since === undefined) return { items, maxId: 0 };
  const maxId = Math.max(since, ...items.map((v) => v.id));
  raiseVpcFloor(maxId);
  return { items, maxId };
}

/** The VPC that holds `label` and the account's highest VPC id, as the API answers now. */
export async function vpcLook(label: string): Promise<Look<Vpc>> {
  const { items, maxId } = await looks({ label });
  return { found: items.find((v) => v.label === label), maxId };
}

/** The subnet of VPC `vpcId` that holds `label` and the highest id among its subnets, as the API answers now. */
export async function subnetLook(vpcId: number, label: string): Promise<Look<Subnet>> {
  const vpc = (await looks({ vpcId })).items.find((v) => v.id === vpcId);
  // A VPC the list lacks is gone: its subnet list answers as the API does (not found).
  return lookIn(vpc?.subnets ?? (await client().subnets.list(vpcId)), label);
}
