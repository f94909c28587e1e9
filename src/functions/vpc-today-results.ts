/**
 * The result tables of the look-ups of today's VPCs (todays-vpcs.md): where VPCs and which IPv6
 * prefix lengths are offered, the default and forbidden IPv4 ranges, and the IPv6 entries of VPC
 * interfaces, each row read from the API model.
 */
import type { RegionVpcAvailability, VpcDefaultRanges, VpcIpv6 } from "../client/index.js";
import { VPC_AVAILABILITY, VPC_DEFAULT_RANGES, VPC_IPV6_ENTRY, type Entity } from "../api/index.js";
import { modelResultFacts, modelRow, modelRows } from "../shared/fields/model-rows.js";
import type { FieldFacts, FieldTable } from "../shared/fields/table.js";

/** One region's VPC availability. */
export const VPC_AVAILABILITY_RESULT: FieldTable<RegionVpcAvailability> = modelRows(VPC_AVAILABILITY, {
  region: "Region id.",
  available: "Whether VPCs are offered there.",
  availableIpv6PrefixLengths: "The IPv6 prefix lengths a VPC there may take (empty: none to this account).",
});

/** The IPv4 ranges a VPC gets when it names none, and those no VPC may use. */
export const VPC_DEFAULT_RANGES_RESULT: FieldTable<VpcDefaultRanges> = modelRows(VPC_DEFAULT_RANGES, {
  defaultIpv4Ranges: "The ranges a VPC gets when it names none of its own.",
  forbiddenIpv4Ranges: "The ranges no VPC may use.",
});

/** One IPv6 entry of a VPC interface (`GET /vpcs/ipv6s`). */
export const VPC_IPV6_RESULT: FieldTable<VpcIpv6> = {
  ...modelRows(VPC_IPV6_ENTRY, {
    vpcId: "VPC id.",
    subnetId: "Subnet id.",
    region: "Region id.",
    linodeId: "Compute instance id (null for another kind of interface).",
    configId: "Configuration profile id (null for Linode Interfaces).",
    interfaceId: "Interface id.",
    nodebalancerId: "NodeBalancer id, where a NodeBalancer holds it.",
    databaseId: "Database id, where a database holds it.",
    active: "Whether the interface is active.",
    ipv6Range: "The interface's IPv6 range (a /64).",
    ipv6IsPublic: "Whether the range is reachable from the internet.",
  }),
  ipv6Addresses: modelRow(VPC_IPV6_ENTRY, "ipv6_addresses", "The SLAAC addresses in the range.", {
    absent: "null",
    ref: "VpcIpv6AddressResult",
  }),
};

/** A SLAAC address of an IPv6 entry, as the schema's object type lists it. */
export const VPC_IPV6_ADDRESS_RESULT: FieldFacts = modelResultFacts(
  (VPC_IPV6_ENTRY.fields.ipv6_addresses.type as { array: Entity }).array,
  { slaacAddress: "The address." },
);
