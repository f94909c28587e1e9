/**
 * The reads a create and a check make do not grow with the account: the label is looked up with
 * the API's `X-Filter`, and the highest id a create's record needs comes from the same one request
 * (label-look.ts); reads asked for together share one request (batch.ts). Counted in the
 * emulator's request log, with the account seeded beforehand.
 */
import { provider as vpcProvider } from "../../src/resources/vpc/provider.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet/provider.js";
import { subnetLook, vpcLook } from "../../src/shared/account/label-look.js";
import { client } from "../../src/shared/runtime/context.js";
import { useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const vpc = vpcProvider as Required<typeof vpcProvider>;
const subnet = subnetProvider as Required<typeof subnetProvider>;

/** Seeds `count` VPCs through the control API; answers their ids. */
async function seedVpcs(count: number): Promise<number[]> {
  const vpcs = Array.from({ length: count }, (_, i) => ({ label: `seeded-${i}`, region: "us-east" }));
  return ((await emulator().control.seed({ vpcs })) as { vpcs: number[] }).vpcs;
}

/** The API requests since the log was cleared: reads of the VPC list, other reads, writes. */
async function apiRequests(): Promise<{ reads: number; otherReads: string[]; writes: number }> {
  const api = (await emulator().control.requests()).filter((r) => r.path.startsWith("/v4/"));
  const gets = api.filter((r) => r.method === "GET").map((r) => r.path.replace(/\?.*$/, ""));
  return {
    reads: gets.filter((p) => p === "/v4/vpcs").length,
    otherReads: gets.filter((p) => p !== "/v4/vpcs"),
    writes: api.length - gets.length,
  };
}

/** Checks and creates `n` VPCs as one `pulumi up` would, then renames one: the requests of each part. */
async function createThenRename(n: number): Promise<Record<string, Awaited<ReturnType<typeof apiRequests>>>> {
  await emulator().control.clearRequests();
  for (let i = 0; i < n; i++) {
    const news = { label: `made-${i}`, region: "us-east" };
    const checked = await vpc.check({}, news);
    expect(checked.failures).toBeUndefined();
    await vpc.create(checked.inputs);
  }
  const creates = await apiRequests();
  await emulator().control.clearRequests();
  const renamed = await vpc.check({ label: "made-0", region: "us-east" }, { label: "renamed", region: "us-east" });
  expect(renamed.failures).toBeUndefined();
  return { creates, rename: await apiRequests() };
}

test.each([0, 1_000, 3_000])(
  "in an account of %i VPCs, each create reads twice (its check's look-up and its own look), plus one read per run",
  async (size) => {
    await seedVpcs(size);
    const { creates, rename } = await createThenRename(5);
    // 5 checks and 5 looks, one request each, and the newest VPC id read once by this process;
    // the region catalogue once.
    expect(creates).toEqual({ reads: 11, otherReads: ["/v4/regions"], writes: 5 });
    expect(rename).toEqual({ reads: 1, otherReads: [], writes: 0 });
  },
);

test("a look finds the label's holder and the account's highest id in one request, however old the holder", async () => {
  const ids = await seedVpcs(1_200);
  await emulator().control.clearRequests();
  const first = await vpcLook("seeded-3");
  expect(first).toEqual({ found: expect.objectContaining({ id: ids[3], label: "seeded-3" }), maxId: ids.at(-1) });
  // The newest id (one request of one page) and the look itself.
  expect((await apiRequests()).reads).toBe(2);
  // VPCs made since are above the floor: the next look sees them, still in one request.
  const later = await client().vpcs.create({ label: "later", region: "us-east" });
  await emulator().control.clearRequests();
  expect(await vpcLook("free")).toEqual({ found: undefined, maxId: later.id });
  expect((await apiRequests()).reads).toBe(1);
});

test("the subnets of a VPC this run made are checked against its create's answer; a subnet create looks at its VPC once", async () => {
  const made = await vpc.create({ label: "fresh", region: "us-east", subnets: [{ label: "a", ipv4: "10.0.0.0/24" }] });
  const vpcId = Number(made.id);
  await emulator().control.clearRequests();
  const taken = await subnet.check({}, { vpcId, label: "b", ipv4: "10.0.0.128/25" });
  expect(taken.failures).toEqual([{ property: "ipv4", reason: expect.stringContaining("overlaps subnet") }]);
  const free = await subnet.check({}, { vpcId, label: "b", ipv4: "10.0.1.0/24" });
  expect(free.failures).toBeUndefined();
  expect(await emulator().control.requests()).toEqual([]);
  await subnet.create(free.inputs);
  const gets = (await emulator().control.requests()).filter((r) => r.method === "GET").map((r) => r.path);
  // The VPC, asked by id, answers with its subnets as the API holds them now.
  expect(gets).toEqual(["/v4/vpcs"]);
});

test("checks that ask for labels together share one request, each label's answer kept for the run", async () => {
  await seedVpcs(1_000);
  await emulator().control.clearRequests();
  const checked = await Promise.all(
    ["seeded-7", ...Array.from({ length: 9 }, (_, i) => `wanted-${i}`)].map((label) =>
      vpc.check({}, { label, region: "us-east" }),
    ),
  );
  expect(checked[0]!.failures).toEqual([
    { property: "label", reason: expect.stringContaining("already taken by VPC") },
  ]);
  expect(checked.slice(1).map((c) => c.failures)).toEqual(Array(9).fill(undefined));
  expect(await apiRequests()).toEqual({ reads: 1, otherReads: ["/v4/regions"], writes: 0 });
  await emulator().control.clearRequests();
  await vpc.check({}, { label: "wanted-3", region: "us-east" });
  expect(await apiRequests()).toEqual({ reads: 0, otherReads: [], writes: 0 });
});

test("creates that look at the same time share one request, sent after each asked", async () => {
  await seedVpcs(1_000);
  const checked = [];
  for (let i = 0; i < 10; i++) checked.push(await vpc.check({}, { label: `together-${i}`, region: "us-east" }));
  await emulator().control.clearRequests();
  const made = await Promise.all(checked.map((c) => vpc.create(c.inputs)));
  expect(new Set(made.map((m) => m.id)).size).toBe(10);
  // The newest VPC id once for the process, then one look for the ten labels.
  expect(await apiRequests()).toEqual({ reads: 2, otherReads: [], writes: 10 });
  const subnets = await Promise.all(
    ["a", "b", "c"].map((label, i) => subnet.create({ vpcId: Number(made[0]!.id), label, ipv4: `10.0.${i}.0/24` })),
  );
  expect(subnets.map((s) => s.outs.label)).toEqual(["a", "b", "c"]);
  // The three subnet creates look at their VPC together: one more VPC list request.
  expect(await apiRequests()).toEqual({ reads: 3, otherReads: [], writes: 13 });
});

test("VPC looks and subnet looks asked together go in one request, each answered as the API holds it now", async () => {
  const parent = await vpc.create({
    label: "parent",
    region: "us-east",
    subnets: [{ label: "a", ipv4: "10.0.0.0/24" }],
  });
  const vpcId = Number(parent.id);
  // A subnet someone else adds after the create's answer: the look must see it, not the answer.
  const theirs = await client().subnets.create(vpcId, { label: "b", ipv4: "10.0.1.0/24" });
  await emulator().control.clearRequests();
  const [look, taken, free] = await Promise.all([vpcLook("parent"), subnetLook(vpcId, "b"), subnetLook(vpcId, "c")]);
  expect(look).toEqual({ found: expect.objectContaining({ id: vpcId }), maxId: vpcId });
  expect(taken).toEqual({ found: expect.objectContaining({ id: theirs.id, label: "b" }), maxId: theirs.id });
  expect(free).toEqual({ found: undefined, maxId: theirs.id });
  expect(await apiRequests()).toEqual({ reads: 1, otherReads: [], writes: 0 });
});

test("a subnet look at a VPC that is gone answers as the API does: not found", async () => {
  const gone = await vpc.create({ label: "gone", region: "us-east" });
  await client().vpcs.delete(Number(gone.id));
  await expect(subnetLook(Number(gone.id), "a")).rejects.toThrow(/not found/i);
});
