// The figures through the engine: the bench stack (scripts/bench/bench-stack) run from the packed,
// installed package by scripts/packed-example.mjs against an emulator: state per resource, API calls
// per lifecycle step, reads of a preview that creates resources, and no-change times at scale.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { CONTRACT, DEFAULT_TOKEN, fmt, mark, require, root, startEmulator } from "./common.mjs";

const { BUDGET, entryFigures, readState } = require(path.join(root, "scripts", "bench", "state-figures.cjs"));
const BENCH_STACK = path.join(root, "scripts", "bench", "bench-stack");

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
export async function stack(emulator, config, operations, { fresh = false, allowChanges = false } = {}) {
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
export async function previewReadFigures(emulator) {
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

export async function engineFigures() {
  const emulator = await startEmulator({ ...CONTRACT, port: 0, provisioningSeconds: 2 });
  try {
    await footprintFigures(emulator);
    await previewReadFigures(emulator);
    await scaleFigures(emulator);
  } finally {
    await emulator.close();
  }
}
