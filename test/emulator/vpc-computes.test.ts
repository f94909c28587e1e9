/**
 * Compute interfaces in VPC subnets: what the subnets and IP lists show, dependencies on delete,
 * address assignment, interface activity.
 */
import { withEmulator } from "../support/emulator.js";
import { apiCaller, errorsOf, fieldsOf } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);
const createVpc = (body: Record<string, unknown>, token?: string) =>
  call("POST", "/vpcs", { body: { region: "us-east", ...body }, token });

describe("compute attachments", () => {
  async function vpcWithCompute(active: boolean) {
    const vpc = await createVpc({
      label: "att",
      subnets: [
        { label: "used", ipv4: "10.0.0.0/24" },
        { label: "free", ipv4: "10.0.1.0/24" },
      ],
    });
    const [used, free] = vpc.body.subnets;
    await em().control.seed({
      computes: [
        {
          id: 501,
          interfaces: [
            {
              id: 9001,
              config_id: 77,
              subnet_id: used.id,
              active,
              nat_1_1: "203.0.113.9",
              ip_ranges: ["10.0.0.128/28"],
            },
          ],
        },
      ],
    });
    return { vpc: vpc.body, used, free };
  }

  test("subnets list the computes whose interfaces use them", async () => {
    const { vpc, used, free } = await vpcWithCompute(true);
    const read = await call("GET", `/vpcs/${vpc.id}/subnets/${used.id}`);
    expect(read.body.computes).toEqual([{ id: 501, interfaces: [{ id: 9001, active: true }] }]);
    expect((await call("GET", `/vpcs/${vpc.id}/subnets/${free.id}`)).body.computes).toEqual([]);
  });

  test("both IP listings show addresses and ranges with gateway, mask and prefix", async () => {
    const { vpc, used } = await vpcWithCompute(false);
    const common = {
      active: false,
      config_id: 77,
      gateway: "10.0.0.1",
      interface_id: 9001,
      compute_id: 501,
      nat_1_1: "203.0.113.9",
      prefix: 24,
      region: "us-east",
      subnet_id: used.id,
      subnet_mask: "255.255.255.0",
      vpc_id: vpc.id,
    };
    const expected = [
      { ...common, address: "10.0.0.2", address_range: null },
      { ...common, address: null, address_range: "10.0.0.128/28" },
    ];
    for (const path of ["/networking/vpcs/ips", "/vpcs/ips", `/vpcs/${vpc.id}/ips`]) {
      expect((await call("GET", path)).body).toEqual({ data: expected, page: 1, pages: 1, results: 2 });
    }
  });

  test.each([true, false])(
    "subnet and VPC delete fail naming the compute (interface active: %s); nothing is deleted",
    async (active) => {
      const { vpc, used, free } = await vpcWithCompute(active);
      const subnetDelete = await call("DELETE", `/vpcs/${vpc.id}/subnets/${used.id}`);
      expect(subnetDelete.status).toBe(400);
      expect(errorsOf(subnetDelete)[0].reason).toContain("501");
      const vpcDelete = await call("DELETE", `/vpcs/${vpc.id}`);
      expect(vpcDelete.status).toBe(400);
      expect(errorsOf(vpcDelete)[0].reason).toContain("501");
      expect(errorsOf(vpcDelete)[0].reason.includes("shut down")).toBe(active);
      const after = await call("GET", `/vpcs/${vpc.id}`);
      expect(after.body.subnets.map((s: { id: number }) => s.id)).toEqual([used.id, free.id]);
      expect((await call("DELETE", `/vpcs/${vpc.id}/subnets/${free.id}`)).status).toBe(200);
    },
  );

  test("after the interface is deleted, the VPC deletes with all its subnets", async () => {
    const { vpc } = await vpcWithCompute(true);
    expect((await call("DELETE", "/_emulator/computes/501/interfaces/9001")).status).toBe(200);
    expect((await call("DELETE", `/vpcs/${vpc.id}`)).body).toEqual({});
    expect((await call("GET", `/vpcs/${vpc.id}`)).status).toBe(404);
    const events = (await call("GET", "/account/events")).body.data.map((e: { action: string }) => e.action);
    expect(events.slice(0, 3)).toEqual(["subnet_delete", "subnet_delete", "vpc_delete"]);
  });

  test("addresses are assigned after the gateway, and seeded ones must lie in the subnet", async () => {
    const vpc = await createVpc({ label: "addr", subnets: [{ label: "s", ipv4: "10.0.0.0/29" }] });
    const subnet = vpc.body.subnets[0].id;
    const seeded = await call("POST", "/_emulator/seed", {
      body: { computes: [{ id: 1, interfaces: [{ subnet_id: subnet }, { subnet_id: subnet }] }] },
    });
    expect(seeded.body.computes[0].interfaces.map((i: { address: string }) => i.address)).toEqual([
      "10.0.0.2",
      "10.0.0.3",
    ]);
    const bad = await call("POST", "/_emulator/computes/1/interfaces", {
      body: { subnet_id: subnet, address: "10.0.1.5" },
    });
    expect(fieldsOf(bad)).toEqual(["address"]);
  });
});

describe("interface activity", () => {
  test("shutting the instance down (inactive interface) shows in computes and IP lists", async () => {
    const vpc = await createVpc({ label: "act", subnets: [{ label: "s", ipv4: "172.16.0.0/24" }] });
    const subnet = vpc.body.subnets[0].id;
    await em().control.seed({ computes: [{ id: 3, interfaces: [{ id: 33, subnet_id: subnet }] }] });
    expect((await call("PUT", "/_emulator/computes/3/interfaces/33", { body: { active: false } })).status).toBe(200);
    expect((await call("GET", `/vpcs/${vpc.body.id}/subnets/${subnet}`)).body.computes).toEqual([
      { id: 3, interfaces: [{ id: 33, active: false }] },
    ]);
    expect((await call("GET", `/vpcs/${vpc.body.id}/ips`)).body.data[0]).toMatchObject({
      active: false,
      address: "172.16.0.2",
      gateway: "172.16.0.1",
    });
    expect((await call("DELETE", "/_emulator/computes/3")).status).toBe(200);
    expect((await call("DELETE", `/vpcs/${vpc.body.id}`)).status).toBe(200);
  });
});
