/**
 * The fields of `Vpc` and `VpcSubnet`, one declaration each (see fields.ts).
 */
import type { Subnet, Vpc } from "../../client/index.js";
import type { FieldTable } from "../../shared/fields/table.js";
import { firstHost, parseCidr } from "../../api/ipv4.js";
import { networkLabelRule, subnetRangeRule } from "./rules.js";
import { objectList } from "../../shared/fields/object-list.js";
import { keyNames, rangeAnswers, SUBNET, VPC, VPC_TYPES, wireKeys, type UpdateBody } from "../../api/index.js";
import { subnetIpv6Rule, vpcIpv6Rule } from "./ipv6-rules.js";
import { inlineSubnetsMatch } from "./inline-subnet-match.js";

/** A program's range against the allocated one, by meaning (`/52`, `auto` or none answer any fitting prefix). */
const byMeaning = (given: unknown, held: unknown): boolean =>
  typeof held === "string" && rangeAnswers(typeof given === "string" ? given : undefined, held);

/** The VPC's and the subnet's wire names, read from the model. */
const VPC_KEYS = wireKeys(VPC);
const SUBNET_KEYS = wireKeys(SUBNET);

/** Every field of `Vpc`. */
export const VPC_FIELDS = {
  label: {
    description: "Label, 1..64 ASCII letters, digits and hyphens (no `--`), unique in the account.",
    change: "update",
    type: "string",
    api: VPC_KEYS.label,
    required: true,
    output: true,
    rule: networkLabelRule,
    notes: "1..64 ASCII letters, digits, hyphens, no `--`; unique in the account",
  },
  region: {
    description: 'Region id with the "VPCs" capability (a region in outage gets a warning).',
    change: "replace",
    type: "string",
    api: VPC_KEYS.region,
    required: true,
    output: true,
    notes: "capability `VPCs`; status not `ok`: a warning",
  },
  description: {
    description: 'Free text of at most 255 characters; left out, not managed ("" clears it).',
    change: "update",
    type: "string",
    api: { read: (v) => v.description ?? "", write: (v): UpdateBody<typeof VPC> => ({ description: v as string }) },
    ifSet: true,
    output: true,
    notes: 'at most 255 characters; left out, not managed (the VPC keeps its own); `""` clears it',
  },
  ipv4: {
    description:
      'The VPC\'s own IPv4 ranges, where the region offers "Custom VPC IPv4 Ranges"; changed in place; left out, not managed.',
    change: "update",
    ifSet: true,
    output: true,
    absent: "undefined",
    ...objectList<Vpc>({
      key: VPC_KEYS.ipv4,
      type: { name: "VpcIpv4Range", description: "One of a VPC's IPv4 ranges." },
      members: { range: { description: "An IPv4 range in CIDR form." } },
    }),
    notes:
      'only where the region offers "Custom VPC IPv4 Ranges"; changed in place by one update; left out, not managed (never sent again); output: the API\'s list, its defaults when none were set',
  },
  ipv6: {
    description:
      "The VPC's IPv6 prefix (dual stack), at most one: a length (`/52`, or `/48`, `/44` where offered), `auto` or left out; the output holds the allocated CIDR.",
    change: "replace",
    output: true,
    absent: "undefined",
    ...objectList<Vpc>({
      key: VPC_KEYS.ipv6,
      type: {
        name: "VpcIpv6",
        description: "A VPC's IPv6 prefix: asked for by length or `auto`, answered as the CIDR.",
      },
      members: {
        range: {
          description:
            "A prefix length the region's vpc-availability lists, `auto`, or left out (the default `/52`); the output holds the allocated CIDR.",
          computed: true,
          matches: byMeaning,
          rule: vpcIpv6Rule,
        },
        allocationClass: { description: "Allocation class: sent at create, never read back.", writeOnly: true },
      },
    }),
    notes:
      "at most one `{range, allocationClass}`; a `range` of `/52`, `auto` or none never differs from the allocated CIDR; `allocationClass` write-only (never in the state; an `ipv6` holding it is a secret)",
  },
  vpcType: {
    description: '"regular" or "rdma" (no `ipv6` with "rdma"); left out, the API\'s own.',
    change: "replace",
    type: "string",
    api: "vpc_type",
    choices: { values: VPC_TYPES },
    ifSet: true,
    output: true,
    absent: "undefined",
    unanswered: "accounts without VPC types get no `vpc_type` (linodego v2.5.0)",
    tsType: '"regular" | "rdma"',
    notes: "`rdma` never with `ipv6`; left out, the API's default (`regular`)",
  },
  subnets: {
    description:
      "Subnets managed with the VPC, matched by ipv4; added, relabelled or removed in place; one whose ipv6 changes is made again.",
    change: "update",
    type: { array: { ref: "VpcSubnetSpec" } },
    outputType: { array: { ref: "VpcInlineSubnet" } },
    default: [],
    output: true,
    matches: inlineSubnetsMatch,
    notes:
      "inline `{label, ipv4, ipv6}` (rules as `VpcSubnet`, no overlaps or duplicate labels between them); a changed `ipv4`, or `ipv6` by meaning (`auto` or `/56` never differ from the allocated range), deletes and makes that subnet again; output adds `id`",
  },
  adoptId: {
    description: "Id of an existing VPC to take under management instead of creating one.",
    change: "ignored",
    type: "id",
    notes: "changing it later changes nothing (see Adoption)",
  },
  timeouts: {
    description: "Time limits; default delete 10m (`create` is accepted; the API makes VPCs and subnets at once).",
    change: "state",
    type: { ref: "Timeouts" },
    notes: "limits: delete 10m (`create` is accepted; VPCs are made at once)",
  },
  vpcId: {
    description: "The VPC's numeric id (the resource id as a number).",
    change: "output",
    type: "integer",
    api: VPC_KEYS.id,
    notes: "numeric id",
  },
} satisfies FieldTable<Vpc>;

/** Every field of `VpcSubnet`. */
export const SUBNET_FIELDS = {
  vpcId: {
    description: "Id of the VPC that holds the subnet.",
    change: "replace",
    type: "id",
    outputType: "integer",
    required: true,
    output: true,
    notes: "number or digit string",
  },
  label: {
    description: "Label, 1..64 ASCII letters, digits and hyphens (no `--`), unique within the VPC.",
    change: "update",
    type: "string",
    api: SUBNET_KEYS.label,
    required: true,
    output: true,
    rule: networkLabelRule,
    notes: "1..64 ASCII letters, digits, hyphens, no `--`; unique in the VPC",
  },
  ipv4: {
    description:
      "RFC 1918 range in canonical CIDR form, prefix 1..29, outside 192.168.128.0/17 and inside the VPC's ranges; IPv4, IPv6 or both.",
    change: "replace",
    type: "string",
    api: SUBNET_KEYS.ipv4,
    output: true,
    rule: subnetRangeRule,
    notes:
      "RFC 1918, canonical CIDR (host bits zero), prefix 1..29, not in 192.168.128.0/17, inside the VPC's ranges; a subnet has `ipv4`, `ipv6` or both, never neither (the output is null for an IPv6-only subnet)",
  },
  ipv6: {
    description:
      "The subnet's IPv6 range in a dual-stack VPC: `auto`, `/52`..`/62`, or a range inside the VPC's prefix.",
    change: "replace",
    output: true,
    absent: "undefined",
    ...objectList<Subnet>({
      key: SUBNET_KEYS.ipv6,
      type: {
        name: "SubnetIpv6",
        description: "A subnet's IPv6 range: asked for by length or `auto`, answered as the CIDR.",
      },
      members: {
        range: {
          description: "`auto`, `/52`..`/62` or a range inside the VPC's prefix; the output holds the allocated CIDR.",
          computed: true,
          matches: byMeaning,
          rule: subnetIpv6Rule,
        },
      },
    }),
    notes:
      "at most one `{range}`; `auto`, `/52`..`/62` or a CIDR inside the VPC's prefix never differs from the allocated one",
  },
  adoptId: {
    description: "Id of an existing subnet of vpcId to take under management instead of creating one.",
    change: "ignored",
    type: "id",
    notes: "changing it later changes nothing (see Adoption)",
  },
  timeouts: {
    description: "Time limits; default delete 10m (`create` is accepted; the API makes VPCs and subnets at once).",
    change: "state",
    type: { ref: "Timeouts" },
    notes: "limits: delete 10m (`create` is accepted; subnets are made at once)",
  },
  subnetId: {
    description: "The subnet's numeric id (the resource id as a number).",
    change: "output",
    type: "integer",
    api: SUBNET_KEYS.id,
    notes: "numeric id",
  },
  gateway: {
    description: "Default gateway: the first host address of the range.",
    change: "output",
    type: "string",
    api: {
      read: (s) => {
        const cidr = s.ipv4 === null ? undefined : parseCidr(s.ipv4);
        return cidr ? firstHost(cidr) : null;
      },
    },
    notes: "first host address of the range",
  },
  computes: {
    description: "Compute instances using the subnet, with their interfaces, as of the last read.",
    change: "output",
    type: { array: { ref: "SubnetCompute" } },
    api: {
      read: (s) =>
        s.computes.map((c) => ({ id: c.id, interfaces: c.interfaces.map((i) => ({ id: i.id, active: i.active })) })),
    },
    notes: "instances using the subnet, as of the last read",
  },
  databases: {
    description:
      "Databases in the subnet (today's platform), with their ranges, as of the last read; undefined when there are none.",
    change: "output",
    type: { array: { ref: "SubnetDatabase" } },
    absent: "undefined",
    api: {
      // Undefined rather than empty: answers from before databases joined VPCs have no list (the
      // client reads it as empty), and a state from then keeps no key for it.
      read: (s) =>
        s.databases?.length
          ? s.databases.map((d) => ({ id: d.id, ipv4Range: d.ipv4_range, ipv6Ranges: d.ipv6_ranges ?? [] }))
          : undefined,
    },
    notes: "databases in the subnet with their ranges (today's platform), as of the last read; undefined when none",
  },
  nodebalancers: {
    description: "NodeBalancers in the subnet, with their ranges, as of the last read; undefined when there are none.",
    change: "output",
    type: { array: { ref: "SubnetNodeBalancer" } },
    absent: "undefined",
    api: {
      read: (s) =>
        s.nodebalancers?.length
          ? s.nodebalancers.map((n) => ({
              id: n.id,
              ipv4Range: n.ipv4_range,
              ipv6Ranges: (n.ipv6_ranges ?? []).map((r) => r.range),
            }))
          : undefined,
    },
    notes: "NodeBalancers in the subnet with their ranges, as of the last read; undefined when none",
  },
} satisfies FieldTable<Subnet>;

/** The input names of `Vpc`, read from its table. */
export const VPC_INPUTS = keyNames(VPC_FIELDS);

/** The input names of `VpcSubnet`, read from its table. */
export const SUBNET_INPUTS = keyNames(SUBNET_FIELDS);
