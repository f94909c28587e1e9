#!/usr/bin/env node
// Prints performance figures; nothing here passes or fails. Run with `npm run bench` (builds first).
// Traffic goes only to an emulator on 127.0.0.1; every loop is bounded.
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => require(path.join(root, "dist", p));
const { startEmulator, DEFAULT_TOKEN } = dist("emulator/index.js");
const { CloudClient } = dist("client/index.js");
const { nextDelayMs, PROVISIONING } = dist("resources/wait.js");
const { lazyProvider } = dist("resources/lazy-provider.js");
const pulumi = require("@pulumi/pulumi");

const fmt = (n, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function pollingFigures() {
  console.log("\nProvisioning waits (adaptive polling, no scaling):");
  console.log("  provisioning   GETs   noticed after ready");
  for (const minutes of [15.3, 22.7, 29.9, 44.1]) {
    const readyAt = minutes * 60_000;
    let t = 0;
    let gets = 0;
    for (let attempt = 0; ; attempt++) {
      gets++;
      if (t >= readyAt) break;
      t += nextDelayMs(PROVISIONING, attempt, t);
    }
    console.log(
      `  ${minutes.toFixed(1).padStart(4)} min     ${String(gets).padStart(4)}   ${fmt((t - readyAt) / 1000, 1)} s`,
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
  const emulator = await startEmulator({ port: 0 });
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

async function serializationFigures() {
  console.log("\nSerialized provider stored in state per resource:");
  for (const name of ["vpc", "vpc-subnet", "mysql-database", "postgresql-database", "database-snapshot"]) {
    const provider = lazyProvider(name);
    const { text } = await pulumi.runtime.serializeFunction(() => provider);
    console.log(`  ${name.padEnd(22)} ${fmt(text.length)} bytes`);
  }
}

pollingFigures();
await clientFigures();
await serializationFigures();
