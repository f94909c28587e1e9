import * as log from "@pulumi/pulumi/log";
import { provider } from "../../src/resources/vpc/provider.js";
import { UNKNOWN } from "../../src/shared/fields/validate.js";
import { thrown, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const p = provider as Required<typeof provider>;

describe("Vpc check", () => {
  test("accepts valid inputs and leaves a description it is not given alone", async () => {
    const res = await p.check(
      {},
      { label: "app-vpc", region: "us-east", subnets: [{ label: "web", ipv4: "10.0.1.0/24" }] },
    );
    expect(res.failures).toBeUndefined();
    // A description left out is not managed, so none is filled in.
    expect(res.inputs).toMatchObject({ subnets: [{ label: "web", ipv4: "10.0.1.0/24" }] });
    expect(res.inputs.description).toBeUndefined();
  });

  test.each([
    ["", "label", /^label: Length must be 1-64 characters$/],
    ["a".repeat(65), "label", /^label: Length must be 1-64 characters$/],
    ["bad_label", "label", /letters, digits and hyphens/],
    ["two--hyphens", "label", /two hyphens/],
  ])("label %j fails", async (label, property, reason) => {
    const res = await p.check({}, { label, region: "us-east" });
    expect(res.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
  });

  test("description over 255 characters fails", async () => {
    const res = await p.check({}, { label: "a", region: "us-east", description: "x".repeat(256) });
    expect(res.failures).toEqual([
      { property: "description", reason: "description: Length must be at most 255 characters" },
    ]);
  });

  test.each([
    ["10.0.0.5/24", /canonical form.*10\.0\.0\.0\/24/],
    ["10.0.0.0/30", /prefix length from 1 to 29/],
    ["8.8.8.0/24", /RFC 1918/],
    ["192.168.200.0/24", /reserved range 192\.168\.128\.0\/17/],
    ["10.0.0.0", /CIDR notation/],
  ])("subnet range %s fails", async (ipv4, reason) => {
    const res = await p.check({}, { label: "a", region: "us-east", subnets: [{ label: "s", ipv4 }] });
    // The engine finds only top-level inputs: the failure names `subnets`, the reason the full path and value.
    expect(res.failures).toEqual([{ property: "subnets", reason: expect.stringMatching(reason) }]);
    expect(res.failures![0]!.reason).toMatch(/^subnets\[0\]\.ipv4 /);
    expect(res.failures![0]!.reason).toContain(ipv4);
  });

  test("a nested label failure shows the label it refuses", async () => {
    const res = await p.check(
      {},
      { label: "a", region: "us-east", subnets: [{ label: "we--b", ipv4: "10.0.0.0/24" }] },
    );
    expect(res.failures).toEqual([
      { property: "subnets", reason: 'subnets[0].label must not contain two hyphens in a row (got "we--b")' },
    ]);
  });

  test("overlapping and same-label inline subnets fail", async () => {
    const res = await p.check(
      {},
      {
        label: "a",
        region: "us-east",
        subnets: [
          { label: "s", ipv4: "10.0.0.0/16" },
          { label: "s", ipv4: "10.0.1.0/24" },
        ],
      },
    );
    expect(res.failures).toEqual([
      {
        property: "subnets",
        reason: expect.stringMatching(/^subnets\[1\]\.ipv4 10\.0\.1\.0\/24 overlaps subnets\[0\]/),
      },
      { property: "subnets", reason: expect.stringMatching(/^subnets\[1\]\.label "s" .*unique/) },
    ]);
  });

  test("region is checked against the live catalogue", async () => {
    const missing = await p.check({}, { label: "a", region: "mars-1" });
    expect(missing.failures).toEqual([{ property: "region", reason: expect.stringMatching(/does not exist/) }]);
    // A region in outage is warned about, not refused: the API decides whether a create goes ahead.
    const warn = jest.spyOn(log, "warn").mockResolvedValue(undefined);
    try {
      expect((await p.check({}, { label: "a", region: "ap-south" })).failures).toBeUndefined();
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/^region "ap-south" reports status "outage"/)]]);
      // A VPC that exists there is adopted without the warning: create compares its region with the arguments.
      warn.mockClear();
      expect((await p.check({}, { label: "a", region: "ap-south", adoptId: 7 })).failures).toBeUndefined();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  test("values not known yet during preview are not failures; absent required ones are", async () => {
    const res = await p.check(
      {},
      { label: UNKNOWN, region: UNKNOWN, subnets: [UNKNOWN, { label: "s", ipv4: UNKNOWN }] },
    );
    expect(res.failures).toBeUndefined();
    expect((await p.check({}, {})).failures).toEqual([
      { property: "label", reason: "label is required" },
      { property: "region", reason: "region is required" },
    ]);
    // An inline subnet without its range fails at preview, not in `up` after writes.
    expect((await p.check({}, { label: "a", region: "us-east", subnets: [{ label: "s" }] })).failures).toEqual([
      { property: "subnets", reason: "subnets[0].ipv4 is required" },
    ]);
  });
});

describe("Vpc diff", () => {
  const olds = {
    vpcId: 1,
    label: "a",
    region: "us-east",
    description: "",
    subnets: [{ id: 5, label: "s", ipv4: "10.0.0.0/24" }],
  };

  test("nothing changed after normalisation", async () => {
    expect(
      await p.diff("1", olds, {
        label: "a",
        region: "us-east",
        description: "",
        subnets: [{ label: "s", ipv4: "10.0.0.0/24" }],
      }),
    ).toEqual({ changes: false });
  });

  test("region replaces, deleting first when the label stays", async () => {
    expect(await p.diff("1", olds, { ...olds, region: "us-west" })).toEqual({
      changes: true,
      replaces: ["region"],
      deleteBeforeReplace: true,
    });
    expect(await p.diff("1", olds, { ...olds, region: "us-west", label: "b" })).toEqual({
      changes: true,
      replaces: ["region"],
    });
  });

  test("label, description and subnets update in place", async () => {
    expect(await p.diff("1", olds, { ...olds, label: "b", description: "d", subnets: [] })).toEqual({
      changes: true,
    });
  });
});

describe("Vpc lifecycle", () => {
  test("create, read, update subnets, drift, delete", async () => {
    const inputs = (
      await p.check({}, { label: "app", region: "us-east", subnets: [{ label: "web", ipv4: "10.0.1.0/24" }] })
    ).inputs;
    const created = await p.create(inputs);
    expect(created.outs).toMatchObject({
      label: "app",
      region: "us-east",
      subnets: [{ label: "web", ipv4: "10.0.1.0/24", id: expect.any(Number) }],
    });
    const id = created.id;

    const news = {
      ...inputs,
      label: "app2",
      subnets: [
        { label: "web2", ipv4: "10.0.1.0/24" },
        { label: "db", ipv4: "10.0.2.0/24" },
      ],
    };
    expect((await p.diff(id, created.outs, news)).changes).toBe(true);
    const updated = await p.update(id, created.outs, news);
    expect(updated.outs).toMatchObject({
      label: "app2",
      subnets: expect.arrayContaining([
        expect.objectContaining({ label: "web2" }),
        expect.objectContaining({ label: "db", ipv4: "10.0.2.0/24" }),
      ]),
    });
    expect(await p.diff(id, updated.outs!, news)).toEqual({ changes: false });

    // Drift made outside Pulumi shows up after a refresh.
    await fetch(`${emulator().apiUrl}/vpcs/${id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
      body: JSON.stringify({ label: "changed-outside" }),
    });
    const read = await p.read(id, updated.outs);
    expect(read.inputs).toMatchObject({ label: "changed-outside" });
    expect(await p.diff(id, read.props!, news)).toEqual({ changes: true });

    await p.delete(id, read.props!);
    expect(await p.read(id, read.props)).toEqual({ id: "" });
    await expect(p.delete(id, read.props!)).resolves.toBeUndefined();
  });

  test("an update that failed part-way is resumed without creating a subnet twice", async () => {
    const inputs = (
      await p.check({}, { label: "resume", region: "us-east", subnets: [{ label: "web", ipv4: "10.0.1.0/24" }] })
    ).inputs;
    const created = await p.create(inputs);
    // The failed update created "db" before failing; the engine kept the old state.
    await fetch(`${emulator().apiUrl}/vpcs/${created.id}/subnets`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
      body: JSON.stringify({ label: "db", ipv4: "10.0.2.0/24" }),
    });
    const news = {
      ...inputs,
      subnets: [
        { label: "web", ipv4: "10.0.1.0/24" },
        { label: "db", ipv4: "10.0.2.0/24" },
        { label: "cache", ipv4: "10.0.3.0/24" },
      ],
    };
    const updated = await p.update(created.id, created.outs, news);
    expect((updated.outs!.subnets as { label: string }[]).map((s) => s.label).sort()).toEqual(["cache", "db", "web"]);
    expect(await p.diff(created.id, updated.outs!, news)).toEqual({ changes: false });
  });

  test("adoption checks the region and applies the label", async () => {
    const created = await p.create({ label: "old", region: "us-east", description: "", subnets: [] });
    const err = await thrown(p.create({ label: "new", region: "us-west", adoptId: Number(created.id) }));
    expect(err.message).toMatch(/region is "us-east" but the arguments say "us-west"/);
    const adopted = await p.create({
      label: "new",
      region: "us-east",
      description: "",
      subnets: [],
      adoptId: Number(created.id),
    });
    expect(adopted.id).toBe(created.id);
    expect(adopted.outs).toMatchObject({ label: "new" });
    // An id that names nothing (deleted, or replaced already) says what to do.
    const gone = await thrown(p.create({ label: "gone", region: "us-east", adoptId: 9999 }));
    expect(gone.message).toBe(
      "adoptId names VPC 9999, which does not exist (deleted, or replaced already). " +
        "Remove adoptId to create a new one, or set it to an existing object's id.",
    );
  });

  test("create validates strictly before any API call", async () => {
    await emulator().control.clearRequests();
    const err = await thrown(p.create({ region: "us-east" }));
    expect(err.message).toMatch(/label is required/);
    expect(await emulator().control.requests()).toEqual([]);
  });
});
