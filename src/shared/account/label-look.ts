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
 * holders and the few VPCs made since, not the account. A subnet's look reads its VPC's subnets.
 *
 * Looks asked for while another of the same scope is on its way go together in the next request
 * (the VPCs holding any of their labels; the VPC's subnets): each is still sent after its create
 * asked for it, so every create sees the account as fresh as a request of its own would show it.
 */
import type { Subnet, Vpc } from "../../client/index.js";
import { client, onReconfigure } from "../runtime/context.js";
import type { Look } from "./label-claim.js";

/** The most labels one look asks for: the header stays a few kilobytes. */
const MOST_LABELS = 50;

type Answer<T> = { items: T[]; maxId: number };

/**
 * Runs `read` for the labels asked for: at once (after the current turn, so creates arriving
 * together share it) when none is on its way, otherwise when the one on its way has answered.
 */
function batched<T extends { label: string }>(
  read: (labels: string[]) => Promise<Answer<T>>,
): (label: string) => Promise<Look<T>> {
  const waiting: { label: string; resolve: (look: Look<T>) => void; reject: (err: unknown) => void }[] = [];
  let busy = false;
  const drain = async (): Promise<void> => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MOST_LABELS);
      try {
        const { items, maxId } = await read([...new Set(batch.map((w) => w.label))]);
        for (const w of batch) w.resolve({ found: items.find((item) => item.label === w.label), maxId });
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    busy = false;
  };
  return (label) =>
    new Promise((resolve, reject) => {
      waiting.push({ label, resolve, reject });
      if (busy) return;
      busy = true;
      setImmediate(() => void drain());
    });
}

let floor: Promise<number> | undefined;
let vpcLooks = batched(readVpcs);
const subnetLooks = new Map<number, (label: string) => Promise<Look<Subnet>>>();

onReconfigure(() => {
  floor = undefined;
  vpcLooks = batched(readVpcs);
  subnetLooks.clear();
});

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

async function readVpcs(labels: string[]): Promise<Answer<Vpc>> {
  const since = await vpcFloor();
  const items = await client().vpcs.list({
    filter: { "+or": [...labels.map((label) => ({ label })), { id: { "+gt": since } }] },
  });
  const maxId = Math.max(since, ...items.map((v) => v.id));
  raiseVpcFloor(maxId);
  return { items, maxId };
}

/** The VPC that holds `label` and the account's highest VPC id, as the API answers now. */
export function vpcLook(label: string): Promise<Look<Vpc>> {
  return vpcLooks(label);
}

/** The subnet of VPC `vpcId` that holds `label` and the highest id among its subnets, as the API answers now. */
export function subnetLook(vpcId: number, label: string): Promise<Look<Subnet>> {
  let look = subnetLooks.get(vpcId);
  if (!look) {
    look = batched(async () => {
      const items = await client().subnets.list(vpcId);
      return { items, maxId: Math.max(0, ...items.map((s) => s.id)) };
    });
    subnetLooks.set(vpcId, look);
  }
  return look(label);
}
