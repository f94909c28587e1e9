/**
 * The emulator's answers on today's platform against the real API's recorded ones
 * (test/fixtures/recorded-answers/todays-platform.json): in each state the recordings caught (the
 * create's answer, active, a list entry, the PUT's answer, updating after a patch, suspended,
 * resuming, active again, the cross-engine list), a database of each engine answers the recorded
 * keys in the recorded order, at every level (todays-platform.md §7.1). Keys the API added after a
 * recording (`engine_config` mid-2025, `private_network` late 2025; read from the later recordings
 * and the model, not listed here) stand where the newest recording and the model have them. The
 * catalogue (engines, plans, engine settings) and the credentials and certificate too.
 */
import { RECORDED, recordedDatabases } from "../support/todays-answers.js";
import { INSTANT_TIMINGS, startTestEmulator, type TestEmulator } from "../support/emulator.js";
import { answerNames, DATABASE, type Entity } from "../../src/api/index.js";

type Json = Record<string, unknown>;

/** Every key path of a JSON value in order (`hosts.primary`, `updates.pending[]`...), arrays by their first entry. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.length ? keyPaths(value[0], `${prefix}[]`) : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value as Json).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return [path, ...keyPaths(v, path)];
  });
}

/** A recorded answer: the object answered, or a list's first entry. */
function recordedAnswer(name: string): Json {
  const a = RECORDED[name]!.answer as Json & { data?: Json[] };
  return a.data ? a.data[0]! : a;
}

/**
 * Objects whose keys are data, not names: `members` is keyed by the nodes' addresses, and
 * engine_config's keys depend on the settings sent (judged by emu2's own tests).
 */
const OPAQUE = ["members", "engine_config"];

/** The states of one database the 2025-02 recordings caught, each compared below. */
const STATES = ["create", "list", "active", "put", "updating", "suspended", "resuming", "resumed"];
/** The recorded answers compared with the emulator's: each engine's states and the cross-engine list. */
const COMPARED = [...["mysql", "postgresql"].flatMap((e) => STATES.map((s) => `${e}-${s}`)), "instances"];

/** The key paths today's platform answers by the model (`hosts.standby`), inside opaque objects left out. */
function modelPaths(e: Entity, prefix = ""): string[] {
  return answerNames(e, undefined, "rdbms-default").flatMap((k) => {
    const path = prefix ? `${prefix}.${k}` : k;
    const type = e.fields[k]!.type;
    if (typeof type !== "object" || OPAQUE.includes(path)) return [path];
    return [path, ...("array" in type ? modelPaths(type.array, `${path}[]`) : modelPaths(type.object, path))];
  });
}

/**
 * Keys the API added after the 2025-02 recordings, read from the recordings and the model: those a
 * later recording holds and no compared one does (`engine_config` mid-2025, `private_network` late
 * 2025), and the model's that no recording holds, nested ones (`hosts.x`) and top-level ones every
 * answer carries (not `absent`: `fork` is in forks' answers only). Each stands where the model
 * orders it (which is where the newest recording has it), a key inside an object wherever the
 * recording answers the object with keys.
 */
const MODEL_PATHS = modelPaths(DATABASE);
const LATER = (() => {
  const compared = new Set(COMPARED.flatMap((name) => keyPaths(recordedAnswer(name))));
  const recorded = new Set(recordedDatabases().flatMap(([, answer]) => keyPaths(answer)));
  const added = [...recorded].filter((p) => !p.includes(".") && !compared.has(p));
  const fields: Entity["fields"] = DATABASE.fields;
  const unrecorded = MODEL_PATHS.filter((p) => !recorded.has(p) && (p.includes(".") || !fields[p]!.absent));
  return [...added, ...unrecorded];
})();
const NEWEST = recordedAnswer("instances-2025-11");

/**
 * The keys the emulator should answer in a state: the recording's, with the later keys inserted
 * where the newest recording has them.
 */
function expectedKeys(recorded: Json): string[] {
  const top = Object.keys(recorded);
  const model = answerNames(DATABASE, undefined, "rdbms-default");
  // The model orders today's answer keys as the newest recording does.
  expect(model.filter((k) => k in NEWEST)).toEqual(Object.keys(NEWEST).filter((k) => model.includes(k)));
  const order = model.filter((k) => top.includes(k) || LATER.includes(k));
  expect(top.filter((k) => !LATER.includes(k))).toEqual(order.filter((k) => top.includes(k) && !LATER.includes(k)));
  const paths = order.flatMap((k) => [k, ...(OPAQUE.includes(k) ? [] : keyPaths(recorded[k] ?? NEWEST[k], k))]);
  const rank = (path: string) => MODEL_PATHS.indexOf(path);
  for (const later of LATER.filter((k) => k.includes(".") && !paths.includes(k))) {
    const parent = later.slice(0, later.lastIndexOf("."));
    const inside = paths.filter((p) => p.startsWith(`${parent}.`));
    if (!inside.length) continue;
    // Before the first key of its object the model orders after it, else last in the object.
    const next = inside.find((p) => !p.slice(parent.length + 1).includes(".") && rank(p) > rank(later));
    paths.splice(next ? paths.indexOf(next) : paths.lastIndexOf(inside.at(-1)!) + 1, 0, later);
  }
  return paths;
}

/** The emulator's key paths, those inside opaque objects left out. */
function answeredKeys(answer: Json): string[] {
  return keyPaths(answer).filter((p) => !OPAQUE.some((o) => p.startsWith(`${o}.`)));
}

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.control.reset();
  await fetch(`${emu.url}/_emulator/platform`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ databases: "rdbms-default" }),
  }).then((r) => expect(r.status).toBe(200));
  // The recordings' region, as the real API lists it.
  await emu.control.seed({
    regions: [
      {
        id: "ap-west",
        label: "Mumbai, IN",
        country: "in",
        capabilities: ["Managed Databases", "VPCs"],
        status: "ok",
        resolvers: { ipv4: "192.0.2.0", ipv6: "1234::5678" },
      },
    ],
  });
  // Long enough that the wall clock's milliseconds never end a state: the emulated clock steps it.
  await emu.control.setTimings({
    ...INSTANT_TIMINGS,
    provisioningSeconds: 600,
    patchSeconds: 600,
    suspendSeconds: 60,
    resumeSeconds: 800,
    firstBackupSeconds: 60,
  });
});

async function api(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${emu.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const recorded = recordedAnswer;

describe.each(["mysql", "postgresql"] as const)("%s", (engine) => {
  const base = `/databases/${engine}/instances`;

  test("each state answers the recorded keys in the recorded order", async () => {
    // The recorded bodies, with labels both platforms take (the recorded ones are judged below).
    const sent = { ...RECORDED[`${engine}-create`]!.sent!, label: `keys-${engine}` };
    const created = await api("POST", base, sent);
    expect(answeredKeys(created)).toEqual(expectedKeys(recorded(`${engine}-create`)));
    const id = created.id as number;
    // Active, and its first backup (oldest_restore_time) taken.
    await emu.control.advanceClock(700);
    const active = await api("GET", `${base}/${id}`);
    expect(answeredKeys(active)).toEqual(expectedKeys(recorded(`${engine}-active`)));
    expect(answeredKeys(((await api("GET", base)).data as Json[])[0]!)).toEqual(
      expectedKeys(recorded(`${engine}-list`)),
    );
    const put = await api("PUT", `${base}/${id}`, { ...RECORDED[`${engine}-put`]!.sent, label: `keys-${engine}-2` });
    expect(answeredKeys(put)).toEqual(expectedKeys(recorded(`${engine}-put`)));
    expect(Object.keys(await api("GET", `${base}/${id}/ssl`))).toEqual(Object.keys(recorded(`${engine}-ssl`)));
    await api("POST", `${base}/${id}/patch`);
    const updating = await api("GET", `${base}/${id}`);
    expect(updating.status).toBe("updating");
    expect(answeredKeys(updating)).toEqual(expectedKeys(recorded(`${engine}-updating`)));
    await emu.control.advanceClock(700);
    await api("POST", `${base}/${id}/suspend`);
    await emu.control.advanceClock(100);
    const suspended = await api("GET", `${base}/${id}`);
    expect(suspended.status).toBe("suspended");
    expect(answeredKeys(suspended)).toEqual(expectedKeys(recorded(`${engine}-suspended`)));
    await api("POST", `${base}/${id}/resume`);
    await emu.control.advanceClock(200);
    const resuming = await api("GET", `${base}/${id}`);
    expect(resuming.status).toBe("resuming");
    expect(answeredKeys(resuming)).toEqual(expectedKeys(recorded(`${engine}-resuming`)));
    await emu.control.advanceClock(800);
    const resumed = await api("GET", `${base}/${id}`);
    expect(resumed.status).toBe("active");
    expect(answeredKeys(resumed)).toEqual(expectedKeys(recorded(`${engine}-resumed`)));
    const [entry] = (await api("GET", "/databases/instances")).data as unknown as Json[];
    expect(answeredKeys(entry!)).toEqual(expectedKeys(recorded("instances")));
  });

  test("the recorded create and PUT bodies are taken as sent, their long labels too", async () => {
    const created = await api("POST", base, RECORDED[`${engine}-create`]!.sent);
    expect(created.label).toBe(recorded(`${engine}-create`).label);
    await emu.control.advanceClock(700);
    const put = await api("PUT", `${base}/${created.id as number}`, RECORDED[`${engine}-put`]!.sent);
    expect(put.label).toBe(recorded(`${engine}-put`).label);
  });

  test("the credentials answer the recorded keys in the recorded order", async () => {
    const created = await api("POST", base, { ...RECORDED[`${engine}-create`]!.sent!, label: `creds-${engine}` });
    await emu.control.advanceClock(700);
    expect(Object.keys(await api("GET", `${base}/${created.id as number}/credentials`))).toEqual(
      Object.keys(recorded(`${engine}-credentials`)),
    );
  });

  test("a one-node database answers hosts without standby, as recorded", async () => {
    const sent = { ...RECORDED[`${engine}-create`]!.sent!, cluster_size: 1, label: `one-${engine}` };
    const created = await api("POST", base, sent);
    expect(Object.keys(created.hosts as Json)).toEqual(Object.keys(recorded("instances-one-node-mysql").hosts as Json));
  });
});

test("the keys later versions added are read from the recordings and the model", () => {
  expect(LATER).toEqual(expect.arrayContaining(["engine_config", "private_network"]));
  expect(LATER.filter((k) => COMPARED.some((name) => k in recordedAnswer(name)))).toEqual([]);
});

test("the catalogue answers the recorded keys in the recorded order: engines and engine settings", async () => {
  const engines = (await api("GET", "/databases/engines")).data as unknown as Json[];
  expect(engines.map((e) => e.id)).toEqual((RECORDED.engines!.answer as { data: Json[] }).data.map((e) => e.id));
  expect(keyPaths(engines[0])).toEqual(keyPaths(recorded("engines")));
  expect(keyPaths(await api("GET", "/databases/engines/mysql%2F8"))).toEqual(keyPaths(recorded("engine-mysql-8")));
  for (const engine of ["mysql", "postgresql"])
    expect(keyPaths(await api("GET", `/databases/${engine}/config`))).toEqual(keyPaths(recorded(`${engine}-config`)));
});

test("the plans answer as recorded: their keys in order, and one plan whole", async () => {
  const types = (await api("GET", "/databases/types")).data as unknown as Json[];
  expect(keyPaths(types[0])).toEqual(keyPaths(recorded("types")));
  expect(await api("GET", "/databases/types/g6-nanode-1")).toEqual(recorded("type-g6-nanode-1"));
});
