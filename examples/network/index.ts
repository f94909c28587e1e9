/**
 * A private network: a VPC with two subnets declared inline (managed with the VPC) and a third
 * subnet managed on its own, in the first healthy region that offers VPCs (or `network:region`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as cloud from "pulumi-cloudplatform";

const config = new pulumi.Config();
const prefix = config.get("prefix") ?? "example";

// Unless `network:region` says, the catalogue decides: the first region whose status is "ok" and
// that lists the "VPCs" capability.
const configured = config.get("region");
const region: pulumi.Input<string> =
  configured ??
  cloud.getRegionsOutput({ capability: "VPCs", status: "ok" }).apply(({ regions }) => {
    if (regions.length === 0) throw new Error("no region with status ok offers VPCs");
    return regions[0]!.id;
  });

const vpc = new cloud.Vpc(
  "network",
  {
    label: `${prefix}-network`,
    region,
    description: "Web and application tiers",
    subnets: [
      { label: "web", ipv4: "10.10.1.0/24" },
      { label: "app", ipv4: "10.10.2.0/24" },
    ],
  },
  {
    // The look-up picks the region of the first `up` only. A region cannot change in place, so a later
    // outage there must not move (replace) the network; set `network:region` to move it on purpose.
    ignoreChanges: configured ? [] : ["region"],
  },
);

// A subnet with its own lifecycle: it can be replaced or removed without touching the VPC.
const data = new cloud.VpcSubnet("data", {
  vpcId: vpc.vpcId,
  label: "data",
  ipv4: "10.10.3.0/24",
});

export const regionId = vpc.region;
export const vpcId = vpc.vpcId;
export const inlineSubnets = vpc.subnets;
export const dataSubnet = { id: data.subnetId, ipv4: data.ipv4, gateway: data.gateway };
