/**
 * Forks on today's platform (todays-platform.md §4): a create with `fork` restores another
 * database at an instant of its restore window, whose start (`oldest_restore_time`) appears with
 * the first backup and moves forward as daily backups expire.
 */
import { errorsOf } from "../http.js";
import { base, setPlatform, todaysEmulator } from "./support.js";

const { em, call, create, active, get } = todaysEmulator();

const DAY = 24 * 60 * 60;
const seconds = (ts: string) => Date.parse(`${ts}Z`) / 1000;
const now = async () => (await em().control.advanceClock(0)).now;
const count = async () => (await call("GET", base("postgresql"))).body.data.length as number;

beforeEach(async () => {
  await em().control.setTimings({ firstBackupSeconds: 1800 });
});

test("oldest_restore_time: absent while provisioning and until the first backup, then its time", async () => {
  const made = await create("postgresql");
  expect(made.body).not.toHaveProperty("oldest_restore_time");
  await em().control.advanceClock(3);
  const id = made.body.id as number;
  expect((await get("postgresql", id)).body).not.toHaveProperty("oldest_restore_time");
  await em().control.advanceClock(1800);
  const oldest = (await get("postgresql", id)).body.oldest_restore_time as string;
  expect(oldest).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  expect(seconds(await now()) - seconds(oldest)).toBeLessThan(5);
});

test("a fork restores its source at an instant of the window, in another region too", async () => {
  const source = await active("postgresql");
  await em().control.advanceClock(1800 + 3600);
  const oldest = (await get("postgresql", source)).body.oldest_restore_time as string;
  const restore = new Date((seconds(oldest) + 600) * 1000).toISOString().slice(0, 19);
  const fork = await create("postgresql", { region: "eu-central", fork: { source, restore_time: restore } });
  expect(fork.status).toBe(200);
  expect(fork.body).toMatchObject({
    region: "eu-central",
    status: "provisioning",
    fork: { source, restore_time: restore },
  });
  expect(Object.keys(fork.body.fork)).toEqual(["restore_time", "source"]);
  expect((await get("postgresql", fork.body.id)).body.fork).toEqual({ source, restore_time: restore });
  expect((await get("postgresql", source)).body).not.toHaveProperty("fork");
});

test("a fork without restore_time restores the source as it is now", async () => {
  const source = await active("postgresql");
  await em().control.advanceClock(1800);
  const before = seconds(await now());
  const fork = await create("postgresql", { fork: { source } });
  expect(fork.body.fork.source).toBe(source);
  expect(Math.abs(seconds(fork.body.fork.restore_time) - before)).toBeLessThan(5);
});

test("a zone suffix is read as an instant: 01:00+01:00 is 00:00 UTC", async () => {
  const source = await active("postgresql");
  await em().control.advanceClock(1800 + 2 * 3600);
  const oldest = seconds((await get("postgresql", source)).body.oldest_restore_time);
  const utc = new Date((oldest + 3600) * 1000).toISOString().slice(0, 19);
  const plusOne = new Date((oldest + 7200) * 1000).toISOString().slice(0, 19) + "+01:00";
  const fork = await create("postgresql", { fork: { source, restore_time: plusOne } });
  expect(fork.body.fork.restore_time).toBe(utc);
});

test("before the source's first backup a fork is refused, and nothing is made", async () => {
  const source = await active("postgresql");
  const refused = await create("postgresql", { fork: { source } });
  expect(errorsOf(refused)).toEqual([
    { field: "fork.source", reason: `Database ${source} has no backup yet; it can be forked after its first backup` },
  ]);
  expect(await count()).toBe(1);
});

test("a restore_time outside the window or no timestamp is refused, naming the window", async () => {
  const source = await active("postgresql");
  await em().control.advanceClock(1800 + 3600);
  const oldest = (await get("postgresql", source)).body.oldest_restore_time as string;
  const before = new Date((seconds(oldest) - 1) * 1000).toISOString().slice(0, 19);
  const future = new Date((seconds(await now()) + 3600) * 1000).toISOString().slice(0, 19);
  for (const restore_time of [before, future]) {
    const refused = await create("postgresql", { fork: { source, restore_time } });
    expect(errorsOf(refused)).toEqual([
      {
        field: "fork.restore_time",
        reason: expect.stringMatching(
          new RegExp(`^Must be within the restore window of database ${source}: ${oldest} to `),
        ),
      },
    ]);
  }
  expect(errorsOf(await create("postgresql", { fork: { source, restore_time: "yesterday" } }))).toEqual([
    { field: "fork.restore_time", reason: "Must be a date and time such as 2025-01-02T03:04:05 (UTC)" },
  ]);
  expect(await count()).toBe(1);
});

test("the window starts at the oldest daily backup kept: 14 days", async () => {
  const source = await active("postgresql");
  await em().control.advanceClock(1800);
  const first = seconds((await get("postgresql", source)).body.oldest_restore_time);
  await em().control.advanceClock(14 * DAY + 60);
  const later = seconds((await get("postgresql", source)).body.oldest_restore_time);
  expect(later - first).toBe(DAY);
});

test("a source of another engine, or missing, is refused", async () => {
  const mysql = await active("mysql");
  await em().control.advanceClock(1800);
  for (const source of [mysql, 999999])
    expect(errorsOf(await create("postgresql", { fork: { source } }))).toEqual([
      { field: "fork.source", reason: `No postgresql database ${source} to fork` },
    ]);
});

test("the contract's platform takes no fork, and a legacy source cannot be forked", async () => {
  await setPlatform(em(), "rdbms-legacy");
  const legacy = await active("postgresql", { engine: "postgresql/14.6" });
  const refused = await create("postgresql", { engine: "postgresql/14.6", fork: { source: legacy } });
  expect(refused.status).toBe(400);
  expect(errorsOf(refused)[0].field).toBe("fork");
  await setPlatform(em(), "rdbms-default");
  await em().control.advanceClock(1800);
  expect(errorsOf(await create("postgresql", { fork: { source: legacy } }))).toEqual([
    { field: "fork.source", reason: `Database ${legacy} is on the rdbms-legacy platform, which restores from backups` },
  ]);
});
