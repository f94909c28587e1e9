/**
 * The generator against the in-process emulator: what it reads (GETs only), the program it writes
 * (order, references, filters, both languages, both subnet styles), the summary, and that no secret
 * reaches the file. The e2e tier type-checks the golden programs against the built package
 * (test/e2e/import-types.test.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import { CloudClient, type Database, type Vpc } from "../../src/client/index.js";
import { generateImport, runImportCommand, type ImportOptions } from "../../src/import/index.js";
import { withEmulator } from "../support/emulator.js";
import { nameIds } from "./golden-names.js";

const emulator = withEmulator();

function client(): CloudClient {
  const e = emulator();
  return new CloudClient({ apiUrl: e.url, token: e.token });
}

interface Seeded {
  app: Vpc;
  west: Vpc;
  orders: Database;
  analytics: Database;
  broken: Database;
}

/**
 * An account: two VPCs (one in us-west), a compute instance on a subnet, a MySQL database whose
 * allow list names a subnet range, a 3-node PostgreSQL cluster with a monthly window, a failed
 * database, and a snapshot.
 */
async function seed(): Promise<Seeded> {
  const c = client();
  const { control } = emulator();
  await control.setTimings({ provisioningSeconds: 1, snapshotSeconds: 1, updatingSeconds: 1 });
  const app = await c.vpcs.create({
    label: "app-network",
    region: "us-east",
    description: "application network",
    subnets: [
      { label: "web", ipv4: "10.0.1.0/24" },
      { label: "data", ipv4: "10.0.2.0/24" },
    ],
  });
  const west = await c.vpcs.create({
    label: "west-net",
    region: "us-west",
    subnets: [{ label: "web", ipv4: "10.9.0.0/24" }],
  });
  const web = app.subnets.find((s) => s.label === "web")!;
  await control.seed({ computes: [{ id: 7001, interfaces: [{ subnet_id: web.id }] }] });
  const orders = await c.mysql.create({
    label: "orders",
    region: "us-east",
    type: "g6-nanode-1",
    engine: "mysql/8.0.30",
    allow_list: ["10.0.1.0/24", "203.0.113.7"],
  });
  const analytics = await c.postgresql.create({
    label: "analytics",
    region: "us-east",
    type: "g6-standard-1",
    engine: "postgresql/14.6",
    cluster_size: 3,
    replication_commit_type: "off",
    encrypted: true,
  });
  const broken = await c.mysql.create({
    label: "broken",
    region: "us-east",
    type: "g6-nanode-1",
    engine: "mysql/8.0.30",
  });
  await control.advanceClock(5);
  await c.postgresql.update(analytics.id, {
    updates: { frequency: "monthly", duration: 1, hour_of_day: 2, day_of_week: 6, week_of_month: 3 },
  });
  await c.mysql.createSnapshot(orders.id, { label: "nightly" });
  await control.advanceClock(5);
  await control.setStatus("mysql", broken.id, "failed");
  return { app, west, orders, analytics, broken };
}

/** Runs the generator and returns its result with the requests it sent. */
async function generate(options: ImportOptions) {
  await emulator().control.clearRequests();
  const result = await generateImport(client(), options);
  const requests = await emulator().control.requests();
  return { ...result, requests };
}

/**
 * Where the generated programs are kept whole (test/import/golden): a new field of a resource adds
 * its line there by recording again, not by hand. CLOUDPLATFORM_WRITE_GOLDEN=1 records them (only
 * for a deliberate change of the programs); the ids of the seeded objects are written as names
 * where the program holds an id (golden-names.ts).
 */
const goldenDir = path.join(__dirname, "golden");

function expectGolden(name: string, program: string, s: Seeded): void {
  const ids: [number, string][] = [
    [s.app.id, "APP"],
    [s.west.id, "WEST"],
    ...s.app.subnets.map((x): [number, string] => [x.id, `APP_${x.label.toUpperCase()}`]),
    ...s.west.subnets.map((x): [number, string] => [x.id, `WEST_${x.label.toUpperCase()}`]),
    [s.orders.id, "ORDERS"],
    [s.analytics.id, "ANALYTICS"],
  ];
  const text = nameIds(program, ids);
  const file = path.join(goldenDir, `${name}.ts.txt`);
  if (process.env.CLOUDPLATFORM_WRITE_GOLDEN === "1") {
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(file, text);
    return;
  }
  expect(text).toBe(readFileSync(file, "utf8"));
}

test("adopts every selected object with its current values and references, reading with GETs only", async () => {
  const s = await seed();
  const { program, requests, summary } = await generate({ snapshots: true });
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  const web = s.app.subnets.find((x) => x.label === "web")!;
  const data = s.app.subnets.find((x) => x.label === "data")!;

  // Declaration order: VPCs by label with their subnets by label, then databases by label with their snapshots.
  const order = [...program.matchAll(/^const (\w+) = new cloud\.(\w+)\("([^"]+)"/gm)].map(
    (m) => `${m[2]} ${m[3]} ${m[1]}`,
  );
  expect(order).toEqual([
    "Vpc app-network appNetwork",
    "VpcSubnet app-network-data appNetworkData",
    "VpcSubnet app-network-web appNetworkWeb",
    "Vpc west-net westNet",
    "VpcSubnet west-net-web westNetWeb",
    "PostgresqlDatabase analytics analytics",
    "MysqlDatabase orders orders",
    "DatabaseSnapshot orders-nightly ordersNightly",
  ]);
  // The whole program, as the golden file holds it: every current value of every object.
  expectGolden("separate-subnets", program, s);
  expect(program).toContain(
    `// Used by compute instance(s) 7001 (not managed here): the API refuses to delete it while they are.\nconst appNetworkWeb = new cloud.VpcSubnet("app-network-web", {\n  adoptId: ${web.id},`,
  );
  // The entry equal to the adopted subnet's range is that subnet's output.
  expect(program).toContain('  allowList: [appNetworkWeb.ipv4, "203.0.113.7/32"],');
  expect(program).toContain(`  adoptId: ${data.id},\n  vpcId: appNetwork.vpcId,`);
  expect(program).toMatch(
    /adoptId: "mysql\/\d+\/\d+",\n {2}engine: "mysql",\n {2}instanceId: orders\.instanceId,\n {2}label: "nightly",/,
  );
  expect(program).not.toContain('"broken"');

  expect(summary).toEqual([
    "Found: 2 VPC(s), 3 subnet(s), 2 MySQL database(s), 1 PostgreSQL database(s), 1 snapshot(s), 0 automatic backup(s).",
    "Adopted: 8 resource(s) (2 Vpc, 3 VpcSubnet, 1 MysqlDatabase, 1 PostgresqlDatabase, 1 DatabaseSnapshot).",
    "Left out (1):",
    `  - MySQL database "broken" (id ${s.broken.id}): its status is "failed", from which it does not recover; adopting it would fail (replace or delete it)`,
    "Notes:",
    `  - subnet "web" of VPC "app-network" (id ${s.app.id}) is used by compute instance(s) 7001: instances are not managed by this package, and the subnet cannot be deleted while they use it`,
    "Secrets (root passwords, CA certificates, the API token) are not in the program.",
  ]);
});

test("two runs give the same file, and the JavaScript form is the same program in CommonJS", async () => {
  await seed();
  const first = await generate({ snapshots: true });
  const second = await generate({ snapshots: true });
  expect(second.program).toBe(first.program);
  const js = await generate({ snapshots: true, language: "js" });
  expect(js.program.replace('"use strict";\nconst cloud = require("pulumi-cloudplatform");', "")).toBe(
    first.program
      .replace('import * as cloud from "pulumi-cloudplatform";', "")
      .replace("--language ts", "--language js"),
  );
  // Valid JavaScript, and a CommonJS module (no import statement).
  expect(() => new vm.Script(js.program)).not.toThrow();
});

test("no secret reaches the program: passwords, certificates and the token stay out", async () => {
  const s = await seed();
  const c = client();
  const secrets = [emulator().token];
  for (const [engine, db] of [
    ["mysql", s.orders],
    ["postgresql", s.analytics],
  ] as const) {
    secrets.push((await c.database(engine).getCredentials(db.id)).password);
    secrets.push((await c.database(engine).getCertificate(db.id)).ca_certificate);
  }
  for (const options of [{ snapshots: true }, { language: "js", subnets: "inline" }] as ImportOptions[]) {
    const { program, requests } = await generate(options);
    for (const secret of secrets) expect(program).not.toContain(secret);
    // Not even read: the generator never asks for credentials or certificates.
    expect(requests.filter((r) => /credentials|ssl/.test(r.path))).toEqual([]);
  }
});

test("inline subnets: listed in the Vpc, and an allow list follows the subnet through the VPC's output", async () => {
  const s = await seed();
  const { program } = await generate({ subnets: "inline" });
  expect(program).not.toContain("VpcSubnet");
  expectGolden("inline-subnets", program, s);
  expect(program).toContain(
    '  subnets: [{ label: "data", ipv4: "10.0.2.0/24" }, { label: "web", ipv4: "10.0.1.0/24" }],',
  );
  expect(program).toContain('Subnet "web" is used by compute instance(s) 7001');
  expect(program).toContain('  allowList: [inlineSubnetRange(appNetwork, "web"), "203.0.113.7/32"],');
  expect(program).toContain("function inlineSubnetRange(vpc: cloud.Vpc, label: string) {");
});

test("filters by region, label and kind, and says what each left out", async () => {
  const s = await seed();
  const byRegion = await generate({ filters: { regions: ["us-west"] } });
  expect(byRegion.program).toContain('new cloud.Vpc("west-net"');
  expect(byRegion.program).not.toContain('"app-network"');
  expect(byRegion.program).not.toContain("Database(");
  expect(byRegion.summary).toContain(
    `  - VPC "app-network" (id ${s.app.id}) and its 2 subnet(s): its region us-east is not selected (--region us-west)`,
  );
  expect(byRegion.summary).toContain(
    `  - MySQL database "orders" (id ${s.orders.id}): its region us-east is not selected (--region us-west)`,
  );

  const byLabel = await generate({ filters: { labels: ["or*", "app-?etwork"] } });
  expect([...byLabel.program.matchAll(/new cloud\.(\w+)\("([^"]+)"/g)].map((m) => m[2])).toEqual([
    "app-network",
    "app-network-data",
    "app-network-web",
    "orders",
  ]);
  expect(byLabel.summary).toContain(
    `  - PostgreSQL database "analytics" (id ${s.analytics.id}): its label does not match --label or*,app-?etwork`,
  );
  expect(byLabel.program).toContain(
    "// Generated by `pulumi-cloudplatform import --language ts --subnets resources --label or*,app-?etwork`.",
  );

  // Without the VPCs, the allow list cannot name a subnet: it keeps the literal range.
  const byKind = await generate({ filters: { kinds: ["mysql"] } });
  expect(byKind.program).not.toContain("cloud.Vpc");
  expect(byKind.program).not.toContain("PostgresqlDatabase");
  expect(byKind.program).toContain('  allowList: ["10.0.1.0/24", "203.0.113.7/32"],');
  expect(byKind.summary[0]).toBe("Found: 2 MySQL database(s).");
  expect(byKind.summary).toContain(
    "Snapshots were not read: add --snapshots to adopt the databases' on-demand snapshots.",
  );
});

test("an object in a region now in outage is adopted: the catalogue never refuses an adoption", async () => {
  await seed();
  const { control } = emulator();
  // us-west goes into outage after the VPC was made there.
  const usWest = (await client().regions.list()).find((r) => r.id === "us-west")!;
  await control.seed({
    regions: [{ ...usWest, status: "outage", resolvers: { ipv4: "192.0.2.10", ipv6: "2001:db8::10" } }],
  });
  const { summary, program } = await generate({});
  expect(program).toContain('new cloud.Vpc("west-net"');
  expect(summary.join("\n")).not.toContain("west-net");
});

test("the command writes the program to --out, progress and summary to stderr, and fails clearly without a URL", async () => {
  await seed();
  const e = emulator();
  const dir = mkdtempSync(path.join(os.tmpdir(), "import-cli-"));
  try {
    const out = path.join(dir, "index.js");
    const stdout: string[] = [];
    const stderr: string[] = [];
    const io = { stdout: (t: string) => stdout.push(t), stderr: (t: string) => stderr.push(t) };
    const code = await runImportCommand(["--out", out, "--language", "js", "--kind", "vpc"], {
      ...io,
      env: { CLOUDPLATFORM_API_URL: e.url, CLOUDPLATFORM_TOKEN: e.token },
    });
    expect(code).toBe(0);
    expect(stdout).toEqual([]);
    expect(readFileSync(out, "utf8")).toContain('const appNetwork = new cloud.Vpc("app-network", {');
    expect(stderr.join("")).toContain("Reading VPCs\n");
    expect(stderr.join("")).toContain("Adopted: 5 resource(s) (2 Vpc, 3 VpcSubnet).");

    stderr.length = 0;
    expect(await runImportCommand(["--token", e.token], { ...io, env: {} })).toBe(2);
    expect(stderr.join("")).toContain("No Cloud Platform API URL configured");
    stderr.length = 0;
    expect(await runImportCommand(["--help"], { ...io, env: {} })).toBe(0);
    expect(stdout.join("")).toContain("usage: pulumi-cloudplatform import [options]");
    stderr.length = 0;
    expect(await runImportCommand(["--api-url", e.url, "--token", "wrong-token"], { ...io, env: {} })).toBe(1);
    expect(stderr.join("")).toMatch(/import failed: .*401/);
    expect(stderr.join("")).not.toContain("wrong-token");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
