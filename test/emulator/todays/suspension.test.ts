/**
 * Suspend and resume on today's platform (todays-platform.md §3): statuses on the emulator's
 * clock, what a suspended database refuses, and the contract's platform refusing both calls.
 */
import { errorsOf } from "../http.js";
import { base, setPlatform, todaysEmulator } from "./support.js";

const { em, call, create, active, get } = todaysEmulator();

const SUSPENDED = "Your database is suspended; please wait until it becomes active to perform this operation.";
const post = (id: number, what: "suspend" | "resume", body?: unknown) =>
  call("POST", `${base("mysql")}/${id}/${what}`, body === undefined ? {} : { body });
const status = async (id: number) => (await get("mysql", id)).body.status as string;

beforeEach(async () => {
  await em().control.setTimings({ suspendSeconds: 20, resumeSeconds: 480 });
});

test("suspend: active, suspending, suspended; resume: suspended a while, resuming, active", async () => {
  const id = await active("mysql");
  const suspended = await post(id, "suspend", {});
  expect([suspended.status, suspended.body]).toEqual([200, {}]);
  expect(await status(id)).toBe("suspending");
  await em().control.advanceClock(20);
  expect(await status(id)).toBe("suspended");

  const resumed = await post(id, "resume");
  expect([resumed.status, resumed.body]).toEqual([200, {}]);
  await em().control.advanceClock(59);
  expect(await status(id)).toBe("suspended");
  await em().control.advanceClock(2);
  const resuming = await get("mysql", id);
  expect(resuming.body).toMatchObject({ status: "resuming", members: {} });
  await em().control.advanceClock(420);
  expect(await status(id)).toBe("active");
  const log = (await em().control.requests()).filter((r) => r.method === "POST").map((r) => [r.path, r.status]);
  expect(log).toEqual([
    [`/v4${base("mysql")}`, 200],
    [`/v4${base("mysql")}/${id}/suspend`, 200],
    [`/v4${base("mysql")}/${id}/resume`, 200],
  ]);
});

test("a suspended database refuses other changes, its credentials and certificate, and a second suspend", async () => {
  const id = await active("mysql", { allow_list: ["10.0.0.1"] });
  await post(id, "suspend");
  await em().control.advanceClock(20);
  for (const [method, path, body] of [
    ["PUT", `${base("mysql")}/${id}`, { label: "renamed" }],
    ["GET", `${base("mysql")}/${id}/credentials`, undefined],
    ["GET", `${base("mysql")}/${id}/ssl`, undefined],
    ["POST", `${base("mysql")}/${id}/suspend`, {}],
  ] as const) {
    const refused = await call(method, path, body === undefined ? {} : { body });
    expect([method, path, refused.status, errorsOf(refused)]).toEqual([method, path, 400, [{ reason: SUSPENDED }]]);
  }
  expect((await get("mysql", id)).body).toMatchObject({
    label: expect.stringMatching(/^db-mysql/),
    allow_list: ["10.0.0.1/32"],
  });
});

test("credentials are refused while provisioning, suspending and resuming, read again once active", async () => {
  const made = await create("mysql");
  const id = made.body.id as number;
  const credentials = () => call("GET", `${base("mysql")}/${id}/credentials`);
  expect(errorsOf(await credentials())).toEqual([
    { reason: "Your database is provisioning; please wait until provisioning is complete to perform this operation." },
  ]);
  await em().control.advanceClock(3);
  expect((await credentials()).status).toBe(200);
  await post(id, "suspend");
  expect((await credentials()).status).toBe(400);
  await em().control.advanceClock(20);
  await post(id, "resume");
  await em().control.advanceClock(61);
  expect(await status(id)).toBe("resuming");
  expect((await credentials()).status).toBe(400);
  await em().control.advanceClock(420);
  expect((await credentials()).body).toHaveProperty("password");
});

test("today's credentials and certificate are read in other statuses than those, a resize's too", async () => {
  const id = await active("mysql");
  await em().control.setTimings({ resizeSeconds: 600 });
  expect((await call("PUT", `${base("mysql")}/${id}`, { body: { cluster_size: 3 } })).status).toBe(200);
  expect(await status(id)).toBe("resizing");
  expect((await call("GET", `${base("mysql")}/${id}/credentials`)).status).toBe(200);
  expect((await call("GET", `${base("mysql")}/${id}/ssl`)).body).toHaveProperty("ca_certificate");
});

test("resume of an active database and suspend of a provisioning one are refused, statuses unchanged", async () => {
  const id = await active("mysql");
  expect((await post(id, "resume")).status).toBe(400);
  expect(await status(id)).toBe("active");
  const provisioning = (await create("mysql")).body.id as number;
  expect(errorsOf(await post(provisioning, "suspend"))).toEqual([
    { reason: "Your database is provisioning; please wait until provisioning is complete to perform this operation." },
  ]);
  expect(await status(provisioning)).toBe("provisioning");
});

test("a body with keys is refused, naming them", async () => {
  const id = await active("mysql");
  const refused = await post(id, "suspend", { now: true });
  expect(refused.status).toBe(400);
  expect(errorsOf(refused)[0].field).toBe("now");
  expect(await status(id)).toBe("active");
});

test("a suspended database may be deleted", async () => {
  const id = await active("mysql");
  await post(id, "suspend");
  await em().control.advanceClock(20);
  expect(await status(id)).toBe("suspended");
  expect((await call("DELETE", `${base("mysql")}/${id}`)).status).toBe(200);
  expect((await get("mysql", id)).status).toBe(404);
});

test("the contract's platform refuses both calls, and the database stays active", async () => {
  await setPlatform(em(), "rdbms-legacy");
  const id = await active("mysql", { engine: "mysql/8.0.30" });
  for (const what of ["suspend", "resume"] as const)
    expect(errorsOf(await post(id, what))).toEqual([
      { reason: "Suspending and resuming are available only for databases on the rdbms-default platform" },
    ]);
  expect(await status(id)).toBe("active");
});
