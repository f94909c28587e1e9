import { SUBNET } from "../../api/index.js";
import { applyPlain, plainAtCreate } from "../plain.js";
import { BadRequest, ErrorList, NotFound } from "../failures.js";
import { networkLabelProblem, subnetRangeProblem } from "../rules.js";
import { linkTo, vpcOf } from "./links.js";
import { Siblings } from "./siblings.js";
import type { SubnetRecord, VpcRecord } from "../records.js";
import type { Actor, Store } from "../store.js";
import { checkAccess, checkAddGrant, canSee, grantCreator } from "../access.js";

/** Body of VPC create after schema validation. */
export interface VpcCreate {
  label: string;
  region: string;
  description?: string;
  subnets?: { label: string; ipv4: string }[];
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
    if (!region) errors.add("region", "Region not found");
    else if (!region.capabilities.includes("VPCs"))
      errors.add("region", `VPCs are not available in region ${region.id}`);
    const subnets = body.subnets ?? [];
    const siblings = new Siblings();
    subnets.forEach((s, i) => {
      this.checkSubnet(s, siblings, errors, `subnets[${i}].`);
      siblings.add(s);
    });
    errors.throwIfAny();
    const now = this.store.clock.now();
    const vpc: VpcRecord = {
      id: this.store.nextId("vpc"),
      label: body.label,
      description: body.description ?? "",
      region: body.region,
      created: now,
      updated: null,
    };
    this.store.state.vpcs.push(vpc);
    grantCreator(actor, "vpc", vpc.id);
    this.store.event("vpc_create", { id: vpc.id, type: "vpc", label: vpc.label });
    for (const s of subnets) this.addSubnet(vpc, s);
    return vpc;
  }

  /** Changes label and description only. */
  update(id: number, body: { label?: string; description?: string }, actor: Actor): VpcRecord {
    const vpc = this.get(id, actor, true);
    const errors = new ErrorList();
    if (body.label !== undefined) this.checkVpcLabel(body.label, vpc.id, errors);
    errors.throwIfAny();
    if (body.label !== undefined) vpc.label = body.label;
    if (body.description !== undefined) vpc.description = body.description;
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
  createSubnet(vpcId: number, body: { label: string; ipv4: string }, actor: Actor): SubnetRecord {
    const vpc = this.get(vpcId, actor, true);
    const errors = new ErrorList();
    this.checkSubnet(body, Siblings.of(this.subnetsOf(vpc.id)), errors, "");
    errors.throwIfAny();
    return this.addSubnet(vpc, body);
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

  private addSubnet(vpc: VpcRecord, body: { label: string; ipv4: string }): SubnetRecord {
    const subnet: SubnetRecord = {
      id: this.store.nextId("subnet"),
      ...linkTo(vpc.id),
      ...plainAtCreate(SUBNET, body),
      label: body.label,
      ipv4: body.ipv4,
      created: this.store.clock.now(),
      updated: null,
    };
    this.store.state.subnets.push(subnet);
    this.store.event("subnet_create", { id: subnet.id, type: "subnet", label: subnet.label });
    return subnet;
  }

  private checkVpcLabel(label: string, selfId: number | undefined, errors: ErrorList): void {
    const problem = networkLabelProblem(label);
    if (problem) errors.add("label", problem);
    else if (this.store.state.vpcs.some((v) => v.label === label && v.id !== selfId))
      errors.add("label", "Label must be unique among your VPCs");
  }

  private checkSubnetLabel(label: string, siblings: Siblings, errors: ErrorList, prefix: string): void {
    const problem = networkLabelProblem(label);
    if (problem) errors.add(`${prefix}label`, problem);
    else if (siblings.hasLabel(label))
      errors.add(`${prefix}label`, "Label must be unique among the subnets in this VPC");
  }

  private checkSubnet(
    body: { label: string; ipv4: string },
    siblings: Siblings,
    errors: ErrorList,
    prefix: string,
  ): void {
    this.checkSubnetLabel(body.label, siblings, errors, prefix);
    const problem = subnetRangeProblem(body.ipv4);
    if (problem) return errors.add(`${prefix}ipv4`, problem);
    const clash = siblings.firstOverlap(body.ipv4);
    if (clash) errors.add(`${prefix}ipv4`, `Overlaps subnet range ${clash} of this VPC`);
  }
}
