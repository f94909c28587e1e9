/**
 * A `Vpc`'s inline subnets' `ipv6` after create (issue 47): compared by meaning (`auto`, `/56`
 * or the allocated range itself never differ), and a change makes that subnet again, as a changed
 * `ipv4` does, while its siblings stay; asserted from the emulator's state and request log.
 */
import { provider as vpcProvider } from "../../src/resources/vpc/provider.js";
import { client } from "../../src/shared/runtime/context.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const vpc = vpcProvider as Required<typeof vpcProvider>;

/** The writes (not GETs) in the emulator's request log, ids as N. */
async function writes(): Promise<string[]> {
  return (await emulator().control.requests())
    .filter((r) => r.method !== "GET" && r.path.startsWith("/v4/"))
    .map((r) => `${r.method} ${r.path.replace(/\d+/g, "N")} ${r.status}`);
}

/** The VPC's subnets as the API holds them: label, IPv4 and IPv6 range, id. */
async function held(id: string): Promise<{ id: number; label: string; ipv4: string | null; ipv6?: string }[]> {
  const { subnets } = await client().vpcs.get(Number(id));
  return subnets.map((s) => ({ id: s.id, label: s.label, ipv4: s.ipv4, ipv6: s.ipv6?.[0]?.range }));
}

const base = { label: "dual", region: "us-east", ipv6: [{ range: "auto" }] };
const subnets = [
  { label: "web", ipv4: "10.0.0.0/24", ipv6: [{ range: "auto" }] },
  { label: "db", ipv4: "10.0.1.0/24", ipv6: [{ range: "/56" }] },
];

/** Check and diff of `program` against the state `outs`. */
async function preview(outs: Bag, program: Bag): Promise<{ changes: boolean; replaces?: string[] }> {
  const checked = await vpc.check(outs, program);
  expect(checked.failures ?? []).toEqual([]);
  return (await vpc.diff("1", outs, checked.inputs as Bag)) as { changes: boolean; replaces?: string[] };
}

describe("a Vpc's inline subnets' ipv6 after create", () => {
  test("by meaning: auto, /56 and the allocated ranges themselves plan nothing", async () => {
    const program = { ...base, subnets };
    const made = await vpc.create((await vpc.check({}, program)).inputs as Bag);
    const [web, db] = await held(made.id);
    expect(web!.ipv6).toMatch(/::\/56$/);
    expect(db!.ipv6).toMatch(/::\/56$/);
    expect(await preview(made.outs, program)).toEqual({ changes: false });
    const allocated = [
      { ...subnets[0], ipv6: [{ range: web!.ipv6 }] },
      { ...subnets[1], ipv6: [{ range: db!.ipv6 }] },
    ];
    expect(await preview(made.outs, { ...program, subnets: allocated })).toEqual({ changes: false });
    // In another order, and with `{}` (the API's choice): still the same subnets.
    const reordered = [{ ...subnets[1] }, { ...subnets[0], ipv6: [{}] }];
    expect(await preview(made.outs, { ...program, subnets: reordered })).toEqual({ changes: false });
  });

  test("a changed ipv6 is a change; the update makes that subnet again and leaves its sibling", async () => {
    const program = { ...base, subnets };
    const made = await vpc.create((await vpc.check({}, program)).inputs as Bag);
    const before = await held(made.id);
    const changed = { ...program, subnets: [{ ...subnets[0], ipv6: [{ range: "/60" }] }, subnets[1]] };
    // The VPC stays (no replacement of it): its update replaces the one subnet.
    expect(await preview(made.outs, changed)).toEqual({ changes: true });
    await emulator().control.clearRequests();
    const checked = await vpc.check(made.outs, changed);
    const updated = await vpc.update(made.id, made.outs, checked.inputs as Bag);
    expect(await writes()).toEqual(["DELETE /vN/vpcs/N/subnets/N 200", "POST /vN/vpcs/N/subnets 200"]);
    const after = await held(made.id);
    expect(after.find((s) => s.label === "db")).toEqual(before[1]);
    const web = after.find((s) => s.label === "web")!;
    expect(web.id).not.toBe(before[0]!.id);
    expect(web).toMatchObject({ ipv4: "10.0.0.0/24", ipv6: expect.stringMatching(/::\/60$/) });
    expect((updated.outs!.subnets as Bag[]).find((s) => s.label === "web")).toEqual({
      id: web.id,
      label: "web",
      ipv4: "10.0.0.0/24",
      ipv6: [{ range: web.ipv6 }],
    });
    expect(await preview(updated.outs!, changed)).toEqual({ changes: false });
  });

  test("leaving ipv6 out of a subnet that has one, or giving one to a subnet without, is a change", async () => {
    const program = { ...base, subnets: [subnets[0], { label: "v4", ipv4: "10.0.2.0/24" }] };
    const made = await vpc.create((await vpc.check({}, program)).inputs as Bag);
    const dropped = { ...program, subnets: [{ label: "web", ipv4: "10.0.0.0/24" }, program.subnets[1]] };
    expect(await preview(made.outs, dropped)).toEqual({ changes: true });
    const added = { ...program, subnets: [subnets[0], { label: "v4", ipv4: "10.0.2.0/24", ipv6: [{}] }] };
    expect(await preview(made.outs, added)).toEqual({ changes: true });
    expect(await preview(made.outs, program)).toEqual({ changes: false });
  });
});
