/** Today's platform's additions survive a restart on a state file: answers, a subnet still busy, a resume under way. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestEmulator } from "../../support/emulator.js";
import { apiCaller } from "../http.js";
import { base, setPlatform } from "./support.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-todays-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a fork in a subnet with engine settings, a subnet just left and a resume under way are kept", async () => {
  const persistFile = join(dir, "state.json");
  const first = await startTestEmulator({ persistFile });
  const call1 = apiCaller(() => first.url);
  await setPlatform(first, "rdbms-default");
  await first.control.setTimings({ resumeSeconds: 480, subnetReleaseSeconds: 600 });
  const vpc = await call1("POST", "/vpcs", {
    body: {
      label: "kept",
      region: "us-east",
      subnets: [
        { label: "a", ipv4: "10.0.1.0/24" },
        { label: "b", ipv4: "10.0.2.0/24" },
      ],
    },
  });
  const [one, two] = vpc.body.subnets.map((s: { id: number }) => s.id) as [number, number];
  const body = { region: "us-east", type: "g6-nanode-1", engine: "postgresql/16" };
  const source = await call1("POST", base("postgresql"), {
    body: { ...body, label: "source", private_network: { vpc_id: vpc.body.id, subnet_id: one } },
  });
  await first.control.advanceClock(60);
  const fork = await call1("POST", base("postgresql"), {
    body: {
      ...body,
      label: "fork",
      fork: { source: source.body.id },
      engine_config: { work_mem: 8 },
      private_network: { vpc_id: vpc.body.id, subnet_id: two },
    },
  });
  expect(fork.status).toBe(200);
  await first.control.advanceClock(60);
  await call1("PUT", `${base("postgresql")}/${source.body.id}`, { body: { private_network: null } });
  await call1("POST", `${base("postgresql")}/${fork.body.id}/suspend`);
  await first.control.advanceClock(60);
  await call1("POST", `${base("postgresql")}/${fork.body.id}/resume`);
  const before = (await call1("GET", `${base("postgresql")}/${fork.body.id}`)).body;
  expect(before.status).toBe("suspended");
  await first.close();

  const second = await startTestEmulator({ persistFile });
  const call2 = apiCaller(() => second.url);
  try {
    await second.control.setTimings({ resumeSeconds: 480, subnetReleaseSeconds: 600 });
    const after = (await call2("GET", `${base("postgresql")}/${fork.body.id}`)).body;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ engine_config: { work_mem: 8 }, fork: { source: source.body.id } });
    expect((await call2("GET", `/vpcs/${vpc.body.id}/subnets/${two}`)).body.databases).toEqual([
      { id: fork.body.id, ipv4_range: "10.0.2.248/30", ipv6_ranges: [] },
    ]);
    expect((await call2("DELETE", `/vpcs/${vpc.body.id}/subnets/${one}`)).status).toBe(400);
    await second.control.advanceClock(600);
    expect((await call2("DELETE", `/vpcs/${vpc.body.id}/subnets/${one}`)).status).toBe(200);
    expect((await call2("GET", `${base("postgresql")}/${fork.body.id}`)).body.status).toBe("active");
  } finally {
    await second.close();
  }
});
