/**
 * What the account may do with today's VPCs, as a setting of the running emulator (like the
 * database platform, not persisted): whether it has IPv6 access, and which IPv6 prefix lengths
 * each region offers it. The control API (`/_emulator/vpc-account`) and the emulator's
 * `vpcIpv6` option set them; a reset comes back to the option's.
 */
import { DEFAULT_VPC_IPV6_PREFIX, VPC_CAPABILITIES } from "../../api/index.js";
import type { RegionRecord } from "../records.js";

/** The account's VPC settings. */
export class VpcAccount {
  /**
   * Whether the account has IPv6 access to VPCs. Without it, the API answers a create that asks
   * for IPv6 with 200 and no `ipv6` (TF #2248), its answers lack the key (LGO, 2026-02-02) and
   * `vpc-availability` lists no prefix length.
   */
  ipv6: boolean;
  /** Prefix lengths by region id where a region offers more than the default /52. */
  readonly prefixLengths = new Map<string, number[]>();

  constructor(private readonly baseIpv6 = true) {
    this.ipv6 = baseIpv6;
  }

  /** Back to the start: the option's IPv6 access, every region offering /52 only. */
  reset(): void {
    this.ipv6 = this.baseIpv6;
    this.prefixLengths.clear();
  }

  /** Whether VPCs are offered in `region` (its capability "VPCs"). */
  offersVpcs(region: RegionRecord): boolean {
    return region.capabilities.includes("VPCs");
  }

  /**
   * The IPv6 prefix lengths `region` offers this account, longest first as recorded lists read
   * (`[52, 48]`): none without IPv6 access or VPCs there, else the region's own or the default.
   */
  offered(region: RegionRecord): number[] {
    if (!this.ipv6 || !this.offersVpcs(region)) return [];
    return [...(this.prefixLengths.get(region.id) ?? [DEFAULT_VPC_IPV6_PREFIX])];
  }

  /** Whether `region` takes the customer's own IPv4 ranges. */
  customIpv4(region: RegionRecord): boolean {
    return region.capabilities.includes(VPC_CAPABILITIES.customIpv4);
  }
}
