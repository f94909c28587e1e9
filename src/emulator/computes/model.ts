import { ErrorList, NotFound } from "../failures.js";
import type { ComputeFacts } from "../../api/index.js";
import { formatAddress, parseAddress, parseCidr, size, type Cidr } from "../../api/ipv4.js";
import type { ComputeRecord, InterfaceRecord, State } from "../records.js";
import type { Store } from "../store.js";
import { interfaceRecord, subnetOf, subnetRefusal, vpcOf, type InterfaceInput } from "../vpcs/links.js";

/** A compute instance as the control API seeds it. */
export type ComputeInput = Partial<ComputeFacts> & { interfaces?: InterfaceInput[] };

/** A VPC interface as the control API attaches it (vpcs/links.ts). */
export type { InterfaceInput };

/** An interface with the compute instance it belongs to. */
export type UsedInterface = InterfaceRecord & { computeId: number };

/** Every interface of the account's compute instances that uses a subnet (what the links read). */
export function interfacesUsing(state: State, subnetId: number): UsedInterface[] {
  return state.computes.flatMap((c) =>
    c.interfaces.filter((i) => subnetOf(i) === subnetId).map((i) => ({ ...i, computeId: c.id })),
  );
}

/**
 * Compute instances, only as far as VPCs see them: configuration profile interfaces that use a
 * subnet. The public API cannot create them (their shapes are not in the contract); the control
 * API seeds them.
 */
export class ComputeModel {
  constructor(private readonly store: Store) {}

  /** Creates or replaces a compute instance with its interfaces. */
  upsert(input: ComputeInput): ComputeRecord {
    const id = input.id ?? this.store.nextId("compute");
    const state = this.store.state;
    const existing = state.computes.find((c) => c.id === id);
    const compute: ComputeRecord = {
      id,
      label: input.label ?? `compute-${id}`,
      region: input.region ?? "us-east",
      interfaces: [],
    };
    if (existing) state.computes = state.computes.filter((c) => c !== existing);
    state.computes.push(compute);
    try {
      for (const i of input.interfaces ?? []) this.attach(id, i);
    } catch (err) {
      state.computes = state.computes.filter((c) => c !== compute).concat(existing ? [existing] : []);
      throw err;
    }
    return compute;
  }

  /** One compute instance or 404. */
  get(id: number): ComputeRecord {
    const compute = this.store.state.computes.find((c) => c.id === id);
    if (!compute) throw new NotFound();
    return compute;
  }

  /** Removes a compute instance and so all its interfaces. */
  remove(id: number): void {
    this.get(id);
    this.store.state.computes = this.store.state.computes.filter((c) => c.id !== id);
  }

  /** Adds a VPC interface using a subnet; the address defaults to the next free host after the gateway. */
  attach(computeId: number, input: InterfaceInput): InterfaceRecord {
    const compute = this.get(computeId);
    const subnet = this.store.state.subnets.find((s) => s.id === subnetOf(input));
    if (!subnet) throw subnetRefusal("Subnet not found");
    if (subnet.ipv4 === null) throw subnetRefusal("Subnet has no IPv4 range");
    const range = parseCidr(subnet.ipv4) as Cidr;
    const errors = new ErrorList();
    let address: string;
    if (input.address !== undefined) {
      const value = parseAddress(input.address);
      if (value === undefined || value <= range.base || value >= range.base + size(range) - 1)
        errors.add("address", `Must be a host address of the subnet range ${subnet.ipv4}`);
      address = input.address;
    } else {
      address = this.nextFree(subnet.id, range);
    }
    for (const [i, r] of (input.ip_ranges ?? []).entries())
      if (!parseCidr(r)) errors.add(`ip_ranges[${i}]`, "Must be an IPv4 CIDR range");
    errors.throwIfAny();
    const record = interfaceRecord(
      input,
      subnet,
      compute.interfaces[0],
      () => this.store.nextId("interface"),
      () => this.store.nextId("config"),
      address,
    );
    compute.interfaces.push(record);
    return record;
  }

  /** Finds an interface of a compute instance or 404. */
  getInterface(computeId: number, interfaceId: number): InterfaceRecord {
    const found = this.get(computeId).interfaces.find((i) => i.id === interfaceId);
    if (!found) throw new NotFound();
    return found;
  }

  /** Deletes an interface (what the real platform requires before a subnet delete). */
  detach(computeId: number, interfaceId: number): void {
    const compute = this.get(computeId);
    this.getInterface(computeId, interfaceId);
    compute.interfaces = compute.interfaces.filter((i) => i.id !== interfaceId);
  }

  /** Every interface that uses a subnet, with its compute instance. */
  usersOf(subnetId: number): UsedInterface[] {
    return interfacesUsing(this.store.state, subnetId);
  }

  /** Every interface in a VPC (all VPCs when `vpcId` is undefined), with its compute instance. */
  interfacesIn(vpcId?: number): UsedInterface[] {
    return this.store.state.computes.flatMap((c) =>
      c.interfaces.filter((i) => vpcId === undefined || vpcOf(i) === vpcId).map((i) => ({ ...i, computeId: c.id })),
    );
  }

  private nextFree(subnetId: number, range: Cidr): string {
    const used = new Set(this.usersOf(subnetId).map((i) => i.address));
    for (let value = range.base + 2; value < range.base + size(range) - 1; value++) {
      const text = formatAddress(value);
      if (!used.has(text)) return text;
    }
    throw subnetRefusal("No free address left in the subnet");
  }
}
