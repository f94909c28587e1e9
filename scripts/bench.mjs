#!/usr/bin/env node
// Prints performance figures, each beside its target ("ok" or "MISSED"); nothing here fails a build:
// test/e2e/footprint.test.ts guards the budgets. Run with `npm run bench` (builds first; the engine
// from scripts/install-pulumi.sh). Traffic goes only to an emulator on 127.0.0.1; every loop is bounded.
//
//   npm run bench -- [--only network|preview] [--n 200] [--account-n 10] [--sizes 0,1000,10000]
//
// --only preview runs only the reads of a preview that creates N resources; --only network only the
// figures of VPCs with two subnets (scripts/bench/network-figures.mjs):
// --n VPCs for the wall times against the engine's floor, --account-n VPCs for the reads at each
// account size of --sizes.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => require(path.join(root, "dist", p));
const { startEmulator, buildApp, DEFAULT_TOKEN } = dist("emulator/index.js");
/** The figures are the contract's API's (its five regions and platform), as docs/performance.md measured them. */
const CONTRACT = { platform: "rdbms-legacy" };
const { CloudClient } = dist("client/index.js");
const { nextDelayMs, PROVISIONING } = dist("shared/runtime/wait.js");
const { BUDGET, entryFigures, readState } = require(path.join(root, "scripts", "bench", "state-figures.cjs"));

const { accountReadFigures, networkTimeFigures } = await import("./bench/network-figures.mjs");

const BENCH_STACK = path.join(root, "scripts", "bench", "bench-stack");
const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    n: { type: "string", default: "200" },
    "account-n": { type: "string", default: "10" },
    sizes: { type: "string", default: "0,1000,10000" },
  },
});
/** Regression guards for the provisioning wait (docs/performance.md): GETs and how late the end is seen. */
const POLLING_BUDGET = {
  15: { gets: 25, lateSeconds: 30 },
  30: { gets: 55, lateSeconds: 30 },
  45: { gets: 85, lateSeconds: 30 },
};

const fmt = (n, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
const mark = (ok) => (ok ? "ok" : "MISSED");
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** GETs spent waiting out a provisioning that ends at `readyAt` ms, and how late its end is noticed. */
function pollingUntil(readyAt) {
  let t = 0;
  let gets = 0;
  for (let attempt = 0; ; attempt++) {
    gets++;
    if (t >= readyAt) break;
    t += nextDelayMs(PROVISIONING, attempt, t);
  }
  return { gets, lateSeconds: (t - readyAt) / 1000 };
}

/** The worst case of {@link pollingUntil} for provisionings ending within a minute either side of `minutes`. */
function pollingFor(minutes) {
  let worst = { gets: 0, lateSeconds: 0 };
  for (let s = minutes * 60 - 60; s <= minutes * 60 + 60; s++) {
    const { gets, lateSeconds } = pollingUntil(s * 1000);
    worst = { gets: Math.max(worst.gets, gets), lateSeconds: Math.max(worst.lateSeconds, lateSeconds) };
  }
  return worst;
}

function pollingFigures() {
  console.log("\nProvisioning waits (adaptive polling, simulated clock; worst case for an end within ±1 min):");
  console.log("  provisioning   GETs   noticed after ready   target");
  for (const minutes of [15, 30, 45]) {
    const { gets, lateSeconds } = pollingFor(minutes);
    const budget = POLLING_BUDGET[minutes];
    const ok = gets <= budget.gets && lateSeconds <= budget.lateSeconds;
    console.log(
      `  ${String(minutes).padStart(2)} min       ${String(gets).padStart(4)}   ${fmt(lateSeconds, 1).padStart(6)} s              ` +
        `<= ${budget.gets} GETs, <= ${budget.lateSeconds} s ${mark(ok)}`,
    );
  }
}

async function timed(label, count, concurrency, op) {
  const latencies = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        await op(i);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(34)} ${fmt(count / seconds).padStart(6)} ops/s   p50 ${fmt(percentile(latencies, 50), 2)} ms   p95 ${fmt(percentile(latencies, 95), 2)} ms`,
  );
}

async function clientFigures() {
  const emulator = await startEmulator({ ...CONTRACT, port: 0 });
  const client = new CloudClient({ apiUrl: emulator.url, token: DEFAULT_TOKEN });
  try {
    console.log("\nClient against the in-process emulator (loopback, concurrency 16):");
    await timed("GET /regions", 2000, 16, () => client.regions.list());
    await timed("POST + DELETE /vpcs", 500, 16, async (i) => {
      const vpc = await client.vpcs.create({ label: `bench-${i}`, region: "us-east" });
      await client.vpcs.delete(vpc.id);
    });
    await timed("POST /vpcs with 2 subnets", 1000, 16, (i) =>
      client.vpcs.create({
        label: `keep-${i}`,
        region: "us-west",
        subnets: [
          { label: "a", ipv4: "10.0.0.0/24" },
          { label: "b", ipv4: "10.0.1.0/24" },
        ],
      }),
    );
    await timed("GET /vpcs (all pages of 1000)", 20, 2, () => client.vpcs.list());
    globalThis.gc?.();
    const mem = process.memoryUsage();
    console.log(
      `  memory with 1000 VPCs / 2000 subnets: rss ${fmt(mem.rss / 2 ** 20)} MiB, heap ${fmt(mem.heapUsed / 2 ** 20)} MiB`,
    );
  } finally {
    await emulator.close();
  }
}

/** Peak resident memory (VmHWM) of every dynamic provider process seen while `run` is pending. */
async function providerPeakRss(run) {
  const peaks = new Map();
  const sample = () => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("cmd/dynamic-provider")) continue;
        const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
        peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kb));
      } catch {
        // the process ended between the listing and the read
      }
    }
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run;
    return { result, peakMiB: Math.max(0, ...peaks.values()) / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Runs operations on the bench stack through scripts/packed-example.mjs (the packed, installed package). */
async function stack(emulator, config, operations, { fresh = false, allowChanges = false } = {}) {
  const args = [path.join(root, "scripts", "packed-example.mjs"), BENCH_STACK, ...operations, "--quiet"];
  args.push("--api-url", emulator.url, "--token", DEFAULT_TOKEN);
  for (const [k, v] of Object.entries(config)) args.push("--config", `${k}=${v}`);
  if (fresh) args.push("--fresh");
  if (allowChanges) args.push("--allow-changes");
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, CLOUDPLATFORM_POLL_SCALE: "0.02" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const { result, peakMiB } = await providerPeakRss(new Promise((resolve) => child.on("close", () => resolve(out))));
  const report = JSON.parse(result);
  if (!report.ok) throw new Error(`bench stack ${JSON.stringify(config)} ${operations.join(" ")}: ${report.error}`);
  return { report, peakMiB };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Requests the emulator logged since the last call, as counts of reads and writes. */
async function takeRequests(emulator) {
  const { requests } = await (await fetch(`${emulator.url}/_emulator/requests`)).json();
  await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
  const api = requests.filter((r) => r.path.startsWith("/v4/"));
  const writes = api.filter((r) => r.method !== "GET");
  return {
    reads: api.length - writes.length,
    writes: writes.length,
    detail: writes.map((r) => `${r.method} ${r.path}`),
  };
}

/** State bytes and serialized provider per type, and API calls per lifecycle step, for one of each resource. */
async function footprintFigures(emulator) {
  const steps = [
    ["up (create)", ["up"], { fresh: true }, (c) => c.writes === 5],
    ["preview, no change", ["preview"], {}, (c) => c.writes === 0],
    ["up, no change", ["up"], {}, (c) => c.writes === 0],
    ["refresh", ["refresh"], {}, (c) => c.writes === 0],
    ["destroy", ["destroy"], {}, (c) => c.writes >= 5],
  ];
  await takeRequests(emulator);
  const calls = [];
  let rows;
  for (const [label, operations, opts, ok] of steps) {
    const { report } = await stack(emulator, { kind: "each" }, operations, opts);
    const c = await takeRequests(emulator);
    calls.push({ label, ...c, ok: ok(c) });
    rows ??= entryFigures(readState(path.join(report.projectDir, ".backend")));
  }
  console.log(
    "\nState per resource (installed from the packed package; one `pulumi stack export` entry, compact JSON):",
  );
  console.log("  type                 entry   w/o secrets   provider's share   source positions   __provider chars");
  for (const r of rows) {
    const entryOk = r.withoutSecrets <= BUDGET.entryBytes;
    const shareOk = r.providerShare <= BUDGET.providerShareBytes;
    const providerOk = r.providerChars <= BUDGET.providerChars && r.paths.length === 0;
    console.log(
      `  ${r.type.padEnd(18)} ${fmt(r.bytes).padStart(7)}   ${fmt(r.withoutSecrets).padStart(6)} ${mark(entryOk).padEnd(6)}` +
        `   ${fmt(r.providerShare).padStart(6)} ${mark(shareOk).padEnd(6)}   ${fmt(r.sourcePositions).padStart(16)}` +
        `   ${String(r.providerChars).padStart(9)} ${mark(providerOk)}${r.paths.length ? ` (${r.paths.join(", ")})` : ""}`,
    );
  }
  console.log(
    `  targets: entry without secrets <= ${fmt(BUDGET.entryBytes)} bytes; provider's share (inputs + outputs) <= ` +
      `${fmt(BUDGET.providerShareBytes)} bytes; __provider <= ${BUDGET.providerChars} chars with no machine path`,
  );
  const plugin = await stack(emulator, { kind: "plugin-each" }, ["up"], { fresh: true });
  const pluginRows = entryFigures(readState(path.join(plugin.report.projectDir, ".backend")));
  await stack(emulator, { kind: "plugin-each" }, ["destroy"]);
  await takeRequests(emulator);
  console.log("\nState per resource through the provider plugin (the same resources; no serialized provider):");
  console.log("  type                 entry   w/o secrets   provider's share   dynamic entry w/o secrets   saved");
  for (const p of pluginRows) {
    const d = rows.find((r) => r.type === p.type);
    const saved = d ? d.withoutSecrets - p.withoutSecrets : NaN;
    console.log(
      `  ${p.type.padEnd(18)} ${fmt(p.bytes).padStart(7)}   ${fmt(p.withoutSecrets).padStart(11)}   ${fmt(p.providerShare).padStart(16)}` +
        `   ${fmt(d?.withoutSecrets ?? NaN).padStart(25)}   ${fmt(saved).padStart(5)} ${mark(p.providerChars === 0 && saved > 0)}`,
    );
  }
  console.log("  target: no serialized provider, and fewer bytes than the dynamic entry");
  console.log(
    "\nAPI calls per lifecycle step (the same five resources; minimum writes: one per object created or deleted):",
  );
  console.log("  step                  reads   writes   target");
  const minimum = { "up (create)": "5 writes (one POST per object)", destroy: ">= 5 writes (one DELETE per object)" };
  for (const c of calls) {
    console.log(
      `  ${c.label.padEnd(20)} ${String(c.reads).padStart(6)}   ${String(c.writes).padStart(6)}   ${minimum[c.label] ?? "0 writes"} ${mark(c.ok)}`,
    );
    if (c.writes && c.label !== "up (create)" && c.label !== "destroy") console.log(`    ${c.detail.join("; ")}`);
  }
  return calls;
}

/** No-change preview and up times of N VPCs beside N no-op dynamic resources, and the provider's peak memory. */
async function scaleFigures(emulator) {
  const RUNS = 3;
  const ops = ["up", ...Array(RUNS).fill("preview"), ...Array(RUNS).fill("up"), "destroy"];
  console.log(
    `\nNo-change preview and up at scale (median of ${RUNS}; VPCs vs no-op dynamic resources; packed package):`,
  );
  console.log(
    "  resources   preview ours / no-op   ratio    up ours / no-op   ratio    provider peak RSS ours / no-op",
  );
  for (const count of [1, 10, 50, 100]) {
    const figures = {};
    for (const kind of ["vpc", "noop"]) {
      const { report, peakMiB } = await stack(emulator, { kind, count }, ops, { fresh: true });
      const seconds = (op, from) => median(report.operations.slice(from, from + RUNS).map((o) => o.seconds));
      figures[kind] = { preview: seconds("preview", 1), up: seconds("up", 1 + RUNS), peakMiB };
    }
    const { vpc, noop } = figures;
    const ratio = (a, b) => a / b;
    const previewOk = count < 100 || ratio(vpc.preview, noop.preview) <= 1.2;
    const upOk = count < 100 || ratio(vpc.up, noop.up) <= 1.2;
    const rssOk = vpc.peakMiB <= noop.peakMiB + 20;
    console.log(
      `  ${String(count).padStart(9)}   ${fmt(vpc.preview, 2).padStart(6)} s / ${fmt(noop.preview, 2).padStart(5)} s   ${fmt(ratio(vpc.preview, noop.preview), 2).padStart(4)}x ${mark(previewOk)}` +
        `   ${fmt(vpc.up, 2).padStart(6)} s / ${fmt(noop.up, 2).padStart(5)} s   ${fmt(ratio(vpc.up, noop.up), 2).padStart(4)}x ${mark(upOk)}` +
        `   ${fmt(vpc.peakMiB).padStart(4)} MiB / ${fmt(noop.peakMiB).padStart(4)} MiB ${mark(rssOk)}`,
    );
  }
  console.log("  targets: ratios <= 1.2x at 100 resources; provider peak RSS <= no-op + 20 MiB");
}

/**
 * API reads of a preview that creates N resources (VPCs and databases of both engines in turn): each
 * new label is one filtered read (one request whatever the account holds); the catalogue lists once.
 */
async function previewReadFigures(emulator) {
  console.log("\nAPI reads of a preview that creates N resources (VPCs, MySQL and PostgreSQL databases in turn):");
  console.log("  resources   reads   writes   per kind                                  target");
  for (const count of [1, 10, 50]) {
    await takeRequests(emulator);
    await stack(emulator, { kind: "mixed", count }, ["preview"], { fresh: true, allowChanges: true });
    const { requests } = await (await fetch(`${emulator.url}/_emulator/requests`)).json();
    const c = await takeRequests(emulator);
    const byPath = {};
    for (const r of requests.filter((r) => r.path.startsWith("/v4/") && r.method === "GET"))
      byPath[r.path.replace(/\?.*$/, "")] = (byPath[r.path.replace(/\?.*$/, "")] ?? 0) + 1;
    // One filtered read per new label (VPCs: every third resource; databases: the rest), catalogue lists once.
    const labels = { "/v4/vpcs": Math.ceil(count / 3), "/v4/databases/instances": count - Math.ceil(count / 3) };
    const ok = c.writes === 0 && Object.entries(byPath).every(([p, n]) => n === (labels[p] ?? 1));
    const kinds = Object.entries(byPath)
      .map(([p, n]) => `${p.replace("/v4/", "")} ${n}`)
      .join(", ");
    console.log(
      `  ${String(count).padStart(9)}   ${String(c.reads).padStart(5)}   ${String(c.writes).padStart(6)}   ${kinds.padEnd(41)} ${mark(ok)}`,
    );
  }
  console.log(
    "  target: no write; one read per new label, one request whatever the account holds; each catalogue list once",
  );
}

async function engineFigures() {
  const emulator = await startEmulator({ ...CONTRACT, port: 0, provisioningSeconds: 2 });
  try {
    await footprintFigures(emulator);
    await previewReadFigures(emulator);
    await scaleFigures(emulator);
  } finally {
    await emulator.close();
  }
}

/** `count` distinct /29 subnets, in one block of 10.0.0.0/8 and in list order of their address. */
function manySubnets(count) {
  return Array.from({ length: count }, (_, i) => {
    const a = i * 8;
    return { label: `s${i}`, ipv4: `10.${a >> 16}.${(a >> 8) & 255}.${a & 255}/29` };
  });
}

/** Median milliseconds of `runs` runs of `op`. */
async function medianMs(runs, op) {
  const times = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    await op();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/**
 * The inline-subnet rules at 1,000 and 10,000 subnets: the provider's check (overlap and label
 * rules) and the emulator's VPC create. Linear rules take about ten times as long for ten times the
 * subnets; the pairwise check they replace took a hundred times as long (2.8 s, then 313 s).
 */
async function subnetCheckFigures() {
  const { inlineSubnets } = dist("resources/vpc/inline-subnets.js");
  const { Rules } = dist("shared/fields/validate.js");
  console.log("\nInline subnets checked (median of 5 runs):");
  console.log("  subnets     provider check   emulator VPC create");
  const rows = {};
  for (const count of [1_000, 10_000]) {
    const subnets = manySubnets(count);
    const check = await medianMs(5, () => {
      const rules = new Rules();
      inlineSubnets(rules, { subnets }, {});
      if (rules.failures.length > 0) throw new Error(rules.failures[0].reason);
    });
    const app = buildApp(CONTRACT);
    const create = await medianMs(5, async () => {
      await app.inject({ method: "POST", url: "/_emulator/reset" });
      const res = await app.inject({
        method: "POST",
        url: "/v4/vpcs",
        headers: { authorization: `Bearer ${DEFAULT_TOKEN}` },
        payload: { label: "bench", region: "us-east", subnets },
      });
      if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    });
    await app.close();
    rows[count] = { check, create };
    console.log(`  ${fmt(count).padStart(7)}   ${fmt(check, 1).padStart(11)} ms   ${fmt(create, 1).padStart(15)} ms`);
  }
  const checkRatio = rows[10_000].check / rows[1_000].check;
  const createRatio = rows[10_000].create / rows[1_000].create;
  console.log(
    `  10,000 / 1,000: check ${fmt(checkRatio, 1)}x ${mark(checkRatio <= 20)}, create ${fmt(createRatio, 1)}x ${mark(createRatio <= 20)}` +
      " (target: <= 20x, about ten times the time for ten times the subnets; pairwise would be 100x)",
  );
}

/** Reads by account size and wall times against the engine's floor, for VPCs with two subnets each. */
async function networkFigures() {
  const emulator = await startEmulator({ ...CONTRACT, port: 0 });
  try {
    const sizes = flags.sizes.split(",").map(Number);
    await accountReadFigures(emulator, stack, { sizes, n: Number(flags["account-n"]) });
    await networkTimeFigures(emulator, stack, { n: Number(flags.n) });
  } finally {
    await emulator.close();
  }
}

console.log("Benchmarks of pulumi-cloudplatform; docs/performance.md explains each figure and its target.");
if (flags.only === "preview") {
  const emulator = await startEmulator({ ...CONTRACT, port: 0, provisioningSeconds: 2 });
  await previewReadFigures(emulator).finally(() => emulator.close());
} else {
  if (flags.only !== "network") {
    await subnetCheckFigures();
    await engineFigures();
    pollingFigures();
    await clientFigures();
  }
  await networkFigures();
}
