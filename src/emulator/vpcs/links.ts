/**
 * How the network's records point at each other, and the VPC IP entries those links make. A
 * subnet record names its VPC, and a compute instance's interface record its subnet, VPC and
 * configuration profile, under the wire names of the VPC IP entry (the API model's `VPC_IP`):
 * keys every state file holds and the control API answers. They are spelled here only; the rest
 * of the emulator reads the links through this module.
 */
import { VPC_IP } from "../../api/index.js";
import { BadRequest } from "../failures.js";
import { firstHost, maskOf, parseCidr, type Cidr } from "../../api/ipv4.js";
import type { SubnetRecord, VpcRecord } from "../records.js";
import type { Store } from "../store.js";
import { answerOf, type Stored } from "../stored.js";

/** What a subnet record holds of its VPC. */
export interface SubnetLink {
  vpc_id: number;
}

/** A VPC interface as the control API attaches it. */
export interface InterfaceInput {
  id?: number;
  config_id?: number;
  subnet_id: number;
  address?: string;
  ip_ranges?: string[];
  nat_1_1?: string;
  active?: boolean;
}

/** The control API's schema of an interface to attach. */
export const INTERFACE_BODY = {
  type: "object",
  required: ["subnet_id"],
  properties: { subnet_id: { type: "integer" }, active: { type: "boolean" } },
} as const;

/** An interface with its compute instance, and what an IP entry of it answers from. */
interface IpSource extends InterfaceRecord {
  computeId: number;
  vpc: VpcRecord;
  range: Cidr;
  entry: { address: string | null; range: string | null };
}

/** The fields of a VPC IP entry that its interface record does not hold as they are answered. */
type Derived =
  "address" | "address_range" | "gateway" | "interface_id" | "compute_id" | "prefix" | "region" | "subnet_mask";

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
export type InterfaceRecord = Stored<typeof VPC_IP, Derived> & {
  id: number;
  address: string;
  ip_ranges: string[];
};

/** The subnet record keys the state file must hold, with their kinds (persistence.ts). */
export const SUBNET_LINK_KINDS = { vpc_id: "integer" } as const;

/** The link a new subnet of `vpcId` holds. */
export function linkTo(vpcId: number): SubnetLink {
  return { vpc_id: vpcId };
}

/** The link of a database's private network to `subnet` and its VPC (databases/private-network.ts). */
export function linkToSubnet(subnet: SubnetRecord): SubnetLink & { subnet_id: number } {
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
  subnet: SubnetRecord,
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
  };
}

/**
 * VPC IP entries: one per interface address and one per routed range, in a VPC, in the VPCs
 * `visible`, or in the account. An entry names its own address first, then the model's order.
 */
export function ipEntries(store: Store, vpcId?: number, visible?: ReadonlySet<number>) {
  return store.computes.interfacesIn(vpcId).flatMap((i) => {
    const subnet = store.state.subnets.find((s) => s.id === i.subnet_id);
    const vpc = store.state.vpcs.find((v) => v.id === i.vpc_id);
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
