// The figures of VPCs with two subnets each through the engine (docs/performance.md, "Reads that do
// not grow with the account" and "N VPCs with two subnets against the engine's floor"): the API
// reads per created object and per changed label at several account sizes, and the wall time of
// create, no-change preview, one label change and destroy beside no-op resources of the same graph.

const fmt = (n, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
const mark = (ok) => (ok ? "ok" : "MISSED");

/** The requests the emulator logged since the last call, by kind: list reads (look-ups), other reads, writes. */
async function takeByKind(emulator) {
  const { requests } = await (await fetch(`${emulator.url}/_emulator/requests`)).json();
  await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
  const api = requests.filter((r) => r.path.startsWith("/v4/"));
  const gets = api.filter((r) => r.method === "GET").map((r) => r.path.replace(/\?.*$/, ""));
  const lists = gets.filter((p) => /^\/v4\/vpcs(\/\d+\/subnets)?$/.test(p));
  const regions = gets.filter((p) => p.startsWith("/v4/regions")).length;
  return {
    lists: lists.length,
    other: gets.length - lists.length - regions,
    regions,
    writes: api.length - gets.length,
  };
}

/** Makes the account hold `size` VPCs through the control API, 2,000 to a request. */
async function seedAccount(emulator, size) {
  await fetch(`${emulator.url}/_emulator/reset`, { method: "POST" });
  for (let from = 0; from < size; from += 2_000) {
    const vpcs = Array.from({ length: Math.min(2_000, size - from) }, (_, i) => ({
      label: `seeded-${from + i}`,
      region: "us-west",
    }));
    const res = await fetch(`${emulator.url}/_emulator/seed`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ vpcs }),
    });
    if (!res.ok) throw new Error(`seeding the account answered ${res.status}: ${await res.text()}`);
  }
  await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
}

/**
 * Reads of an `up` that creates `n` VPCs with two subnets each (3n objects), and of the `up` that
 * then renames one VPC, in accounts that already hold each of `sizes` VPCs. The look-up reads are
 * the list reads (the VPC list, a VPC's subnets): what used to page through the account.
 */
export async function accountReadFigures(emulator, stack, { sizes, n, flavour = "dynamic" }) {
  console.log(
    `\nAPI reads of an \`up\` that creates ${n} VPCs with two subnets each (${3 * n} objects), and of one that renames one VPC,` +
      ` by the size of the account (${flavour}):`,
  );
  console.log(
    "  account VPCs   create: look-ups  per object  other reads  writes   rename: look-ups  other reads  writes",
  );
  const rows = [];
  for (const size of sizes) {
    await seedAccount(emulator, size);
    const config = { kind: "network", count: n, flavour };
    await stack(emulator, config, ["up"], { fresh: true });
    const create = await takeByKind(emulator);
    await stack(emulator, { ...config, renamed: true }, ["up"]);
    const rename = await takeByKind(emulator);
    rows.push({ size, create, rename });
    console.log(
      `  ${fmt(size).padStart(12)}   ${String(create.lists).padStart(16)}  ${fmt(create.lists / (3 * n), 2).padStart(10)}` +
        `  ${String(create.other + create.regions).padStart(11)}  ${String(create.writes).padStart(6)}` +
        `   ${String(rename.lists).padStart(16)}  ${String(rename.other + rename.regions).padStart(11)}  ${String(rename.writes).padStart(6)}`,
    );
  }
  // Each VPC's check reads its label once; each create looks once (fewer when creates asking at the
  // same time share a look); the newest VPC id once per run. None of it depends on the account.
  const bound = 4 * n + 1;
  const bounded = rows.every((r) => r.create.lists <= bound && r.rename.lists <= 1);
  const worst = Math.max(...rows.map((r) => r.create.lists / (3 * n)));
  console.log(
    `  targets: look-ups within the bound that does not depend on the account's size (${bound}: a check and a look per` +
      ` VPC, a look per subnet, one per run) ${mark(bounded)}; at most 1 per created object (worst ${fmt(worst, 2)})` +
      ` ${mark(worst <= 1)}; at most 1 per changed label ${mark(rows.every((r) => r.rename.lists <= 1))}`,
  );
  return rows;
}

/**
 * Wall time of create, no-change preview, one label change and destroy of `n` VPCs with two
 * subnets each, dynamic and plugin, beside `noop-network` (the same graph of no-op dynamic
 * resources: what the engine costs by itself), all in one run.
 */
export async function networkTimeFigures(emulator, stack, { n }) {
  console.log(
    `\nN = ${n} VPCs with two subnets each (${3 * n} resources) against the engine's floor (${3 * n} no-op dynamic resources, same graph):`,
  );
  const steps = ["create", "preview", "change", "destroy"];
  const times = {};
  for (const [name, config] of [
    ["no-op", { kind: "noop-network", count: n }],
    ["dynamic", { kind: "network", count: n, flavour: "dynamic" }],
    ["plugin", { kind: "network", count: n, flavour: "plugin" }],
  ]) {
    await fetch(`${emulator.url}/_emulator/reset`, { method: "POST" });
    const first = await stack(emulator, config, ["up", "preview"], { fresh: true });
    const change = await stack(emulator, { ...config, renamed: true }, ["up", "destroy"]);
    const ops = [...first.report.operations, ...change.report.operations];
    times[name] = Object.fromEntries(steps.map((s, i) => [s, ops[i].seconds]));
  }
  console.log("  step        no-op      dynamic   ratio       plugin   ratio    target: ratio <= 1.2");
  const ratios = [];
  for (const s of [...steps, "total"]) {
    const t = (f) => (s === "total" ? steps.reduce((sum, x) => sum + times[f][x], 0) : times[f][s]);
    const [noop, dyn, plug] = [t("no-op"), t("dynamic"), t("plugin")];
    ratios.push(dyn / noop, plug / noop);
    console.log(
      `  ${s.padEnd(9)} ${fmt(noop, 2).padStart(7)} s  ${fmt(dyn, 2).padStart(7)} s  ${fmt(dyn / noop, 2).padStart(5)}x ${mark(dyn / noop <= 1.2).padEnd(6)}` +
        `  ${fmt(plug, 2).padStart(7)} s  ${fmt(plug / noop, 2).padStart(5)}x ${mark(plug / noop <= 1.2)}`,
    );
  }
  return times;
}
