/**
 * The region list as the API answered it on 2026-05-29 (linodego @676b9dbe,
 * test/integration/fixtures/TestRegions_List.yaml, `GET /v4beta/regions`, 34 regions, all `ok`):
 * each region's id, label, country and capabilities in the recorded order. The emulator seeds its
 * default account from it (seed.ts); the docs check (test/docs) reads it too, so a snippet's
 * region and the emulator cannot drift apart. The recording's resolvers are sanitized and its
 * other keys (monitors, placement group limits, site type) are not in the contract's Region.
 */

/** One recorded region: id, label, country, and its capabilities joined by ", ". */
type Recorded = readonly [id: string, label: string, country: string, capabilities: string];

const RECORDED: readonly Recorded[] = [
  [
    "au-mel",
    "Melbourne, AU",
    "au",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Kubernetes, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "es-mad",
    "Madrid, ES",
    "es",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "in-maa",
    "Chennai, IN",
    "in",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, NETINT Quadra T1U, Maintenance Policy, Linode Interfaces",
  ],
  [
    "jp-osa",
    "Osaka, JP",
    "jp",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "it-mil",
    "Milan, IT",
    "it",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-mia",
    "Miami, FL",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, NETINT Quadra T1U, Maintenance Policy, Linode Interfaces",
  ],
  [
    "id-cgk",
    "Jakarta, ID",
    "id",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-lax",
    "Los Angeles, CA",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, NETINT Quadra T1U, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "gb-lon",
    "London 2, UK",
    "gb",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, NETINT Quadra T1U, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "se-sto",
    "Stockholm, SE",
    "se",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "in-bom-2",
    "Mumbai 2, IN",
    "in",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "de-fra-2",
    "Frankfurt 2, DE",
    "de",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, NETINT Quadra T1U, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "sg-sin-2",
    "Singapore 2, SG",
    "sg",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "jp-tyo-3",
    "Tokyo 3, JP",
    "jp",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "no-osl-1",
    "Oslo, NO",
    "no",
    "Linodes, Block Storage Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "us-iad-2",
    "Washington 2, DC",
    "us",
    "Linodes, Block Storage Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "fr-par-2",
    "Paris 2, FR",
    "fr",
    "Linodes, Block Storage Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "nl-ams",
    "Amsterdam, NL",
    "nl",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "ap-west",
    "Mumbai, IN",
    "in",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "ca-central",
    "Toronto, CA",
    "ca",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "ap-southeast",
    "Sydney, AU",
    "au",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-iad",
    "Washington, DC",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "us-ord",
    "Chicago, IL",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "fr-par",
    "Paris, FR",
    "fr",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-sea",
    "Seattle, WA",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces, ACLP Logs Datacenter LKE-E",
  ],
  [
    "br-gru",
    "Sao Paulo, BR",
    "br",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, Kubernetes, Kubernetes Enterprise, Cloud Firewall, Vlans, VPCs, VPC Dual Stack, VPC IPv6 Stack, Managed Databases, Metadata, Premium Plans, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-central",
    "Dallas, TX",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "ap-northeast",
    "Tokyo 2, JP",
    "jp",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "eu-central",
    "Frankfurt, DE",
    "de",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "ap-south",
    "Singapore, SG",
    "sg",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, GPU Linodes, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "eu-west",
    "London, UK",
    "gb",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-east",
    "Newark, NJ",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-southeast",
    "Atlanta, GA",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Object Storage, GPU Linodes, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
  [
    "us-west",
    "Fremont, CA",
    "us",
    "Linodes, Block Storage Encryption, LA Disk Encryption, Disk Encryption, Backups, NodeBalancers, Block Storage, Kubernetes, Cloud Firewall, Vlans, Block Storage Migrations, Managed Databases, Metadata, Placement Group, StackScripts, Maintenance Policy, Linode Interfaces",
  ],
];

/** A region of the 2026 list: what the API answers of it, less the resolvers (seed.ts adds those). */
export interface TodaysRegion {
  readonly id: string;
  readonly label: string;
  readonly country: string;
  readonly capabilities: readonly string[];
}

/** The 2026 region list, in the recorded order. */
export const TODAYS_REGIONS: readonly TodaysRegion[] = RECORDED.map(([id, label, country, capabilities]) => ({
  id,
  label,
  country,
  capabilities: capabilities.split(", "),
}));
