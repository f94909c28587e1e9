/**
 * A database in a VPC subnet on today's platform (todays-platform.md §5): `private_network` (a
 * VPC, one of its subnets, `public_access`) on create and PUT (`null` detaches), the VPC in the
 * database's region and the subnet one of that VPC's; the subnet's answer lists its databases
 * (`databases: [{id, ipv4_range, ipv6_ranges}]`); a subnet a database left stays busy for
 * `subnetReleaseSeconds` of the emulator's clock (the real API refuses its delete for minutes).
 * A database takes a /30 range of its subnet, from the top down. The field's own wire names are
 * spelled here only in the emulator (its links to a VPC and a subnet are links.ts's); texts of
 * refusals are chosen (docs/emulator.md).
 */
import { PRIVATE_NETWORK } from "../../api/index.js";
import { formatCidr, parseAddress, parseCidr, size } from "../../api/ipv4.js";
import { timestamp } from "../clock.js";
import type { ErrorList } from "../failures.js";
import type { DatabaseRecord, SubnetRecord } from "../records.js";
import type { Actor, Store } from "../store.js";
import { canSee } from "../access.js";
import { interfacesUsing } from "../computes/model.js";
import { linkToSubnet, subnetOf, vpcOf } from "../vpcs/links.js";
import { answerOf, type Stored } from "../stored.js";
import type { DatabaseLink } from "./model.js";
import { platformOf } from "./platform.js";

const FIELD = "private_network";

/** A private network as a record holds it; its links to a VPC and a subnet are links.ts's. */
type PrivateNetwork = Stored<typeof PRIVATE_NETWORK>;

/** The keys a body's network must give (the VPC's and the subnet's), as the model names them. */
const REQUIRED = Object.entries(PRIVATE_NETWORK.fields)
  .filter(([, f]) => f.create === "required")
  .map(([k]) => k);
const [VPC_KEY, SUBNET_KEY] = REQUIRED as [string, string];

/** What a database record holds of its network. */
interface Held {
  private_network?: PrivateNetwork | null;
  /** The database's range in its subnet. */
  privateRange?: string | null;
}

/** What a subnet record holds of the databases that left it. */
interface SubnetHeld {
  /** Emulated ms until which the subnet is busy after a database left it. */
  releasedAt?: number;
}

/** The prefix of a database's range in its subnet (chosen: a /30, four addresses). */
const RANGE_PREFIX = 30;

const held = (db: DatabaseRecord) => db as DatabaseRecord & Held;

/** The databases in a subnet. */
function databasesIn(store: Store, subnetId: number): (DatabaseRecord & Held)[] {
  return store.state.databases.map(held).filter((d) => {
    const network = d[FIELD];
    return network ? subnetOf(network) === subnetId : false;
  });
}

/** The highest free /30 of the subnet, clear of compute interfaces and other databases. */
function freeRange(store: Store, subnet: SubnetRecord, selfId: number | undefined): string | undefined {
  const range = subnet.ipv4 === null ? undefined : parseCidr(subnet.ipv4);
  if (!range || range.prefix > RANGE_PREFIX) return undefined;
  const taken = databasesIn(store, subnet.id)
    .filter((d) => d.id !== selfId)
    .map((d) => d.privateRange);
  const addresses = interfacesUsing(store.state, subnet.id).map((i) => parseAddress(i.address));
  const block = 2 ** (32 - RANGE_PREFIX);
  // The top block holds the broadcast address; the bottom one the network and gateway.
  for (let base = range.base + size(range) - 2 * block; base > range.base; base -= block) {
    const text = formatCidr({ base, prefix: RANGE_PREFIX });
    const used = addresses.some((a) => a !== undefined && a >= base && a < base + block);
    if (!used && !taken.includes(text)) return text;
  }
  return undefined;
}

/**
 * The network a body asks for, checked: undefined when the body gives none, null to detach. The
 * VPC must be visible and in `region`, the subnet one of its subnets with room for a range.
 */
function asked(
  store: Store,
  body: object,
  region: string,
  selfId: number | undefined,
  visible: (vpcId: number) => boolean,
  errors: ErrorList,
): { network: PrivateNetwork | null; range: string | null } | undefined {
  const given = (body as Record<string, unknown>)[FIELD] as Record<string, unknown> | null | undefined;
  if (given === undefined) return undefined;
  if (given === null) return { network: null, range: null };
  const missing = REQUIRED.filter((k) => given[k] === undefined);
  if (missing.length > 0) return void missing.forEach((k) => errors.add(`${FIELD}.${k}`, "Required"));
  const link = given as unknown as PrivateNetwork;
  const vpc = store.state.vpcs.find((v) => v.id === vpcOf(link) && visible(v.id));
  if (!vpc) return void errors.add(`${FIELD}.${VPC_KEY}`, `No VPC ${vpcOf(link)}`);
  if (vpc.region !== region)
    return void errors.add(
      `${FIELD}.${VPC_KEY}`,
      `VPC ${vpc.id} is in region ${vpc.region}; a database joins a VPC of its own region (${region})`,
    );
  const subnet = store.state.subnets.find((s) => s.id === subnetOf(link) && vpcOf(s) === vpc.id);
  if (!subnet) return void errors.add(`${FIELD}.${SUBNET_KEY}`, `No subnet ${subnetOf(link)} in VPC ${vpc.id}`);
  const same = selfId !== undefined && databasesIn(store, subnet.id).find((d) => d.id === selfId);
  const range = same ? same.privateRange! : freeRange(store, subnet, selfId);
  if (!range)
    return void errors.add(
      `${FIELD}.${SUBNET_KEY}`,
      `Subnet ${subnet.id} (${subnet.ipv4}) has no free range for a database`,
    );
  const network: PrivateNetwork = { ...linkToSubnet(subnet), public_access: link.public_access ?? false };
  return { network, range };
}

/**
 * A database's link to a subnet, as the database model takes it (model.ts's `DatabaseLink`): on
 * today's platform a create or an update body's network, checked against the VPCs the actor sees;
 * a subnet the database leaves, or is deleted from, stays busy for a while.
 */
export function privateNetworkLink(store: Store): DatabaseLink {
  const seen = (actor: Actor) => (vpcId: number) => canSee(actor, "vpc", vpcId);
  return {
    atCreate: (body, actor, errors) => {
      const network = asked(store, body, body.region, undefined, seen(actor), errors);
      return { [FIELD]: network?.network ?? null, privateRange: network?.range ?? null };
    },
    update: (db, body, actor, errors) => {
      const change = asked(store, body, db.region, db.id, seen(actor), errors);
      return () => applyChange(store, db, change);
    },
    deleted: (db) => {
      const network = held(db)[FIELD];
      if (network) release(store, subnetOf(network));
    },
  };
}

/** Applies a checked change: a subnet the database leaves stays busy for a while. */
function applyChange(store: Store, db: DatabaseRecord, change: ReturnType<typeof asked>): void {
  if (change === undefined) return;
  const was = held(db)[FIELD];
  const before = was ? subnetOf(was) : undefined;
  if (before !== undefined && before !== (change.network ? subnetOf(change.network) : undefined))
    release(store, before);
  held(db)[FIELD] = change.network;
  held(db).privateRange = change.range;
}

function release(store: Store, subnetId: number): void {
  const subnet = store.state.subnets.find((s) => s.id === subnetId) as (SubnetRecord & SubnetHeld) | undefined;
  if (subnet) subnet.releasedAt = store.clock.now() + store.timings.subnetReleaseSeconds * 1000;
}

/** The reason a subnet cannot be deleted yet because of databases, or undefined. */
export function subnetDatabaseProblem(store: Store, subnet: SubnetRecord): string | undefined {
  const dbs = databasesIn(store, subnet.id).map((d) => d.id);
  if (dbs.length > 0)
    return `Subnet ${subnet.id} (${subnet.ipv4}) is in use by database(s) ${dbs.join(", ")}; move or delete them first`;
  const until = (subnet as SubnetRecord & SubnetHeld).releasedAt;
  if (until !== undefined && store.clock.now() < until)
    return `Subnet ${subnet.id} (${subnet.ipv4}) is still being released by a database; try again after ${timestamp(until)} (UTC)`;
  return undefined;
}

/** The subnet answer's `databases`: each database in it with its range. */
export const SUBNET_DATABASES_ANSWER = {
  databases: (subnet: SubnetRecord, store: Store) =>
    databasesIn(store, subnet.id).map((d) => ({ id: d.id, ipv4_range: d.privateRange, ipv6_ranges: [] })),
};

/** The database answer's network: null when it has none (records from before the field, too). */
export const PRIVATE_NETWORK_ANSWER = {
  [FIELD]: (db: DatabaseRecord) => {
    const network = held(db)[FIELD];
    // Keys in today's order (alphabetical), as every object of its answers.
    return network ? answerOf(PRIVATE_NETWORK, network, {}, undefined, undefined, platformOf(db)) : null;
  },
};

/**
 * The hosts of a database in a VPC subnet, as the API names them: `private-` before each name
 * (the console's reading of the API's answers; the exact pattern is UNVERIFIED, todays-platform.md
 * §5). A move into a VPC, or out of it, so gives the database new hosts.
 */
export function networkHosts<T extends object>(db: DatabaseRecord, hosts: T): T {
  if (!held(db)[FIELD]) return hosts;
  return Object.fromEntries(
    Object.entries(hosts).map(([k, v]) => [k, typeof v === "string" ? `private-${v}` : v]),
  ) as T;
}
