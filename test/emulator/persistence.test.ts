/** With a state file, the account survives a restart; without one, nothing is written. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { DEFAULT_TOKEN } from "../../src/emulator/index.js";
import { buildTestApp, startTestEmulator } from "../support/emulator.js";
import { apiCaller } from "./http.js";

const execFileAsync = promisify(execFile);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-state-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("VPCs, databases, tokens and the emulated time survive a restart", async () => {
  const persistFile = join(dir, "state.json");
  const first = await startTestEmulator({ persistFile, provisioningSeconds: 600 });
  const call1 = apiCaller(() => first.url);
  const vpc = await call1("POST", "/vpcs", {
    body: { label: "kept", region: "us-east", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] },
  });
  const db = await call1("POST", "/databases/mysql/instances", {
    body: { label: "kept-db", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30" },
  });
  await first.control.seed({ tokens: [{ token: "persisted" }] });
  await first.control.advanceClock(300);
  await first.close();

  const second = await startTestEmulator({ persistFile, provisioningSeconds: 600 });
  const call2 = apiCaller(() => second.url);
  try {
    expect((await call2("GET", `/vpcs/${vpc.body.id}`, { token: "persisted" })).body).toEqual(vpc.body);
    expect((await call2("GET", `/databases/mysql/instances/${db.body.id}`)).body.status).toBe("provisioning");
    await second.control.advanceClock(300);
    expect((await call2("GET", `/databases/mysql/instances/${db.body.id}`)).body.status).toBe("active");
    const next = await call2("POST", "/vpcs", { body: { label: "next", region: "us-east" } });
    expect(next.body.id).toBeGreaterThan(vpc.body.id);
  } finally {
    await second.close();
  }
});

test("a database saved before a plain setting existed answers the setting's default", async () => {
  const persistFile = join(dir, "state.json");
  const first = await startTestEmulator({ persistFile, provisioningSeconds: 0 });
  const db = await apiCaller(() => first.url)("POST", "/databases/mysql/instances", {
    body: { label: "old-db", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30", ssl_connection: false },
  });
  await first.close();
  // As an emulator before `ssl_connection` existed wrote it: the record lacks the key.
  const saved = JSON.parse(readFileSync(persistFile, "utf8")) as { state: { databases: Record<string, unknown>[] } };
  delete saved.state.databases[0]!.ssl_connection;
  writeFileSync(persistFile, JSON.stringify(saved));

  const second = await startTestEmulator({ persistFile, provisioningSeconds: 0 });
  try {
    const answer = await apiCaller(() => second.url)("GET", `/databases/mysql/instances/${db.body.id}`);
    expect(db.body.ssl_connection).toBe(false);
    expect(answer.body.ssl_connection).toBe(true);
  } finally {
    await second.close();
  }
});

test("without a state file nothing is written", async () => {
  const em = await startTestEmulator();
  await apiCaller(() => em.url)("POST", "/vpcs", { body: { label: "x", region: "us-east" } });
  await em.close();
  expect(readdirSync(dir)).toEqual([]);
});

test("an acknowledged change is already in the state file when its response arrives", async () => {
  const persistFile = join(dir, "state.json");
  const app = buildTestApp({ persistFile });
  // A slow disk: each write takes 300 ms. Written after the response, a client would see the
  // change acknowledged while the file did not have it yet.
  const save = app.emulator.store.save.bind(app.emulator.store);
  jest.spyOn(app.emulator.store, "save").mockImplementation(() => {
    const until = Date.now() + 300;
    while (Date.now() < until);
    save();
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  try {
    // The client runs in another process, so it is not held up while this one writes.
    const script = `
      const res = await fetch(process.argv[1], {
        method: "POST",
        headers: { authorization: "Bearer " + process.argv[2], "content-type": "application/json" },
        body: JSON.stringify({ label: "acked", region: "us-east" }),
      });
      await res.text();
      const fs = require("node:fs");
      const file = fs.existsSync(process.argv[3]) ? JSON.parse(fs.readFileSync(process.argv[3], "utf8")) : undefined;
      console.log(JSON.stringify({ status: res.status, labels: file ? file.state.vpcs.map((v) => v.label) : null }));
    `;
    const { stdout } = await execFileAsync(process.execPath, [
      "--input-type=commonjs",
      "-e",
      `(async () => {${script}})()`,
      `http://127.0.0.1:${port}/v4/vpcs`,
      DEFAULT_TOKEN,
      persistFile,
    ]);
    expect(JSON.parse(stdout)).toEqual({ status: 200, labels: ["acked"] });
  } finally {
    await app.close();
  }
});

test("a database keeps its platform across a restart that makes new ones on the contract's; a record without one is legacy", async () => {
  const persistFile = join(dir, "state.json");
  const body = { region: "us-east", type: "g6-nanode-1" };
  const first = await startTestEmulator({ persistFile, provisioningSeconds: 0, platform: "rdbms-default" });
  const today = await apiCaller(() => first.url)("POST", "/databases/mysql/instances", {
    body: { ...body, label: "today-db", engine: "mysql/8" },
  });
  await first.close();
  const saved = JSON.parse(readFileSync(persistFile, "utf8")) as { state: { databases: Record<string, unknown>[] } };
  expect(saved.state.databases[0]!.platform).toBe("rdbms-default");

  const second = await startTestEmulator({ persistFile, provisioningSeconds: 0 });
  const call = apiCaller(() => second.url);
  try {
    const old = await call("POST", "/databases/mysql/instances", {
      body: { ...body, label: "legacy-db", engine: "mysql/8.0.30" },
    });
    expect(old.body).not.toHaveProperty("platform");
    expect(JSON.parse(readFileSync(persistFile, "utf8")).state.databases[1]).not.toHaveProperty("platform");
    const kept = await call("GET", `/databases/mysql/instances/${today.body.id}`);
    expect(kept.body).toMatchObject({ platform: "rdbms-default", version: "8.0.35" });
    const resize = await call("PUT", `/databases/mysql/instances/${today.body.id}`, { body: { cluster_size: 3 } });
    expect(resize.body.status).toBe("resizing");
  } finally {
    await second.close();
  }
});
