/**
 * `fork` on today's platform: a new database restored from another at a point in time. Create
 * only (a change replaces); the restore time compared as an instant; outside the source's restore
 * window refused at preview; a source without its first backup waited for, or, past the limit,
 * nothing made; the contract's platform refuses it at preview naming the field and the platform;
 * destroying the fork leaves the source; its output shows the moment restored from (the API's
 * `restore_time`), also when the program gave none, with no diff. Asserted from the emulator's state and request log.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { UNKNOWN, type Bag } from "../../src/shared/fields/validate.js";
import { stateOf } from "../../src/resources/managed-database/state.js";
import { untilLogged, useProviderEmulator, useTodaysPlatform } from "./provider-env.js";

const emulator = useProviderEmulator();
const providers = {
  mysql: mysqlProvider as Required<typeof mysqlProvider>,
  postgresql: pgProvider as Required<typeof pgProvider>,
};
const programs = {
  mysql: { region: "us-east", type: "g6-standard-1", engineId: "mysql/8" },
  postgresql: { region: "us-east", type: "g6-standard-1", engineId: "postgresql/16" },
};
useTodaysPlatform(emulator);

/** The database's answer as the emulator gives it now, or undefined once it is gone. */
async function answer(engine: string, id: string | number): Promise<Bag | undefined> {
  const res = await fetch(`${emulator().apiUrl}/databases/${engine}/instances/${id}`, {
    headers: { authorization: `Bearer ${emulator().token}` },
  });
  return res.status === 404 ? undefined : ((await res.json()) as Bag);
}

/** The creates the log shows of one engine. */
async function creates(engine: string): Promise<number> {
  return (await emulator().control.requests()).filter(
    (r) => r.method === "POST" && r.path === `/v4/databases/${engine}/instances`,
  ).length;
}

/** `ms` as the API writes times, and with a zone. */
const apiTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

describe.each(["mysql", "postgresql"] as const)("%s on rdbms-default", (engine) => {
  const provider = providers[engine];
  const base = programs[engine];

  async function up(args: Bag): Promise<{ id: string; outs: Bag }> {
    const checked = await provider.check({}, args);
    expect(checked.failures).toBeUndefined();
    const created = await provider.create(checked.inputs);
    return { id: created.id, outs: created.outs as Bag };
  }

  /** A source database past its first backup, and its restore window's start (ms). */
  async function source(): Promise<{ id: number; oldest: number }> {
    const made = await up({ ...base, label: "source-db" });
    await emulator().control.advanceClock(3600);
    const oldest = (await answer(engine, made.id))!.oldest_restore_time as string;
    return { id: Number(made.id), oldest: Date.parse(`${oldest}Z`) };
  }

  test("a fork at a restore time: sent as the API writes times, answered with its source; one instant in two spellings is no change; another replaces; destroying it leaves the source", async () => {
    const src = await source();
    const at = src.oldest + 60_000;
    const fork = await up({ ...base, label: "fork-db", fork: { source: src.id, restoreTime: `${apiTime(at)}Z` } });
    const held = await answer(engine, fork.id);
    expect(held!.fork).toEqual({ restore_time: apiTime(at), source: src.id });
    const posted = (await emulator().control.requests()).filter((r) => r.method === "POST").length;
    expect(posted).toBe(2);
    expect(fork.outs.fork).toEqual({ source: src.id, restoreTime: apiTime(at) });

    // The same instant without a zone, and with an offset: no change.
    for (const restoreTime of [apiTime(at), `${apiTime(at + 2 * 3600_000)}+02:00`]) {
      const args = { ...base, label: "fork-db", fork: { source: src.id, restoreTime } };
      const checked = await provider.check(fork.outs, args);
      expect(checked.failures).toBeUndefined();
      expect(await provider.diff(fork.id, fork.outs, checked.inputs)).toMatchObject({ changes: false });
    }
    // Another instant, or another source: a replacement.
    const later = await provider.check(fork.outs, {
      ...base,
      label: "fork-db",
      fork: { source: src.id, restoreTime: apiTime(at + 1000) },
    });
    expect(await provider.diff(fork.id, fork.outs, later.inputs)).toMatchObject({ changes: true, replaces: ["fork"] });

    await provider.delete(fork.id, fork.outs);
    expect(await answer(engine, fork.id)).toBeUndefined();
    expect((await answer(engine, src.id))!.status).toBe("active");
  });

  test("a fork without a restore time restores the latest, and its output shows that moment; the preview after is clean, after a refresh too", async () => {
    const src = await source();
    const fork = await up({ ...base, label: "fork-db", fork: { source: src.id } });
    const held = (await answer(engine, fork.id))!.fork as Bag;
    expect(held).toMatchObject({ source: src.id, restore_time: expect.any(String) });
    // The moment the API restored from, as it writes it.
    expect(fork.outs.fork).toEqual({ source: src.id, restoreTime: held.restore_time });
    const args = { ...base, label: "fork-db", fork: { source: src.id } };
    const checked = await provider.check(fork.outs, args);
    expect(await provider.diff(fork.id, fork.outs, checked.inputs)).toMatchObject({ changes: false });
    const read = await provider.read(fork.id, fork.outs);
    expect(read.props!.fork).toEqual(fork.outs.fork);
    const again = await provider.check(read.inputs!, args);
    expect(await provider.diff(fork.id, read.props!, again.inputs)).toMatchObject({ changes: false });
  });

  test("an answer without the fork keeps the program's: no replacement planned from what an answer lacks", async () => {
    const src = await source();
    const fork = await up({ ...base, label: "fork-db", fork: { source: src.id } });
    const withoutFork = { ...(await answer(engine, fork.id))!, fork: undefined };
    const state = stateOf(engine, withoutFork as never, { ...fork.outs, fork: { source: src.id } });
    expect(state.fork).toEqual({ source: src.id });
    const checked = await provider.check(fork.outs, { ...base, label: "fork-db", fork: { source: src.id } });
    expect(await provider.diff(fork.id, state, checked.inputs)).toMatchObject({ changes: false });
  });

  test("a restore time before the source's window, a bad time or no source is refused at preview, and nothing is sent", async () => {
    const src = await source();
    await emulator().control.clearRequests();
    const early = await provider.check(
      {},
      { ...base, label: "fork-db", fork: { source: src.id, restoreTime: apiTime(src.oldest - 3600_000) } },
    );
    expect(early.failures).toEqual([
      {
        property: "fork",
        reason: expect.stringMatching(/fork\.restoreTime .* is outside the restore window of database/),
      },
    ]);
    const bad = await provider.check(
      {},
      { ...base, label: "fork-db", fork: { source: src.id, restoreTime: "yesterday" } },
    );
    expect(bad.failures).toEqual([
      { property: "fork", reason: expect.stringMatching(/fork\.restoreTime must be a date and time/) },
    ]);
    const none = await provider.check({}, { ...base, label: "fork-db", fork: { source: 999999 } });
    expect(none.failures).toEqual([
      { property: "fork", reason: expect.stringMatching(/fork\.source: there is no .* database 999999/) },
    ]);
    expect((await emulator().control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a restore time after the API's now is the API's to refuse (its clock): the create is refused and nothing is made", async () => {
    const src = await source();
    const args = {
      ...base,
      label: "fork-db",
      fork: { source: src.id, restoreTime: apiTime(Date.now() + 30 * 24 * 3600_000) },
    };
    const checked = await provider.check({}, args);
    expect(checked.failures).toBeUndefined();
    await expect(provider.create(checked.inputs)).rejects.toThrow(/restore_time/);
    const all = (await emulator().control.requests()).filter((r) =>
      r.path.startsWith(`/v4/databases/${engine}/instances`),
    );
    expect(all.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([200, 400]);
    expect(await answer(engine, Number(src.id) + 1)).toBeUndefined();
  });

  test("a source made in the same program (id unknown at preview) passes; its first backup is waited for", async () => {
    const unknown = await provider.check({}, { ...base, label: "fork-db", fork: { source: UNKNOWN } });
    expect(unknown.failures).toBeUndefined();
    // The first backup comes 200 s (emulated) after provisioning: only once the clock moves.
    await emulator().control.setTimings({ firstBackupSeconds: 200 });
    const src = await up({ ...base, label: "source-db" });
    expect((await answer(engine, src.id))!.oldest_restore_time).toBeUndefined();
    const checked = await provider.check({}, { ...base, label: "fork-db", fork: { source: Number(src.id) } });
    expect(checked.failures).toBeUndefined();
    const seen = (await emulator().control.requests()).length;
    const creating = provider.create(checked.inputs);
    // The create has looked at the source and found no backup: nothing is made yet.
    const sourcePath = `/v4/databases/${engine}/instances/${src.id}`;
    await untilLogged(emulator(), (log) => log.slice(seen).some((r) => r.method === "GET" && r.path === sourcePath));
    expect(await creates(engine)).toBe(1);
    await emulator().control.advanceClock(200);
    const fork = await creating;
    expect(await creates(engine)).toBe(2);
    expect((await answer(engine, fork.id))!.fork).toMatchObject({ source: Number(src.id) });
  });

  test("a source without its first backup past the create limit: nothing is made", async () => {
    await emulator().control.setTimings({ firstBackupSeconds: 24 * 3600 });
    const src = await up({ ...base, label: "source-db" });
    const args = { ...base, label: "fork-db", fork: { source: Number(src.id) }, timeouts: { create: "500ms" } };
    const checked = await provider.check({}, args);
    expect(checked.failures).toBeUndefined();
    const before = await creates(engine);
    await expect(provider.create(checked.inputs)).rejects.toThrow(/first backup/);
    expect(await creates(engine)).toBe(before);
  });

  test("the contract's platform refuses a fork at preview, naming the field and the platform", async () => {
    await emulator().control.setPlatform("rdbms-legacy");
    const legacy = { ...base, engineId: engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6" };
    const checked = await provider.check({}, { ...legacy, label: "fork-db", fork: { source: 1 } });
    expect(checked.failures).toEqual([
      { property: "fork", reason: expect.stringMatching(/fork is refused on the rdbms-legacy platform/) },
    ]);
  });
});
