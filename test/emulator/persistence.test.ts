/** With a state file, the account survives a restart; without one, nothing is written. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestEmulator } from "../support/emulator.js";
import { apiCaller } from "./http.js";

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

test("without a state file nothing is written", async () => {
  const em = await startTestEmulator();
  await apiCaller(() => em.url)("POST", "/vpcs", { body: { label: "x", region: "us-east" } });
  await em.close();
  expect(readdirSync(dir)).toEqual([]);
});
