// The figures measured in this process, without the engine: the inline-subnet rules at scale, the
// provisioning wait's polling on a simulated clock, and the client against the in-process emulator.
import { buildApp, CONTRACT, DEFAULT_TOKEN, dist, fmt, mark, percentile, startEmulator } from "./common.mjs";

const { CloudClient } = dist("client/index.js");
const { nextDelayMs, PROVISIONING } = dist("shared/runtime/wait.js");

/** Regression guards for the provisioning wait (docs/performance.md): GETs and how late the end is seen. */
const POLLING_BUDGET = {
  15: { gets: 25, lateSeconds: 30 },
  30: { gets: 55, lateSeconds: 30 },
  45: { gets: 85, lateSeconds: 30 },
};

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

export function pollingFigures() {
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

export async function clientFigures() {
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
export async function subnetCheckFigures() {
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

/** Target for an emulator's start-up: a test suite or a demo starts one, often several. */
const STARTUP_TARGET_MS = 60;

/**
 * An emulator's start-up: from building the app to its first answered request (a VPC create, which
 * validates a body), median of 21 starts in this process. Route validators compile on first use.
 */
export async function startupFigures() {
  const startOnce = async () => {
    const app = buildApp(CONTRACT);
    await app.ready();
    const res = await app.inject({
      method: "POST",
      url: "/v4/vpcs",
      headers: { authorization: `Bearer ${DEFAULT_TOKEN}` },
      payload: { label: "bench", region: "us-east" },
    });
    if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    await app.close();
  };
  await startOnce(); // module loading is not start-up
  const ms = await medianMs(21, startOnce);
  console.log("\nEmulator start-up (build, ready, first VPC create; median of 21):");
  console.log(`  ${fmt(ms, 1)} ms (target: <= ${STARTUP_TARGET_MS} ms) ${mark(ms <= STARTUP_TARGET_MS)}`);
}
