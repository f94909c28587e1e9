/**
 * The control API's answer shapes (`PUT /_emulator/answers`) and held values
 * (`PATCH /_emulator/databases/:engine/:id`): database answers in the API's shape of late 2024
 * (no replication settings, `hosts.standby`, `platform`, `members`, `updates.pending`), and values a
 * database holds that today's rules refuse.
 */
import { withEmulator, INSTANT_TIMINGS } from "../support/emulator.js";
import { apiCaller } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);

async function cluster(engine: "mysql" | "postgresql", label: string) {
  await em().control.setTimings(INSTANT_TIMINGS);
  const engineId = engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6";
  const created = await call("POST", `/databases/${engine}/instances`, {
    body: { label, region: "us-east", type: "g6-nanode-1", engine: engineId, cluster_size: 3 },
  });
  expect(created.status).toBe(200);
  return created.body.id as number;
}

test.each(["mysql", "postgresql"] as const)(
  "%s: the late-2024 shape drops replication, names the standby, adds the later keys; reset restores the contract's",
  async (engine) => {
    const id = await cluster(engine, `shape-${engine}`);
    await em().control.setAnswers("late-2024");
    const one = (await call("GET", `/databases/${engine}/instances/${id}`)).body;
    expect(one).not.toHaveProperty("replication_type");
    expect(one).not.toHaveProperty("replication_commit_type");
    expect(one.hosts).toEqual({ primary: expect.any(String), standby: expect.any(String) });
    expect(one).toMatchObject({ platform: "rdbms-legacy", members: {}, engine_config: {}, cluster_size: 3 });
    expect(one.updates).toMatchObject({ pending: [] });
    expect(one.updates).not.toHaveProperty("week_of_month");
    const listed = (await call("GET", `/databases/${engine}/instances`)).body.data[0];
    expect(listed).not.toHaveProperty("replication_type");
    const all = (await call("GET", "/databases/instances")).body.data[0];
    expect(all.hosts).toHaveProperty("standby");
  },
);

test("the contract's shape is the default and comes back on reset", async () => {
  await em().control.setAnswers("late-2024");
  await em().control.reset();
  const id = await cluster("mysql", "shape-default");
  const one = (await call("GET", `/databases/mysql/instances/${id}`)).body;
  expect(one).toMatchObject({ replication_type: "semi_synch", hosts: { secondary: expect.any(String) } });
  expect(one).not.toHaveProperty("platform");
});

test("held values: a 37-character label and a 4-hour window are answered as held; a request sending such a label is refused", async () => {
  const id = await cluster("mysql", "held-values");
  const label = "go-mysql-test-def7yr571p0nnx2-updated";
  const window = { frequency: "weekly", duration: 4, hour_of_day: 8, day_of_week: 3, week_of_month: null };
  await em().control.holdValues("mysql", id, { label, updates: window });
  const one = (await call("GET", `/databases/mysql/instances/${id}`)).body;
  expect([one.label, one.updates]).toEqual([label, window]);
  // Today's rule refuses that label in a request that sends it.
  const refused = await call("PUT", `/databases/mysql/instances/${id}`, { body: { label: `${label}x` } });
  expect([refused.status, refused.body.errors[0].field]).toEqual([400, "label"]);
  const bad = await call("PATCH" as string, "/_emulator/databases/mysql/999999", { body: { label } });
  expect(bad.status).toBe(404);
});
