/**
 * The emulator's records and answers come from the API model (src/api): every answer carries its
 * entity's fields in the model's order (the cross-engine list entry in alphabetical order, a VPC IP
 * entry its own address first), a record saved before a field existed answers the field's default,
 * and each wire name of the model is spelled in one emulator source file at most.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { answerMayLack, answerNames, ENTITIES, type Engine, type Entity } from "../../src/api/index.js";
import { startTestEmulator, withEmulator, INSTANT_TIMINGS } from "../support/emulator.js";
import { apiCaller } from "./http.js";

const { VPC, SUBNET, VPC_IP, DATABASE, DATABASE_SUMMARY, BACKUP, ENGINE, REGION, AVAILABILITY } = ENTITIES;

/** `entity`'s answered names in the model's order, but those `answer` leaves out and may (`answerMayLack`). */
const namesIn = (answer: object, entity: Entity, engine?: Engine) =>
  answerNames(entity, engine).filter((k) => Object.hasOwn(answer, k) || !answerMayLack(entity.fields[k]!));

describe("answers in the model's order", () => {
  const em = withEmulator();
  const call = apiCaller(() => em().url);

  test("every kind of answer lists its entity's fields in the model's order", async () => {
    await em().control.setTimings(INSTANT_TIMINGS);
    const vpc = (
      await call("POST", "/vpcs", {
        body: { label: "ordered", region: "us-east", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] },
      })
    ).body;
    await em().control.seed({
      computes: [{ id: 600, interfaces: [{ subnet_id: vpc.subnets[0].id, ip_ranges: ["10.0.0.64/28"] }] }],
    });
    expect(Object.keys(vpc)).toEqual(answerNames(VPC));
    expect(Object.keys(vpc.subnets[0])).toEqual(answerNames(SUBNET));
    const ips = (await call("GET", `/vpcs/${vpc.id}/ips`)).body.data;
    const rest = answerNames(VPC_IP).filter((k) => !k.startsWith("address"));
    for (const entry of ips) expect(Object.keys(entry)).toEqual(["address", "address_range", ...rest]);

    for (const [engine, engineId] of [
      ["mysql", "mysql/8.0.30"],
      ["postgresql", "postgresql/14.6"],
    ] as const) {
      const db = (
        await call("POST", `/databases/${engine}/instances`, {
          body: { label: `ordered-${engine}`, region: "us-east", type: "g6-nanode-1", engine: engineId },
        })
      ).body;
      expect(Object.keys(db)).toEqual(namesIn(db, DATABASE, engine));
      await call("POST", `/databases/${engine}/instances/${db.id}/backups`, { body: { label: "snap" } });
      await em().control.advanceClock(1);
      const backup = (await call("GET", `/databases/${engine}/instances/${db.id}/backups`)).body.data[0];
      expect(Object.keys(backup)).toEqual(answerNames(BACKUP));
    }
    const entry = (await call("GET", "/databases/instances")).body.data[0];
    expect(Object.keys(entry)).toEqual(namesIn(entry, DATABASE_SUMMARY).sort());
    expect(Object.keys((await call("GET", "/databases/engines")).body.data[0])).toEqual(answerNames(ENGINE));
    expect(Object.keys((await call("GET", "/regions/us-east")).body)).toEqual(answerNames(REGION));
    expect(Object.keys((await call("GET", "/regions/availability")).body.data[0])).toEqual(answerNames(AVAILABILITY));
  });
});

describe("records saved before a field existed", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "emulator-model-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("answer each missing field's default, in the same place, for VPCs and both engines", async () => {
    const persistFile = join(dir, "state.json");
    const first = await startTestEmulator({ persistFile, provisioningSeconds: 0 });
    const call1 = apiCaller(() => first.url);
    const vpc = await call1("POST", "/vpcs", { body: { label: "old-vpc", region: "us-east", description: "kept" } });
    const pg = await call1("POST", "/databases/postgresql/instances", {
      body: {
        label: "old-pg",
        region: "us-east",
        type: "g6-nanode-1",
        engine: "postgresql/14.6",
        allow_list: ["10.0.0.1"],
        replication_commit_type: "off",
        encrypted: true,
      },
    });
    const before = (await call1("GET", `/databases/postgresql/instances/${pg.body.id}`)).body;
    await first.close();
    // As an emulator before these fields existed wrote them: the records lack the keys.
    const saved = JSON.parse(readFileSync(persistFile, "utf8"));
    for (const key of ["description"]) delete saved.state.vpcs[0][key];
    for (const key of ["allow_list", "cluster_size", "replication_commit_type", "encrypted"])
      delete saved.state.databases[0][key];
    writeFileSync(persistFile, JSON.stringify(saved));

    const second = await startTestEmulator({ persistFile, provisioningSeconds: 0 });
    const call2 = apiCaller(() => second.url);
    try {
      const oldVpc = (await call2("GET", `/vpcs/${vpc.body.id}`)).body;
      expect(oldVpc).toEqual({ ...vpc.body, description: "" });
      expect(Object.keys(oldVpc)).toEqual(Object.keys(vpc.body));
      const oldPg = (await call2("GET", `/databases/postgresql/instances/${pg.body.id}`)).body;
      expect(oldPg).toEqual({
        ...before,
        allow_list: [],
        cluster_size: 1,
        replication_commit_type: "local",
        encrypted: false,
      });
      expect(Object.keys(oldPg)).toEqual(Object.keys(before));
      const listed = (await call2("GET", "/databases/instances")).body.data[0];
      expect([listed.allow_list, listed.cluster_size, listed.encrypted]).toEqual([[], 1, false]);
    } finally {
      await second.close();
    }
  });

  test("a list field held as anything but a list is refused at start, naming it", async () => {
    const persistFile = join(dir, "state.json");
    const first = await startTestEmulator({ persistFile, provisioningSeconds: 0 });
    await apiCaller(() => first.url)("POST", "/databases/mysql/instances", {
      body: { label: "odd-list", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30" },
    });
    await first.close();
    const saved = JSON.parse(readFileSync(persistFile, "utf8"));
    saved.state.databases[0].allow_list = "10.0.0.1/32";
    writeFileSync(persistFile, JSON.stringify(saved));
    await expect(startTestEmulator({ persistFile })).rejects.toThrow(
      /it has state\.databases\[0\]\.allow_list that is not a list/,
    );
  });
});

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The wire names of the model's entities and the entities inside them that have more than one word. */
function wireNames(entities: readonly Entity[], seen = new Set<Entity>()): Set<string> {
  const names = new Set<string>();
  for (const e of entities) {
    if (seen.has(e)) continue;
    seen.add(e);
    for (const [name, f] of Object.entries(e.fields)) {
      if (name.includes("_")) names.add(name);
      if (typeof f.type === "object") {
        const inner = "array" in f.type ? f.type.array : f.type.object;
        for (const n of wireNames([inner], seen)) names.add(n);
      }
    }
  }
  return names;
}

test("each wire name of the model is spelled in one emulator source file at most", () => {
  const root = join(__dirname, "..", "..", "src", "emulator");
  const files = sources(root).map((path) => ({ path: path.slice(root.length + 1), text: readFileSync(path, "utf8") }));
  const names = [...wireNames(Object.values(ENTITIES))];
  expect(names.length).toBeGreaterThan(15);
  const spelled = names
    .map((name) => [name, files.filter((f) => new RegExp(`\\b${name}\\b`).test(f.text)).map((f) => f.path)] as const)
    .filter(([, where]) => where.length > 1);
  expect(spelled).toEqual([]);
});
