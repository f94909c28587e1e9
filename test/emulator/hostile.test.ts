/**
 * The emulator against hostile or careless use: a planted link beside its state file, a state file
 * others could read, a corrupt or wrongly shaped one, a stale lock, a network bind,
 * floods of long URLs and of events, ids in non-canonical forms.
 */
import { spawn } from "node:child_process";
import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exposureWarnings } from "../../src/emulator/index.js";
import { parseEmulatorArgs } from "../../src/cli.js";
import { buildTestApp, startTestEmulator } from "../support/emulator.js";
import { apiCaller } from "./http.js";

const AUTH = { authorization: "Bearer emulator-token" };

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-hostile-"));
  file = join(dir, "state.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("the state file is written private, never through a link planted at the old temporary name", async () => {
  const target = join(dir, "victim.txt");
  writeFileSync(target, "not the emulator's\n");
  symlinkSync(target, `${file}.tmp`);
  const em = await startTestEmulator({ persistFile: file });
  try {
    const created = await apiCaller(() => em.url)("POST", "/vpcs", { body: { label: "kept", region: "us-east" } });
    expect(created.status).toBe(200);
  } finally {
    await em.close();
  }
  expect(readFileSync(target, "utf8")).toBe("not the emulator's\n");
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, "utf8")).state.vpcs.map((v: { label: string }) => v.label)).toEqual(["kept"]);
});

test.each([
  ["truncated JSON", '{"version": 1, "state": {', /is not valid JSON \(.*\); move it away/],
  ["null", "null", /is not an emulator state: it holds null/],
  ["a list", "[]", /is not an emulator state: it holds a list/],
  [
    "a state without regions",
    JSON.stringify({ version: 1, now: 0, scale: 1, timings: {}, state: { vpcs: {} } }),
    /is not an emulator state: it has no list "state.regions"/,
  ],
  [
    "a VPC without a label",
    JSON.stringify({
      version: 1,
      now: 0,
      scale: 1,
      timings: {},
      state: {
        ...Object.fromEntries(
          ["regions", "availability", "engines", "types", "tokens", "computes", "subnets", "databases", "events"].map(
            (k) => [k, []],
          ),
        ),
        vpcs: [{ id: 100, region: "us-east" }],
        nextId: {},
      },
    }),
    /is not an emulator state: it has state.vpcs\[0\].label that is not a string/,
  ],
])("a state file holding %s fails at start, naming the file", async (_what, text, message) => {
  writeFileSync(file, text);
  await expect(startTestEmulator({ persistFile: file })).rejects.toThrow(`the state file ${file} `);
  await expect(startTestEmulator({ persistFile: file })).rejects.toThrow(message);
  // The refusal gives the lock back: a fixed file starts.
  rmSync(file);
  const em = await startTestEmulator({ persistFile: file });
  await em.close();
});

test("a lock left by an emulator that was killed is stale and taken over", async () => {
  const dead = spawn(process.execPath, ["-e", ""]);
  await new Promise((done) => dead.once("exit", done));
  writeFileSync(`${file}.lock`, `${dead.pid}\n`);
  const em = await startTestEmulator({ persistFile: file });
  try {
    expect(readFileSync(`${file}.lock`, "utf8")).toBe(`${process.pid}\n`);
  } finally {
    await em.close();
  }
});

test("a value of --state-file may hold an equals sign", () => {
  expect(parseEmulatorArgs(["--state-file=a=b.json"])).toMatchObject({ stateFile: "a=b.json" });
  expect(parseEmulatorArgs(["--host=0.0.0.0", "--allow-remote-control"])).toMatchObject({
    host: "0.0.0.0",
    allowRemoteControl: true,
  });
});

test("on a non-loopback address the control API is refused unless opted in, with a warning either way", async () => {
  const exposed = buildTestApp({ host: "0.0.0.0" });
  const optedIn = buildTestApp({ host: "0.0.0.0", remoteControl: true });
  try {
    const refused = await exposed.inject({ method: "POST", url: "/_emulator/reset" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].reason).toContain("--allow-remote-control");
    expect((await exposed.inject({ method: "GET", url: "/v4/vpcs", headers: AUTH })).statusCode).toBe(200);
    expect((await optedIn.inject({ method: "POST", url: "/_emulator/reset" })).statusCode).toBe(200);
  } finally {
    await exposed.close();
    await optedIn.close();
  }
  expect(exposureWarnings("127.0.0.1", false)).toEqual([]);
  expect(exposureWarnings("0.0.0.0", false)).toEqual([
    expect.stringContaining("warning: listening on 0.0.0.0, not a loopback address"),
    "the control API (/_emulator) is off on this address: add --allow-remote-control to serve it",
  ]);
  expect(exposureWarnings("::", true)[1]).toContain("the control API (/_emulator, no authentication) is served");
});

test("the request log keeps a bounded part of each URL, and the event list a bounded window", async () => {
  const app = buildTestApp();
  try {
    const long = "x".repeat(100_000);
    await app.inject({ method: "GET", url: `/v4/no-such-route/${long}`, headers: AUTH });
    await app.inject({ method: "GET", url: `/v4/vpcs?q=${long}`, headers: AUTH });
    const [unknown, query] = (await app.inject({ method: "GET", url: "/_emulator/requests" })).json().requests;
    expect(unknown.path).toMatch(/^\/v4\/no-such-route\/x{2030}\.\.\.\(100018 chars\)$/);
    expect(query.query).toMatch(/^q=x{2046}\.\.\.\(100002 chars\)$/);

    const created = await app.inject({
      method: "POST",
      url: "/v4/vpcs",
      headers: AUTH,
      payload: { label: "busy", region: "us-east" },
    });
    const id = created.json().id as number;
    for (let i = 0; i < 1005; i++)
      await app.inject({ method: "PUT", url: `/v4/vpcs/${id}`, headers: AUTH, payload: { label: `busy-${i}` } });
    const events = (await app.inject({ method: "GET", url: "/v4/account/events?page_size=500", headers: AUTH })).json();
    expect(events.results).toBe(1000);
    expect(events.data[0].entity.label).toBe("busy-1004");
  } finally {
    await app.close();
  }
});

test("ids in paths are canonical decimal integers: /vpcs/0100 and /vpcs/1e2 name no VPC", async () => {
  const app = buildTestApp();
  try {
    const created = await app.inject({
      method: "POST",
      url: "/v4/vpcs",
      headers: AUTH,
      payload: { label: "one", region: "us-east" },
    });
    const id = created.json().id as number;
    expect(id).toBe(100);
    expect((await app.inject({ method: "GET", url: "/v4/vpcs/100", headers: AUTH })).statusCode).toBe(200);
    for (const form of ["0100", "1e2", "0x64", "+100", "%20100"])
      expect((await app.inject({ method: "GET", url: `/v4/vpcs/${form}`, headers: AUTH })).statusCode).toBe(404);
  } finally {
    await app.close();
  }
});

test("a state file replaced by a link is replaced, not written through", async () => {
  const target = join(dir, "elsewhere.json");
  const em1 = await startTestEmulator({ persistFile: target });
  await apiCaller(() => em1.url)("POST", "/vpcs", { body: { label: "old", region: "us-east" } });
  await em1.close();
  symlinkSync(target, file);
  const before = readFileSync(target, "utf8");
  const em = await startTestEmulator({ persistFile: file });
  try {
    await apiCaller(() => em.url)("POST", "/vpcs", { body: { label: "new", region: "us-east" } });
  } finally {
    await em.close();
  }
  expect(readFileSync(target, "utf8")).toBe(before);
  expect(lstatSync(file).isSymbolicLink()).toBe(false);
});
