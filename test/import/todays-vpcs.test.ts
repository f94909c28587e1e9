/**
 * The importer and today's VPCs (issue 47): a dual-stack VPC with an IPv6 subnet, a VPC with the
 * customer's own IPv4 range and an RDMA VPC are written with what the API holds of them, and
 * adopting each declaration through its provider sends no write and previews clean.
 */
import { CloudClient } from "../../src/client/index.js";
import { generateImport } from "../../src/import/index.js";
import type { Expr } from "../../src/import/references.js";
import { provider as vpcProvider } from "../../src/resources/vpc.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { useProviderEmulator } from "../resources/provider-env.js";
import { RECORDED_CAPABILITIES } from "../support/todays-vpcs.js";

const emulator = useProviderEmulator();

type Provider = Required<typeof vpcProvider>;
const providers: Record<string, Provider> = { Vpc: vpcProvider as Provider, VpcSubnet: subnetProvider as Provider };

test("dual-stack, own-range and RDMA VPCs: the program holds their ranges and type, and adopting it writes nothing and previews clean", async () => {
  const e = emulator();
  const c = new CloudClient({ apiUrl: e.url, token: e.token });
  // Oslo as recorded on 2026-06-18: the region offering the customer's own IPv4 ranges.
  await e.control.seed({
    regions: [
      {
        id: "no-osl-1",
        label: "Oslo, NO",
        country: "no",
        capabilities: RECORDED_CAPABILITIES["no-osl-1"],
        resolvers: { ipv4: "192.0.2.10", ipv6: "2001:db8::10" },
        status: "ok",
      },
    ],
  });
  const dual = await c.vpcs.create({
    label: "dual",
    region: "us-east",
    ipv6: [{ range: "/52" }],
    subnets: [{ label: "both", ipv4: "10.0.1.0/24", ipv6: [{ range: "auto" }] }],
  });
  const own = await c.vpcs.create({ label: "own", region: "no-osl-1", ipv4: [{ range: "10.118.0.0/20" }] });
  const rdma = await c.vpcs.create({ label: "rdma", region: "us-east", vpc_type: "rdma" });
  const prefix = dual.ipv6![0]!.range;
  const subnetRange = dual.subnets[0]!.ipv6![0]!.range;
  expect(prefix).toMatch(/\/52$/);
  expect(subnetRange).toMatch(/\/56$/);

  const { program, model } = await generateImport(c);
  expect(program).toContain(`ipv6: [{ range: "${prefix}" }]`);
  expect(program).toContain(`ipv6: [{ range: "${subnetRange}" }]`);
  expect(program).toContain(`ipv4: [{ range: "10.118.0.0/20" }]`);
  expect(program.match(/vpcType: "rdma"/g)).toHaveLength(1);
  // The API's defaults (its IPv4 ranges, the type regular) are no program's choice: left out.
  expect(program.match(/ipv4: \[/g)).toHaveLength(1);
  expect(program).not.toContain("regular");

  await e.control.clearRequests();
  const outs = new Map<string, Bag>();
  const adoptedAs = new Map<string, Bag>();
  const resolve = (x: Expr): unknown => {
    if (x.kind === "output") return outs.get(x.identifier)![x.property];
    if (x.kind === "array") return x.items.map(resolve);
    if (x.kind === "object") return Object.fromEntries(x.entries.map(([k, v]) => [k, resolve(v)]));
    if (x.kind === "literal") return x.value;
    throw new Error(`not a literal: ${x.kind}`);
  };
  expect(model.declarations.map((d) => d.cls).sort()).toEqual(["Vpc", "Vpc", "Vpc", "VpcSubnet"]);
  for (const d of model.declarations) {
    const p = providers[d.cls]!;
    const args = Object.fromEntries(d.args.map(([k, v]) => [k, resolve(v)])) as Bag;
    const checked = await p.check({}, args);
    expect({ [d.identifier]: checked.failures }).toEqual({ [d.identifier]: undefined });
    const adopted = await p.create(checked.inputs);
    const again = await p.check(adopted.outs as Bag, args);
    expect(again.failures).toBeUndefined();
    const diff = await p.diff(adopted.id, adopted.outs as Bag, again.inputs);
    expect({ [d.identifier]: diff }).toMatchObject({ [d.identifier]: { changes: false } });
    outs.set(d.identifier, adopted.outs as Bag);
    adoptedAs.set(`${d.cls} ${adopted.id}`, adopted.outs as Bag);
  }
  const sent = await e.control.requests();
  expect(sent.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([]);

  // Each adopted as the API holds it.
  expect(adoptedAs.get(`Vpc ${dual.id}`)).toMatchObject({ ipv6: [{ range: prefix }] });
  expect(adoptedAs.get(`VpcSubnet ${dual.subnets[0]!.id}`)).toMatchObject({ ipv6: [{ range: subnetRange }] });
  expect(adoptedAs.get(`Vpc ${own.id}`)).toMatchObject({ ipv4: [{ range: "10.118.0.0/20" }] });
  expect(adoptedAs.get(`Vpc ${rdma.id}`)).toMatchObject({ vpcType: "rdma" });
});
