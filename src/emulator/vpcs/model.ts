import { SUBNET, VPC, type CreateBody, type UpdateBody } from "../../api/index.js";
import { applyPlain, plainAtCreate } from "../plain.js";
import { BadRequest, ErrorList, NotFound } from "../failures.js";
import { networkLabelProblem } from "../rules.js";
import { linkTo, vpcOf } from "./links.js";
import { Siblings } from "./siblings.js";
import { VPC_KEYS } from "../model-names.js";
import type { SubnetRecord, VpcRecord } from "../records.js";
import type { Actor, Store } from "../store.js";
import { checkAccess, checkAddGrant, canSee, grantCreator } from "../access.js";
import { VPC_REFUSALS, type Cidr6 } from "../../api/index.js";
import { checkIpv4Ranges, planSubnetIpv6, planVpc, subnetIpv4Problem, vpcFacts, vpcPrefix } from "./today.js";

/** A subnet create's body (or an inline subnet) after schema validation, as the model declares it. */
export type SubnetCreate = CreateBody<typeof SUBNET>;

/** Body of VPC create after schema validation, as the model declares it. */
export type VpcCreate = CreateBody<typeof VPC>;

/** What a subnet rule knows of its VPC: its own IPv4 ranges (none: the defaults) and IPv6 prefix. */
interface VpcFacts {
  ranges?: { range: string }[];
  prefix?: Cidr6;
}

/**
 * VPCs and their subnets, with the label, range and dependency rules. What uses a subnet (the
 * interfaces and databases in it, other areas) is told by `inUse` (subnet-users.ts, account.ts):
 * the reason the subnet cannot be deleted yet, or undefined.
 */
export class VpcModel {
  constructor(
    private readonly store: Store,
    private readonly inUse: (subnet: SubnetRecord) => string | undefined,
  ) {}

  /** VPCs the actor can see, oldest first. */
  list(actor: Actor): VpcRecord[] {
    return this.store.state.vpcs.filter((v) => canSee(actor, "vpc", v.id));
  }

  /** One VPC; 404 when absent or invisible, 403 on a write without a read_write grant. */
  get(id: number, actor: Actor, write = false): VpcRecord {
    const vpc = this.store.state.vpcs.find((v) => v.id === id);
    if (!vpc) throw new NotFound();
    checkAccess(actor, "vpc", id, write);
    return vpc;
  }

  /** Subnets of a VPC, oldest first. */
  subnetsOf(vpcId: number): SubnetRecord[] {
    return this.store.state.subnets.filter((s) => vpcOf(s) === vpcId);
  }

  /** Creates a VPC with its subnets, all or nothing. */
  create(body: VpcCreate, actor: Actor): VpcRecord {
    checkAddGrant(actor, "add_vpc");
    const errors = new ErrorList();
    this.checkVpcLabel(body.label, undefined, errors);
    const region = this.store.state.regions.find((r) => r.id === body.region);
    if (!region) errors.add(VPC_KEYS.region, "Region not found");
    else if (!region.capabilities.includes("VPCs"))
      errors.add(VPC_KEYS.region, `VPCs are not available in region ${region.id}`);
    const today = planVpc(this.store, body, region, errors);
    const facts: VpcFacts = { ranges: today.ipv4, prefix: vpcPrefix(today.ipv6) };
    const subnets = body.subnets ?? [];
    const siblings = new Siblings();
    const taken: Cidr6[] = [];
    const ipv6 = subnets.map((s, i) => {
      const planned = this.checkSubnet(s, facts, siblings, taken, errors, `subnets[${i}].`);
      siblings.add(s);
      return planned;
    });
    errors.throwIfAny();
    const now = this.store.clock.now();
    const vpc: VpcRecord = {
      id: this.store.nextId("vpc"),
      label: body.label,
      description: body.description ?? "",
      region: body.region,
      ...plainAtCreate(VPC, body),
      ...today,
      created: now,
      updated: null,
    };
    this.store.state.vpcs.push(vpc);
    grantCreator(actor, "vpc", vpc.id);
    this.store.event("vpc_create", { id: vpc.id, type: "vpc", label: vpc.label });
    subnets.forEach((s, i) => this.addSubnet(vpc, s, ipv6[i]!));
    return vpc;
  }

  /**
   * Changes label, description and the customer's own IPv4 ranges (today's API: refused where the
   * region does not offer them, before the label's rule, in the recorded order).
   */
  update(id: number, body: UpdateBody<typeof VPC>, actor: Actor): VpcRecord {
    const vpc = this.get(id, actor, true);
    const errors = new ErrorList();
    const region = this.store.state.regions.find((r) => r.id === vpc.region);
    checkIpv4Ranges(this.store, region, body.ipv4, errors);
    if (body.label !== undefined) this.checkVpcLabel(body.label, vpc.id, errors);
    errors.throwIfAny();
    if (body.label !== undefined) vpc.label = body.label;
    if (body.description !== undefined) vpc.description = body.description;
    if (body.ipv4 !== undefined) vpc.ipv4 = body.ipv4;
    applyPlain(VPC, vpc, body);
    vpc.updated = this.store.clock.now();
    this.store.event("vpc_update", { id: vpc.id, type: "vpc", label: vpc.label });
    return vpc;
  }

  /** Deletes the VPC and all its subnets, or nothing when any subnet is still in use. */
  delete(id: number, actor: Actor): void {
    const vpc = this.get(id, actor, true);
    const subnets = this.subnetsOf(vpc.id);
    const problems = subnets.map((s) => this.inUse(s)).filter((p): p is string => p !== undefined);
    if (problems.length > 0) throw new BadRequest(problems.map((reason) => ({ reason })));
    const state = this.store.state;
    state.subnets = state.subnets.filter((s) => vpcOf(s) !== vpc.id);
    state.vpcs = state.vpcs.filter((v) => v.id !== vpc.id);
    this.store.event("vpc_delete", { id: vpc.id, type: "vpc", label: vpc.label });
    for (const s of subnets) this.store.event("subnet_delete", { id: s.id, type: "subnet", label: s.label });
  }

  /** One subnet of a VPC. */
  getSubnet(vpcId: number, subnetId: number, actor: Actor, write = false): SubnetRecord {
    const vpc = this.get(vpcId, actor, write);
    const subnet = this.store.state.subnets.find((s) => s.id === subnetId && vpcOf(s) === vpc.id);
    if (!subnet) throw new NotFound();
    return subnet;
  }

  /** Adds a subnet to an existing VPC. */
  createSubnet(vpcId: number, body: SubnetCreate, actor: Actor): SubnetRecord {
    const vpc = this.get(vpcId, actor, true);
    const errors = new ErrorList();
    const others = this.subnetsOf(vpc.id);
    const taken = others.flatMap((s) => vpcPrefix(s.ipv6 as { range: string }[] | null) ?? []);
    const ipv6 = this.checkSubnet(body, vpcFacts(vpc), Siblings.of(others), taken, errors, "");
    errors.throwIfAny();
    return this.addSubnet(vpc, body, ipv6);
  }

  /** Relabels a subnet; its range never changes. */
  updateSubnet(vpcId: number, subnetId: number, body: { label?: string }, actor: Actor): SubnetRecord {
    const subnet = this.getSubnet(vpcId, subnetId, actor, true);
    if (body.label !== undefined) {
      const errors = new ErrorList();
      const others = this.subnetsOf(vpcId).filter((s) => s.id !== subnet.id);
      this.checkSubnetLabel(body.label, Siblings.of(others), errors, "");
      errors.throwIfAny();
      subnet.label = body.label;
    }
    applyPlain(SUBNET, subnet, body);
    subnet.updated = this.store.clock.now();
    this.store.event("subnet_update", { id: subnet.id, type: "subnet", label: subnet.label });
    return subnet;
  }

  /** Deletes a subnet that no configuration profile interface uses. */
  deleteSubnet(vpcId: number, subnetId: number, actor: Actor): void {
    const subnet = this.getSubnet(vpcId, subnetId, actor, true);
    const problem = this.inUse(subnet);
    if (problem) throw new BadRequest(problem);
    this.store.state.subnets = this.store.state.subnets.filter((s) => s.id !== subnet.id);
    this.store.event("subnet_delete", { id: subnet.id, type: "subnet", label: subnet.label });
  }

  private addSubnet(vpc: VpcRecord, body: SubnetCreate, ipv6: { range: string }[] | null): SubnetRecord {
    const subnet: SubnetRecord = {
      id: this.store.nextId("subnet"),
      ...linkTo(vpc.id),
      ...plainAtCreate(SUBNET, body),
      label: body.label,
      ipv4: body.ipv4 ?? null,
      ipv6,
      created: this.store.clock.now(),
      updated: null,
    };
    this.store.state.subnets.push(subnet);
    this.store.event("subnet_create", { id: subnet.id, type: "subnet", label: subnet.label });
    return subnet;
  }

  private checkVpcLabel(label: string, selfId: number | undefined, errors: ErrorList): void {
    const problem = networkLabelProblem(label);
    if (problem) errors.add(VPC_KEYS.label, problem);
    else if (this.store.state.vpcs.some((v) => v.label === label && v.id !== selfId))
      errors.add(VPC_KEYS.label, "Label must be unique among your VPCs");
  }

  private checkSubnetLabel(label: string, siblings: Siblings, errors: ErrorList, prefix: string): void {
    const problem = networkLabelProblem(label);
    if (problem) errors.add(`${prefix}label`, problem);
    else if (siblings.hasLabel(label))
      errors.add(`${prefix}label`, "Label must be unique among the subnets in this VPC");
  }

  /**
   * Judges a subnet (its label, its IPv4 range within the VPC's, its IPv6 range within the VPC's
   * prefix; one of the two at least) and plans its IPv6 range, which it adds to `taken`.
   */
  private checkSubnet(
    body: SubnetCreate,
    vpc: VpcFacts,
    siblings: Siblings,
    taken: Cidr6[],
    errors: ErrorList,
    prefix: string,
  ): { range: string }[] | null {
    this.checkSubnetLabel(body.label, siblings, errors, prefix);
    const ipv6 = planSubnetIpv6(this.store, vpc.prefix, body.ipv6, taken, errors, prefix);
    if (body.ipv4 === undefined || body.ipv4 === null) {
      if ((body.ipv6 ?? []).length === 0 || !this.store.vpcAccount.ipv6)
        errors.add(`${prefix}ipv4`, VPC_REFUSALS.subnetNeitherFamily.reason);
      return ipv6;
    }
    const problem = subnetIpv4Problem(vpc.ranges, body.ipv4);
    if (problem) return (errors.add(`${prefix}ipv4`, problem), ipv6);
    const clash = siblings.firstOverlap(body.ipv4);
    if (clash) errors.add(`${prefix}ipv4`, `Overlaps subnet range ${clash} of this VPC`);
    return ipv6;
  }
}
