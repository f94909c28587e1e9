/**
 * The look a VPC create makes before it sends anything (label-claim.ts): the VPC that holds the
 * label, and the highest VPC id of the account, in one request whatever the account holds. The API
 * filters lists (`X-Filter`, api-behaviour.md "Filtering"; `id` and `label` are filterable on VPCs)
 * before it paginates, so the look asks for the VPCs that hold the label or have an id above a
 * floor: an id the account held earlier in this run. Every VPC at or below the floor is older than
 * the floor, so the highest id of the answer (or the floor) is the account's highest now, exactly
 * as a read of the whole list would give it. The floor is read once per provider process (the
 * newest VPC: one request of one page) and raised by every look, so each answer holds the label's
 * holder and the few VPCs made since the last look, not the account.
 */
import type { Vpc } from "../client/index.js";
import { client, onReconfigure } from "./context.js";
import type { Look } from "./label-claim.js";

let floor: Promise<number> | undefined;

onReconfigure(() => (floor = undefined));

/** The highest VPC id the account holds: the first of the list ordered by id, newest first. */
async function newestVpcId(): Promise<number> {
  for await (const vpc of client().vpcs.iterate({ pageSize: 25, filter: { "+order_by": "id", "+order": "desc" } }))
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

/** The VPC that holds `label` and the account's highest VPC id, as the API answers now. */
export async function vpcLook(label: string): Promise<Look<Vpc>> {
  const since = await vpcFloor();
  const answer = await client().vpcs.list({ filter: { "+or": [{ label }, { id: { "+gt": since } }] } });
  const maxId = Math.max(since, ...answer.map((v) => v.id));
  raiseVpcFloor(maxId);
  return { found: answer.find((v) => v.label === label), maxId };
}
