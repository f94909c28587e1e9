/**
 * Conformance with the real API's official JavaScript client (`@linode/api-v4`, a devDependency):
 * driven against the emulator with only its base URL rewritten, every contract operation it has a
 * function for succeeds, and every answer has the fields its declared types require, up to the
 * contract's renames (test/fixtures/openapi/contract-differences.json) and the fields added to the
 * API after the contract's version (test/fixtures/official-client.json). The operations it lacks
 * are driven with its own request instance. The key lists (official-client-types.ts) are checked
 * against the client's .d.ts by the compiler (test/conformance/tsconfig.json): a list that misses
 * a required key, or names one the type does not require, does not compile.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  baseRequest,
  createDatabase,
  createSubnet,
  createVPC,
  deleteDatabase,
  deleteSubnet,
  deleteVPC,
  getDatabaseBackup,
  getDatabaseBackups,
  getDatabaseCredentials,
  getDatabaseEngine,
  getDatabaseEngines,
  getDatabases,
  getEngineDatabase,
  getEngineDatabases,
  getRegion,
  getRegionAvailabilities,
  getRegionAvailability,
  getRegions,
  getSSLFields,
  getSubnet,
  getSubnets,
  getVPC,
  getVPCIPs,
  getVPCs,
  getVPCsIPs,
  legacyRestoreWithBackup,
  modifySubnet,
  patchDatabase,
  resetDatabaseCredentials,
  setToken,
  updateDatabase,
  updateVPC,
  type Engine,
} from "@linode/api-v4";
import * as officialClient from "@linode/api-v4";
import { differences, publishedFields } from "../support/openapi.js";
import { INSTANT_TIMINGS, startTestEmulator, type TestEmulator } from "../support/emulator.js";
import type { Exchange } from "../support/exchanges.js";
import { contractKey, expectedKeys, fixture, operations, TYPES, type TypeName } from "./official-client-types.js";

/** Every problem found in the answers: `getVPC: VPC lacks description`. */
const problems: string[] = [];
/** Client functions that answered, and the contract operations they drove. */
const called = new Set<string>();

/** Records the keys an answer lacks for its declared type, also in nested objects the type declares. */
function check(where: string, type: TypeName, value: unknown, found = problems): void {
  if (typeof value !== "object" || value === null) {
    found.push(`${where}: ${type} is not an object`);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of expectedKeys(type)) if (!(key in record)) found.push(`${where}: ${type} lacks ${key}`);
  const nested: [string, TypeName][] = [];
  if (type === "vpc") nested.push(["subnets", "subnet"]);
  if (type === "subnet") nested.push(["computes", "subnetLinode"]);
  if (type === "subnetLinode") nested.push(["interfaces", "subnetInterface"]);
  if (type === "instance" || type === "database") nested.push(["hosts", "hosts"], ["updates", "updates"]);
  for (const [key, inner] of nested) {
    const child = record[key];
    for (const item of Array.isArray(child) ? child : child == null ? [] : [child])
      check(`${where}.${key}`, inner, item, found);
  }
}

/** Checks a page and each of its entries. */
function checkPage(where: string, type: TypeName, page: { data: unknown[] }): void {
  check(where, "page", page);
  if (page.data.length === 0) problems.push(`${where}: the page is empty, so nothing of ${type} was checked`);
  page.data.forEach((item, i) => check(`${where}.data[${i}]`, type, item));
}

/** Runs one client call for an operation and remembers that it succeeded. */
async function drive<T>(operation: string, call: () => Promise<T>): Promise<T> {
  const answer = await call();
  called.add(operation);
  return answer;
}

let em: TestEmulator;
const exchanges: Exchange[] = [];
const settle = () => em.control.advanceClock(3600);

beforeAll(async () => {
  em = await startTestEmulator({ provisioningSeconds: 0 }, exchanges);
  const apiUrl = `${em.url}/v4`;
  // The base URL, and nothing else: the client's functions name absolute URLs under
  // https://api.linode.com/v4 or /v4beta, its request instance a base URL.
  baseRequest.defaults.baseURL = apiUrl;
  baseRequest.interceptors.request.use((config) => ({
    ...config,
    url: config.url?.replace(/^https:\/\/api\.linode\.com\/v4(beta)?(?=\/|$)/, apiUrl),
  }));
  setToken(em.token);
  await em.control.setTimings(INSTANT_TIMINGS);
  await em.control.seed({ computes: [{ id: 7001, label: "web-1", region: "us-east", interfaces: [] }] });
  await driveEverything();
});

afterAll(async () => {
  await em?.close();
});

async function driveEverything(): Promise<void> {
  checkPage("getRegions", "region", await drive("GET /regions", () => getRegions()));
  check("getRegion", "region", await drive("GET /regions/{regionId}", () => getRegion("us-east")));
  checkPage(
    "getRegionAvailabilities",
    "availability",
    await drive("GET /regions/availability", () => getRegionAvailabilities()),
  );
  const availability = await drive("GET /regions/{regionId}/availability", () => getRegionAvailability("us-east"));
  availability.forEach((a, i) => check(`getRegionAvailability[${i}]`, "availability", a));
  checkPage("getDatabaseEngines", "engine", await drive("GET /databases/engines", () => getDatabaseEngines()));
  check(
    "getDatabaseEngine",
    "engine",
    await drive("GET /databases/engines/{engineId}", () => getDatabaseEngine("mysql/8.0.30")),
  );

  const vpc = await drive("POST /vpcs", () =>
    createVPC({
      label: "app-net",
      region: "us-east",
      description: "first",
      subnets: [{ label: "web", ipv4: "10.0.0.0/24" }],
    }),
  );
  check("createVPC", "vpc", vpc);
  await em.control.seed({ computes: [{ id: 7001, label: "web-1", interfaces: [{ subnet_id: vpc.subnets[0]!.id }] }] });
  checkPage("getVPCs", "vpc", await drive("GET /vpcs", () => getVPCs()));
  check("getVPC", "vpc", await drive("GET /vpcs/{vpcId}", () => getVPC(vpc.id)));
  check("updateVPC", "vpc", await drive("PUT /vpcs/{vpcId}", () => updateVPC(vpc.id, { description: "second" })));
  checkPage("getVPCsIPs", "vpcIp", await drive("GET /networking/vpcs/ips", () => getVPCsIPs()));
  // The contract's own path of #3, through the client's request instance.
  checkPage("baseRequest GET /networking/vpcs/ips", "vpcIp", (await baseRequest.get("/networking/vpcs/ips")).data);
  checkPage("getVPCIPs", "vpcIp", await drive("GET /vpcs/{vpcId}/ips", () => getVPCIPs(vpc.id)));
  const subnet = await drive("POST /vpcs/{vpcId}/subnets", () =>
    createSubnet(vpc.id, { label: "db", ipv4: "10.0.1.0/24" }),
  );
  check("createSubnet", "subnet", subnet);
  checkPage("getSubnets", "subnet", await drive("GET /vpcs/{vpcId}/subnets", () => getSubnets(vpc.id)));
  check(
    "getSubnet",
    "subnet",
    await drive("GET /vpcs/{vpcId}/subnets/{vpcSubnetId}", () => getSubnet(vpc.id, subnet.id)),
  );
  check(
    "modifySubnet",
    "subnet",
    await drive("PUT /vpcs/{vpcId}/subnets/{vpcSubnetId}", () => modifySubnet(vpc.id, subnet.id, { label: "db2" })),
  );
  await drive("DELETE /vpcs/{vpcId}/subnets/{vpcSubnetId}", () => deleteSubnet(vpc.id, subnet.id));
  const spare = await createVPC({ label: "spare-net", region: "us-east" });
  await drive("DELETE /vpcs/{vpcId}", () => deleteVPC(spare.id));

  for (const engine of ["mysql", "postgresql"] as Engine[]) {
    const path = (rest = "") => `/databases/${engine}/instances${rest}`;
    // The client types `engine` as the engine type; the API takes an engine id (contract #21).
    const engineId = (engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6") as Engine;
    const db = await drive(`POST ${path()}`, () =>
      createDatabase(engine, {
        label: `${engine}-db`,
        region: "us-east",
        type: "g6-standard-1",
        engine: engineId,
        cluster_size: 3,
        allow_list: ["203.0.113.7"],
      }),
    );
    check(`createDatabase(${engine})`, "database", db);
    checkPage(
      `getEngineDatabases(${engine})`,
      "database",
      await drive(`GET ${path()}`, () => getEngineDatabases(engine)),
    );
    checkPage("getDatabases", "instance", await drive("GET /databases/instances", () => getDatabases()));
    await settle();
    const one = `${path("/{instanceId}")}`;
    check(
      `getEngineDatabase(${engine})`,
      "database",
      await drive(`GET ${one}`, () => getEngineDatabase(engine, db.id)),
    );
    check(
      `updateDatabase(${engine})`,
      "database",
      await drive(`PUT ${one}`, () => updateDatabase(engine, db.id, { label: `${engine}-db2` })),
    );
    await settle();
    check(
      `getDatabaseCredentials(${engine})`,
      "credentials",
      await drive(`GET ${one}/credentials`, () => getDatabaseCredentials(engine, db.id)),
    );
    expect(await drive(`POST ${one}/credentials/reset`, () => resetDatabaseCredentials(engine, db.id))).toEqual({});
    await settle();
    check(`getSSLFields(${engine})`, "ssl", await drive(`GET ${one}/ssl`, () => getSSLFields(engine, db.id)));
    expect(await drive(`POST ${one}/patch`, () => patchDatabase(engine, db.id))).toEqual({});
    await settle();
    // Lacking in the client: snapshot create and backup delete, through its request instance.
    const snapshot = await baseRequest.post(`/databases/${engine}/instances/${db.id}/backups`, { label: "snap1" });
    expect(snapshot.data).toEqual({});
    called.add(`POST ${one}/backups`);
    await settle();
    const backups = await drive(`GET ${one}/backups`, () => getDatabaseBackups(engine, db.id));
    checkPage(`getDatabaseBackups(${engine})`, "backup", backups);
    const backupId = backups.data.find((b) => b.label === "snap1")!.id;
    check(
      `getDatabaseBackup(${engine})`,
      "backup",
      await drive(`GET ${one}/backups/{backupId}`, () => getDatabaseBackup(engine, db.id, backupId)),
    );
    expect(
      await drive(`POST ${one}/backups/{backupId}/restore`, () => legacyRestoreWithBackup(engine, db.id, backupId)),
    ).toEqual({});
    await settle();
    expect((await baseRequest.delete(`/databases/${engine}/instances/${db.id}/backups/${backupId}`)).data).toEqual({});
    called.add(`DELETE ${one}/backups/{backupId}`);
    expect(await drive(`DELETE ${one}`, () => deleteDatabase(engine, db.id))).toEqual({});
  }
}

/** The fixture's operation names, which write the engine as `{engine}`, for both engines. */
function perEngine(operation: string): string[] {
  return operation.includes("{engine}")
    ? ["mysql", "postgresql"].map((e) => operation.replace("{engine}", e))
    : [operation];
}

test("the fixture names the installed client and sorts every contract operation into functions or lacking", () => {
  const installed = JSON.parse(
    readFileSync(join(require.resolve("@linode/api-v4"), "..", "..", "package.json"), "utf8"),
  ) as { version: string };
  expect(installed.version).toBe(fixture.version);
  const named = Object.keys(fixture.functions).flatMap(perEngine);
  const lacking = Object.keys(fixture.lacking).flatMap(perEngine);
  expect([...named, ...lacking].sort()).toEqual([...operations].sort());
  const exported = officialClient as unknown as Record<string, unknown>;
  expect(Object.values(fixture.functions).filter((name) => typeof exported[name] !== "function")).toEqual([]);
});

test("every contract operation succeeds when the official client drives it", () => {
  expect(operations.filter((op) => !called.has(op))).toEqual([]);
  expect(exchanges.filter((e) => e.status !== 200).map((e) => `${e.operation} ${e.status}`)).toEqual([]);
});

test("every answer has the fields the client's declared types require, up to the contract's renames", () => {
  expect(problems).toEqual([]);
});

test("the body-less actions go out the way the official client sends them, and are taken", () => {
  const actions = exchanges.filter((e) => /\/(patch|reset|restore)$/.test(e.operation));
  expect(actions).toHaveLength(6);
  expect(actions.map((e) => [e.status, e.contentType, e.request])).toEqual(
    actions.map(() => [200, "application/x-www-form-urlencoded", undefined]),
  );
});

test("the fields listed as newer than the contract are required by the client and absent from 4.176.0", () => {
  const declared = new Map<string, string[]>();
  for (const { keys, schema } of Object.values(TYPES))
    declared.set(schema, [...(declared.get(schema) ?? []), ...keys.map((k) => contractKey(schema, k))]);
  for (const [schema, keys] of Object.entries(fixture.newer_than_contract)) {
    if (schema === "about") continue;
    // The description as the tests read it carries the model's additions (a later platform's `members`): not 4.176.0's.
    const added = differences.added.filter((a) => a.schema === schema).map((a) => a.field);
    const published = publishedFields(schema).filter((k) => !added.includes(k));
    expect({ schema, inDescription: keys.filter((k) => published.includes(k)) }).toEqual({ schema, inDescription: [] });
    // Listed for a schema the test reads, under the name one of the types checked against it requires.
    const bySchema =
      declared.get(schema) ?? declared.get(schema.replace(/^Database(MySQL|PostgreSQL)$/, "DatabaseMySQL"));
    expect({ schema, notRequired: keys.filter((k) => !(bySchema ?? []).includes(k)) }).toEqual({
      schema,
      notRequired: [],
    });
  }
});

test("the check finds a lacking field, also nested, and a field under its published name", () => {
  const vpc = exchanges.find((e) => e.operation === "GET /vpcs/{vpcId}")!.answer as Record<string, unknown>;
  const { description: _description, ...withoutDescription } = vpc;
  const { computes, ...subnet } = (vpc.subnets as Record<string, unknown>[])[0]!;
  const found: string[] = [];
  check("x", "vpc", withoutDescription, found);
  check("y", "vpc", { ...vpc, subnets: [{ ...subnet, linodes: computes }] }, found);
  check("z", "subnetInterface", { id: 1 }, found);
  expect(found).toEqual([
    "x: vpc lacks description",
    "y.subnets: subnet lacks computes",
    "z: subnetInterface lacks active",
  ]);
});
