/**
 * How the network's records point at each other, and the VPC IP entries those links make. A
 * subnet record names its VPC, and a compute instance's interface record its subnet, VPC and
 * configuration profile, under the wire names of the VPC IP entry (the API model's `VPC_IP`):
 * keys every state file holds and the control API answers. They are spelled here only; the rest
 * of the emulator reads the links through this module.
 */
import {
  formatCidr6,
  parseCidr6,
  VPC_IP,
  VPC_IPV6_ENTRY,
  type SUBNET,
  type SUBNET_COMPUTE,
  type VPC,
} from "../../api/index.js";
import { BadRequest } from "../failures.js";
import type { JsonSchema } from "../json-schema.js";
import { firstHost, maskOf, parseCidr, type Cidr } from "../../api/ipv4.js";
import { answerOf, type Held, type Stored } from "../stored.js";
import type { SUBNET_KEYS, VPC_IP_KEYS as IP, VPC_KEYS } from "../model-names.js";

/** What a subnet record holds of its VPC. */
export interface SubnetLink {
  vpc_id: number;
}

/** A subnet record as the links read it (records.ts's, which names this module's link). */
type LinkedSubnet = Stored<typeof SUBNET, typeof SUBNET_KEYS.computes> & SubnetLink;

/** A VPC record as an IP entry reads it (records.ts's). */
type EntryVpc = Stored<typeof VPC, typeof VPC_KEYS.subnets>;

/** An interface's own id, as a subnet's compute entry answers it. */
type InterfaceId = Stored<typeof SUBNET_COMPUTE.fields.interfaces.type.array>;

/** What an interface holds besides its VPC IP entry: its routed ranges and its SLAAC /64, if any. */
interface InterfaceExtras {
  ip_ranges: string[];
  /** Whether the interface has a SLAAC /64 of its subnet's IPv6 range, and whether it is public. */
  ipv6?: { is_public: boolean } | null;
}

/**
 * A VPC interface as the control API attaches it: an interface record's fields, all but the
 * subnet optional; a SLAAC /64 (`ipv6Entries`) public unless it says not.
 */
export type InterfaceInput = Partial<Omit<InterfaceRecord, keyof SubnetLink | keyof InterfaceExtras>> &
  Pick<InterfaceRecord, "subnet_id"> &
  Partial<Pick<InterfaceExtras, "ip_ranges">> & { ipv6?: { is_public?: boolean } };

/** The control API's schema of an interface to attach. */
export const INTERFACE_BODY: JsonSchema = {
  type: "object",
  required: ["subnet_id"],
  properties: {
    subnet_id: { type: "integer" },
    active: { type: "boolean" },
    ipv6: { type: "object", properties: { is_public: { type: "boolean" } }, additionalProperties: false },
  },
};

/** An interface with its compute instance, and what an IP entry of it answers from. */
interface IpSource extends InterfaceRecord {
  computeId: number;
  vpc: EntryVpc;
  range: Cidr;
  entry: { address: string | null; range: string | null };
}

/** The fields of a VPC IP entry that its interface record does not hold as they are answered. */
type Derived =
  | typeof IP.address
  | typeof IP.address_range
  | typeof IP.gateway
  | typeof IP.interface_id
  | typeof IP.compute_id
  | typeof IP.prefix
  | typeof IP.region
  | typeof IP.subnet_mask;

const IP_ANSWER: Record<Derived, (s: IpSource) => unknown> = {
  address: (s) => s.entry.address,
  address_range: (s) => s.entry.range,
  gateway: (s) => firstHost(s.range),
  interface_id: (s) => s.id,
  compute_id: (s) => s.computeId,
  prefix: (s) => s.range.prefix,
  region: (s) => s.vpc.region,
  subnet_mask: (s) => maskOf(s.range.prefix),
};

/** A VPC interface of a compute instance's configuration profile; the entry's other fields it holds as answered. */
export type InterfaceRecord = Stored<typeof VPC_IP, Derived> &
  Held<typeof VPC_IP, "address"> &
  InterfaceId &
  InterfaceExtras;

/** The subnet record keys the state file must hold, with their kinds (persistence.ts). */
export const SUBNET_LINK_KINDS = { vpc_id: "integer" } as const;

/** The link a new subnet of `vpcId` holds. */
export function linkTo(vpcId: number): SubnetLink {
  return { vpc_id: vpcId };
}

/** The link of a database's private network to `subnet` and its VPC (databases/private-network.ts). */
export function linkToSubnet(subnet: LinkedSubnet): SubnetLink & { subnet_id: number } {
  return { vpc_id: subnet.vpc_id, subnet_id: subnet.id };
}

/** The VPC a subnet or an interface is in. */
export function vpcOf(record: SubnetLink): number {
  return record.vpc_id;
}

/** The subnet an interface (or one to attach) uses. */
export function subnetOf(record: { subnet_id: number }): number {
  return record.subnet_id;
}

/** A refusal of an interface to attach, naming its subnet. */
export function subnetRefusal(reason: string): BadRequest {
  return new BadRequest(reason, "subnet_id");
}

/**
 * A new interface of a compute instance on `subnet`: its profile is the given one, else the
 * profile of the instance's first interface, else a new one (`newConfig`).
 */
export function interfaceRecord(
  input: InterfaceInput,
  subnet: LinkedSubnet,
  firstOfCompute: InterfaceRecord | undefined,
  id: () => number,
  newConfig: () => number,
  address: string,
): InterfaceRecord {
  return {
    id: input.id ?? id(),
    config_id: input.config_id ?? firstOfCompute?.config_id ?? newConfig(),
    subnet_id: subnet.id,
    vpc_id: subnet.vpc_id,
    address,
    ip_ranges: input.ip_ranges ?? [],
    nat_1_1: input.nat_1_1 ?? "",
    active: input.active ?? true,
    ...(input.ipv6 ? { ipv6: { is_public: input.ipv6.is_public ?? true } } : {}),
  };
}

/**
 * VPC IP entries of `interfaces` (those in a VPC or in the account, computes/model.ts): one per
 * interface address and one per routed range, in the VPCs `visible` or all, read against the
 * account's subnets and VPCs. An entry names its own address first, then the model's order.
 */
export function ipEntries(
  interfaces: readonly (InterfaceRecord & { computeId: number })[],
  network: { subnets: readonly LinkedSubnet[]; vpcs: readonly EntryVpc[] },
  visible?: ReadonlySet<number>,
) {
  return interfaces.flatMap((i) => {
    const subnet = network.subnets.find((s) => s.id === i.subnet_id);
    const vpc = network.vpcs.find((v) => v.id === i.vpc_id);
    if (!subnet?.ipv4 || !vpc || (visible && !visible.has(vpc.id))) return [];
    const range = parseCidr(subnet.ipv4) as Cidr;
    const entry = (address: string | null, routed: string | null) => {
      const {
        address: own,
        address_range,
        ...rest
      } = answerOf(VPC_IP, { ...i, vpc, range, entry: { address, range: routed } }, IP_ANSWER);
      return { address: own, address_range, ...rest };
    };
    return [entry(i.address, null), ...i.ip_ranges.map((r) => entry(null, r))];
  });
}

/**
 * The entries of `GET /vpcs/ipv6s` and `/vpcs/{id}/ipv6s` (todays-vpcs.md §1.2), in the model's
 * (recorded) key order: one per interface with a SLAAC range on a dual-stack subnet. An
 * interface's /64 is the n-th of its subnet's range, n its rank among the subnet's IPv6
 * interfaces; its address is the /64's network plus the interface id (the real API's are EUI-64,
 * sanitised in recordings: UNVERIFIED).
 */
export function ipv6Entries(
  interfaces: readonly (InterfaceRecord & { computeId: number })[],
  network: { subnets: readonly (LinkedSubnet & { ipv6?: unknown })[]; vpcs: readonly EntryVpc[] },
  visible?: ReadonlySet<number>,
) {
  const withIpv6 = interfaces.filter((i) => i.ipv6);
  return withIpv6.flatMap((i) => {
    const subnet = network.subnets.find((s) => s.id === i.subnet_id);
    const vpc = network.vpcs.find((v) => v.id === vpcOf(i));
    const range = parseCidr6((subnet?.ipv6 as { range: string }[] | null | undefined)?.[0]?.range ?? "");
    if (!subnet || !vpc || !range || (visible && !visible.has(vpc.id))) return [];
    const rank = withIpv6.filter((o) => o.subnet_id === subnet.id && o.id < i.id).length;
    const slaac = { base: range.base + (BigInt(rank) << 64n), prefix: 64 };
    const address = formatCidr6({ base: slaac.base + BigInt(i.id), prefix: 128 }).replace(/\/128$/, "");
    return [
      answerOf(VPC_IPV6_ENTRY, {
        address: null,
        address_range: null,
        vpc_id: vpc.id,
        subnet_id: subnet.id,
        region: vpc.region,
        linode_id: i.computeId,
        config_id: i.config_id,
        interface_id: i.id,
        nodebalancer_id: null,
        database_id: null,
        active: i.active,
        nat_1_1: "",
        gateway: null,
        prefix: 64,
        subnet_mask: "",
        ipv6_range: formatCidr6(slaac),
        ipv6_is_public: i.ipv6!.is_public,
        ipv6_addresses: [{ slaac_address: address }],
      }),
    ];
  });
}
