/**
 * The outputs `pendingUpdates` (the answer's `updates.pending`, objects with camelCase keys) and
 * `oldestRestoreTime` of a database on today's platform, in the state and in the look-ups; a
 * state without them (an answer that lacks them) plans nothing.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { getDatabase, getDatabases } from "../../src/functions/index.js";
import { useProviderEmulator, useTodaysPlatform } from "./provider-env.js";

const emulator = useProviderEmulator();
const providers = {
  mysql: mysqlProvider as Required<typeof mysqlProvider>,
  postgresql: pgProvider as Required<typeof pgProvider>,
};
const inputs = {
  mysql: { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8" },
  postgresql: { label: "pg-db", region: "us-east", type: "g6-standard-1", engineId: "postgresql/16" },
};
const PENDING = [
  { deadline: "2026-12-01T02:00:00", description: "Platform Updates", planned_for: "2026-11-30T02:00:00" },
  { deadline: null, description: "TimescaleDB version 2.19.3 is available.", planned_for: null },
];

useTodaysPlatform(emulator);

/** The database's raw answer, as the emulator gives it now. */
async function answer(engine: string, id: string): Promise<Record<string, unknown> & { updates: object }> {
  const res = await fetch(`${emulator().apiUrl}/databases/${engine}/instances/${id}`, {
    headers: { authorization: `Bearer ${emulator().token}` },
  });
  return (await res.json()) as Record<string, unknown> & { updates: object };
}

describe.each(["mysql", "postgresql"] as const)("%s on rdbms-default", (engine) => {
  const provider = providers[engine];

  test("the state and the look-ups show the pending updates and the oldest restore time; no diff either way", async () => {
    const checked = await provider.check({}, inputs[engine]);
    expect(checked.failures).toBeUndefined();
    const created = await provider.create(checked.inputs);
    const id = Number(created.id);
    const raw = await answer(engine, created.id);
    await emulator().control.holdValues(engine, id, { updates: { ...raw.updates, pending: PENDING } });
    // The first backup comes a while after provisioning (emulator timing firstBackupSeconds).
    await emulator().control.advanceClock(24 * 3600);
    const now = await answer(engine, created.id);
    expect(now.oldest_restore_time).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/));

    const expected = {
      pendingUpdates: [
        { deadline: "2026-12-01T02:00:00", description: "Platform Updates", plannedFor: "2026-11-30T02:00:00" },
        { deadline: null, description: "TimescaleDB version 2.19.3 is available.", plannedFor: null },
      ],
      oldestRestoreTime: now.oldest_restore_time,
    };
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toMatchObject(expected);
    expect(await getDatabase({ engine, id })).toMatchObject(expected);
    expect((await getDatabases()).databases.find((d) => d.instanceId === id)).toMatchObject(expected);

    // A state that lacks them (written before they existed) and one that holds them: no change.
    const { pendingUpdates: _p, oldestRestoreTime: _o, ...older } = read.props!;
    for (const olds of [older, read.props!]) {
      const diff = await provider.diff(created.id, olds, checked.inputs);
      expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: false, replaces: [] });
    }
  });

  test("a 3-node cluster's secondary connection URI names its standby host; one node has none", async () => {
    for (const [clusterSize, standby] of [
      [3, true],
      [1, false],
    ] as const) {
      const checked = await provider.check({}, { ...inputs[engine], label: `uri-${clusterSize}`, clusterSize });
      const created = await provider.create(checked.inputs);
      const raw = (await answer(engine, created.id)) as unknown as { hosts: { primary: string; standby?: string } };
      expect("standby" in raw.hosts).toBe(standby);
      const read = (await provider.read(created.id, created.outs)).props!;
      expect(read.standbyHost).toBe(raw.hosts.standby);
      expect(
        read.secondaryConnectionUri === undefined ? undefined : new URL(read.secondaryConnectionUri as string).hostname,
      ).toBe(raw.hosts.standby);
      expect(new URL(read.connectionUri as string).hostname).toBe(raw.hosts.primary);
    }
  });

  test("an answer without them leaves them out of the state", async () => {
    await emulator().control.setPlatform("rdbms-legacy");
    const created = await provider.create(
      (
        await provider.check(
          {},
          { ...inputs[engine], engineId: engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6" },
        )
      ).inputs,
    );
    expect(created.outs).not.toHaveProperty("pendingUpdates");
    expect(created.outs).not.toHaveProperty("oldestRestoreTime");
    expect(await getDatabase({ engine, id: Number(created.id) })).toMatchObject({
      pendingUpdates: null,
      oldestRestoreTime: null,
    });
  });
});
