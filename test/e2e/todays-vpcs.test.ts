/**
 * Today's VPCs (issue 47) through the real engine, over the dynamic resources and over the
 * plugin, asserted from the emulator's state and request log:
 *   - a dual-stack VPC (`/52`) with two subnets (one `auto`, one `/56`) and a database in the
 *     first: made in one `up`, the preview after clean (no write); its inline subnet's `ipv6`
 *     changed: the VPC's update makes that subnet again; `destroy` leaves nothing;
 *   - a VPC with its own IPv4 range in the region that offers them, changed in place: one PUT of
 *     the same VPC, the preview after clean;
 *   - an RDMA VPC with IPv6: refused at preview with the API's recorded text, no write;
 *   - an account without IPv6 access: the `up` fails naming `ipv6` and the missing feature, and
 *     after `destroy` nothing is left.
 */
import { VPC_CAPABILITIES, VPC_REFUSALS } from "../../src/api/index.js";
import { INSTANT_TIMINGS, TODAYS_API } from "../support/emulator";
import type { TestStack } from "../support/pulumi";
import { RECORDED_CAPABILITIES } from "../support/todays-vpcs";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { api, failureText, list, useE2e } from "./helpers";

/** The region of the recording that offers the customer's own IPv4 ranges (2026-06-18). */
const CUSTOM_REGION = "no-osl-1";

const e2e = useE2e(async (emulator) => {
  await emulator.control.setTimings(INSTANT_TIMINGS);
  // The region list of today's API has no region offering custom ranges; Oslo's recorded one does.
  await emulator.control.seed({
    regions: [
      {
        id: CUSTOM_REGION,
        label: "Oslo, NO",
        country: "no",
        capabilities: RECORDED_CAPABILITIES[CUSTOM_REGION],
        resolvers: { ipv4: "192.0.2.10", ipv6: "2001:db8::10" },
        status: "ok",
      },
    ],
  });
}, TODAYS_API);

/** Sets the account's VPC settings through the emulator's control API. */
async function vpcAccount(body: { ipv6: boolean }): Promise<void> {
  const res = await fetch(`${e2e.emulator.url}/_emulator/vpc-account`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The API writes (anything but GET) since the log was last cleared, as `METHOD path` lines. */
async function writeLines(): Promise<string[]> {
  const log = await e2e.emulator.control.requests();
  return log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** A preview's summary, the request log cleared before, so `writeLines` tells what it wrote. */
async function previewed(testStack: TestStack): Promise<Record<string, number>> {
  await e2e.emulator.control.clearRequests();
  const preview = await testStack.stack.preview({ color: "never", diff: true });
  return preview.changeSummary as Record<string, number>;
}

/** A VPC or subnet as the API answers it, the parts these stories read. */
interface ApiVpc {
  id: number;
  ipv4?: { range: string }[];
  ipv6?: { range: string }[] | null;
  vpc_type?: string;
}

/** The IPv6 prefix length of a CIDR (`2600:3c0e:e001::/52` → 52). */
const lengthOf = (cidr: string | undefined): number => Number(cidr?.split("/")[1]);

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  const { MysqlDatabase, PostgresqlDatabase, Vpc, VpcSubnet } = flavour.cloud;
  const prefix = flavour.name;
  const engine = flavour.name === "dynamic" ? "mysql" : "postgresql";

  describe("a dual-stack VPC with an `auto` and a `/56` subnet and a database in the first", () => {
    let testStack: TestStack;
    // The VPC's inline subnet's IPv6 range, which the third story changes.
    const inline = { range: "auto" };

    beforeAll(async () => {
      testStack = await e2e.stack(async () => {
        const vpc = new Vpc("dual", {
          label: `${prefix}-dual`,
          region: "us-ord",
          ipv6: [{ range: "/52" }],
          subnets: [{ label: "inline", ipv4: "10.50.3.0/24", ipv6: [{ range: inline.range }] }],
        });
        const auto = new VpcSubnet("auto", {
          vpcId: vpc.vpcId,
          label: "auto",
          ipv4: "10.50.1.0/24",
          ipv6: [{ range: "auto" }],
        });
        const sized = new VpcSubnet("sized", {
          vpcId: vpc.vpcId,
          label: "sized",
          ipv4: "10.50.2.0/24",
          ipv6: [{ range: "/56" }],
        });
        const args = {
          label: `${prefix}-dual-db`,
          region: "us-ord",
          type: "g6-nanode-1",
          privateNetwork: { vpcId: vpc.vpcId, subnetId: auto.subnetId, publicAccess: false },
        };
        const db =
          engine === "mysql"
            ? new MysqlDatabase("db", { ...args, engineId: "mysql/8" })
            : new PostgresqlDatabase("db", { ...args, engineId: "postgresql/16" });
        return {
          vpcId: vpc.vpcId,
          vpcIpv6: vpc.ipv6,
          autoId: auto.subnetId,
          autoIpv6: auto.ipv6,
          sizedId: sized.subnetId,
          sizedIpv6: sized.ipv6,
          dbId: db.instanceId,
        };
      }, flavour.env());
    }, 120_000);

    test("one up makes all five, the outputs hold the API's ranges, and the preview after writes nothing", async () => {
      expect(await previewed(testStack)).toEqual({ create: 5 });
      expect(await writeLines()).toEqual([]);
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      const vpcId = up.outputs.vpcId.value as number;
      const autoId = up.outputs.autoId.value as number;
      const sizedId = up.outputs.sizedId.value as number;
      const lines = await writeLines();
      expect(lines[0]).toBe("POST /v4/vpcs");
      expect(lines.slice(1, 3)).toEqual([`POST /v4/vpcs/${vpcId}/subnets`, `POST /v4/vpcs/${vpcId}/subnets`]);
      expect(lines.slice(3)).toEqual([`POST /v4/databases/${engine}/instances`]);

      // The outputs hold the CIDRs the API allocated: a /52 for the VPC, /56s inside it.
      const vpc = await api<ApiVpc>(e2e.emulator, "GET", `/vpcs/${vpcId}`);
      const auto = await api<ApiVpc>(e2e.emulator, "GET", `/vpcs/${vpcId}/subnets/${autoId}`);
      const sized = await api<ApiVpc>(e2e.emulator, "GET", `/vpcs/${vpcId}/subnets/${sizedId}`);
      expect(lengthOf(vpc.ipv6?.[0]?.range)).toBe(52);
      expect([auto, sized].map((s) => lengthOf(s.ipv6?.[0]?.range))).toEqual([56, 56]);
      expect(auto.ipv6![0]!.range).not.toBe(sized.ipv6![0]!.range);
      expect(up.outputs.vpcIpv6.value).toEqual([expect.objectContaining({ range: vpc.ipv6![0]!.range })]);
      expect(up.outputs.autoIpv6.value).toEqual([{ range: auto.ipv6![0]!.range }]);
      expect(up.outputs.sizedIpv6.value).toEqual([{ range: sized.ipv6![0]!.range }]);
      const db = await api<{ private_network: unknown }>(
        e2e.emulator,
        "GET",
        `/databases/${engine}/instances/${up.outputs.dbId.value as number}`,
      );
      expect(db.private_network).toEqual({ vpc_id: vpcId, subnet_id: autoId, public_access: false });

      // `/52`, `auto` and `/56` never diff against the CIDRs allocated.
      expect(await previewed(testStack)).toEqual({ same: 5 });
      expect(await writeLines()).toEqual([]);
    });

    test("the inline subnet's ipv6 changed: the VPC's update makes that subnet again, the preview after clean", async () => {
      const vpcId = (await testStack.stack.outputs()).vpcId!.value as number;
      const before = await list<{ id: number; label: string }>(e2e.emulator, `/vpcs/${vpcId}/subnets`);
      const old = before.find((s) => s.label === "inline")!;
      inline.range = "/60";
      expect(await previewed(testStack)).toEqual({ same: 4, update: 1 });
      expect(await writeLines()).toEqual([]);
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 4, update: 1 });
      expect(await writeLines()).toEqual([
        `DELETE /v4/vpcs/${vpcId}/subnets/${old.id}`,
        `POST /v4/vpcs/${vpcId}/subnets`,
      ]);
      const after = await list<ApiVpc & { label: string }>(e2e.emulator, `/vpcs/${vpcId}/subnets`);
      const made = after.find((s) => s.label === "inline")!;
      expect(made.id).not.toBe(old.id);
      expect(lengthOf(made.ipv6?.[0]?.range)).toBe(60);
      // The other subnets stay as they were.
      expect(after.filter((s) => s.label !== "inline").map((s) => s.id)).toEqual(
        before.filter((s) => s.label !== "inline").map((s) => s.id),
      );
      expect(await previewed(testStack)).toEqual({ same: 5 });
      expect(await writeLines()).toEqual([]);
    });

    test("destroy leaves nothing in the emulator", async () => {
      const destroy = await testStack.stack.destroy({ color: "never" });
      expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
      expect(await list(e2e.emulator, `/databases/${engine}/instances`)).toEqual([]);
      expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
    });
  });

  describe("a VPC with its own IPv4 range, changed in place", () => {
    const wanted = { range: "10.118.0.0/20" };
    let testStack: TestStack;
    let vpcId: number;

    beforeAll(async () => {
      testStack = await e2e.stack(async () => {
        const vpc = new Vpc("own", { label: `${prefix}-own`, region: CUSTOM_REGION, ipv4: [{ range: wanted.range }] });
        return { vpcId: vpc.vpcId, ipv4: vpc.ipv4 };
      }, flavour.env());
    }, 120_000);

    test("made with its range: one POST, the API holds it", async () => {
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ create: 2 });
      expect(await writeLines()).toEqual(["POST /v4/vpcs"]);
      vpcId = up.outputs.vpcId.value as number;
      expect((await api<ApiVpc>(e2e.emulator, "GET", `/vpcs/${vpcId}`)).ipv4).toEqual([{ range: "10.118.0.0/20" }]);
      expect(up.outputs.ipv4.value).toEqual([{ range: "10.118.0.0/20" }]);
      expect(await previewed(testStack)).toEqual({ same: 2 });
      expect(await writeLines()).toEqual([]);
    });

    test("the range changed: one PUT of the same VPC, the preview after clean", async () => {
      wanted.range = "10.200.0.0/20";
      expect(await previewed(testStack)).toEqual({ same: 1, update: 1 });
      expect(await writeLines()).toEqual([]);
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 1, update: 1 });
      expect(await writeLines()).toEqual([`PUT /v4/vpcs/${vpcId}`]);
      expect(up.outputs.vpcId.value).toBe(vpcId);
      expect((await api<ApiVpc>(e2e.emulator, "GET", `/vpcs/${vpcId}`)).ipv4).toEqual([{ range: "10.200.0.0/20" }]);
      expect(up.outputs.ipv4.value).toEqual([{ range: "10.200.0.0/20" }]);
      expect(await previewed(testStack)).toEqual({ same: 2 });
      expect(await writeLines()).toEqual([]);

      await testStack.stack.destroy({ color: "never" });
      expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
    });
  });

  test("an RDMA VPC with IPv6 is refused at preview with the API's text, and nothing is written", async () => {
    const testStack = await e2e.stack(async () => {
      const vpc = new Vpc("rdma", {
        label: `${prefix}-rdma`,
        region: "us-ord",
        vpcType: "rdma",
        ipv6: [{ range: "auto" }],
      });
      return { vpcId: vpc.vpcId };
    }, flavour.env());
    await e2e.emulator.control.clearRequests();
    const text = await failureText(testStack.stack.preview({ color: "never" }));
    expect(text).toContain(`ipv6: ${VPC_REFUSALS.rdmaWithIpv6.reason}`);
    expect(await writeLines()).toEqual([]);
    expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
  }, 120_000);

  describe("an account without IPv6 access", () => {
    afterAll(() => vpcAccount({ ipv6: true }));

    test("the up fails naming ipv6 and the missing feature; after destroy nothing is left", async () => {
      await vpcAccount({ ipv6: false });
      const testStack = await e2e.stack(async () => {
        const vpc = new Vpc("noaccess", { label: `${prefix}-noaccess`, region: "us-ord", ipv6: [{ range: "auto" }] });
        return { vpcId: vpc.vpcId };
      }, flavour.env());
      await e2e.emulator.control.clearRequests();
      const text = await failureText(testStack.stack.up({ color: "never" }));
      expect(text).toContain("ipv6: the API made VPC");
      expect(text).toContain(`"${VPC_CAPABILITIES.accountDualStack}" feature`);
      // The API made it (200, no ipv6); the provider deleted it again.
      const lines = await writeLines();
      expect(lines[0]).toBe("POST /v4/vpcs");
      expect(lines.slice(1)).toEqual([expect.stringMatching(/^DELETE \/v4\/vpcs\/\d+$/)]);
      expect(await list(e2e.emulator, "/vpcs")).toEqual([]);

      await testStack.stack.destroy({ color: "never" });
      expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
    }, 120_000);
  });
});
