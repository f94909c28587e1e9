/**
 * The outputs `standbyHost` (the answer's nested `hosts.standby`) and `platform`, each one row of
 * the database resources' table and the look-ups' reading the API model: read from the answers
 * that carry them (the emulator's answers of late 2024), and missing where the answers lack them
 * (the contract's), without a key in the state, a change or a replacement.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { getDatabase, getDatabases } from "../../src/functions/index.js";
import { useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const providers = {
  mysql: mysqlProvider as Required<typeof mysqlProvider>,
  postgresql: pgProvider as Required<typeof pgProvider>,
};
const inputs = {
  mysql: { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30", clusterSize: 3 },
  postgresql: { label: "pg-db", region: "us-east", type: "g6-standard-1", engineId: "postgresql/14.6", clusterSize: 3 },
};
const saved = { url: process.env.CLOUDPLATFORM_API_URL, token: process.env.CLOUDPLATFORM_TOKEN };

beforeEach(() => {
  process.env.CLOUDPLATFORM_API_URL = emulator().url;
  process.env.CLOUDPLATFORM_TOKEN = emulator().token;
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    const name = k === "url" ? "CLOUDPLATFORM_API_URL" : "CLOUDPLATFORM_TOKEN";
    if (v === undefined) delete process.env[name];
    else process.env[name] = v;
  }
});

/** The database's raw answer, as the emulator gives it now. */
async function answer(engine: string, id: string): Promise<{ hosts: Record<string, unknown>; platform?: unknown }> {
  const res = await fetch(`${emulator().apiUrl}/databases/${engine}/instances/${id}`, {
    headers: { authorization: `Bearer ${emulator().token}` },
  });
  return (await res.json()) as { hosts: Record<string, unknown>; platform?: unknown };
}

describe.each(["mysql", "postgresql"] as const)("%s", (engine) => {
  const provider = providers[engine];

  test("a contract answer gives neither output; a later answer gives both, and the preview after plans nothing", async () => {
    const checked = await provider.check({}, inputs[engine]);
    expect(checked.failures).toBeUndefined();
    const created = await provider.create(checked.inputs);
    // The contract's answers carry neither key: the state holds none (as before the outputs existed).
    expect(created.outs).not.toHaveProperty("standbyHost");
    expect(created.outs).not.toHaveProperty("platform");

    await emulator().control.setAnswers("late-2024");
    const raw = await answer(engine, created.id);
    expect(raw.hosts.standby).toEqual(expect.any(String));
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toMatchObject({ standbyHost: raw.hosts.standby, platform: raw.platform });
    // A contract database keeps its platform in the later answers.
    expect(read.props?.platform).toBe("rdbms-legacy");

    // The state that lacks both (deployed before them) and the one that holds them: no change either way.
    for (const olds of [created.outs, read.props!]) {
      const diff = await provider.diff(created.id, olds, checked.inputs);
      expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: false, replaces: [] });
    }

    // Back to answers without them: the outputs go, and still nothing is planned.
    await emulator().control.setAnswers("4.176.0");
    const again = await provider.read(created.id, read.props);
    expect(again.props).not.toHaveProperty("standbyHost");
    expect(again.props).not.toHaveProperty("platform");
    const diff = await provider.diff(created.id, again.props!, checked.inputs);
    expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: false, replaces: [] });
  });

  test("the look-ups read null from a contract answer and the values from a later one", async () => {
    const created = await provider.create((await provider.check({}, inputs[engine])).inputs);
    const id = Number(created.id);
    expect(await getDatabase({ engine, id })).toMatchObject({ standbyHost: null, platform: null });
    expect((await getDatabases()).databases.find((d) => d.instanceId === id)).toMatchObject({
      standbyHost: null,
      platform: null,
    });

    await emulator().control.setAnswers("late-2024");
    const raw = await answer(engine, created.id);
    const values = { standbyHost: raw.hosts.standby, platform: "rdbms-legacy" };
    expect(values.standbyHost).toEqual(expect.any(String));
    expect(await getDatabase({ engine, id })).toMatchObject(values);
    expect((await getDatabases()).databases.find((d) => d.instanceId === id)).toMatchObject(values);
    await emulator().control.setAnswers("4.176.0");
  });
});
