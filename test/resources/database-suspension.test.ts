/**
 * `suspended` on today's platform: true suspends and false resumes, each waited out, never a
 * replacement; a resume comes before the other changes of an `up` and a suspend after them; a
 * suspended database's credentials and certificate are not read and keep their values; the
 * contract's platform refuses `true` at preview, naming the field and the platform. Asserted from
 * the emulator's state and its request log.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { useProviderEmulator, useTodaysPlatform } from "./provider-env.js";

const emulator = useProviderEmulator();
const providers = {
  mysql: mysqlProvider as Required<typeof mysqlProvider>,
  postgresql: pgProvider as Required<typeof pgProvider>,
};
const programs = {
  mysql: { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8" },
  postgresql: { label: "pg-db", region: "us-east", type: "g6-standard-1", engineId: "postgresql/16" },
};
useTodaysPlatform(emulator);

/** The database's status as the emulator holds it. */
async function statusOf(engine: string, id: string): Promise<string> {
  const res = await fetch(`${emulator().apiUrl}/databases/${engine}/instances/${id}`, {
    headers: { authorization: `Bearer ${emulator().token}` },
  });
  return ((await res.json()) as { status: string }).status;
}

/** The log's calls of one database after the last clear, as "METHOD tail" (GETs of the database itself left out). */
async function calls(id: string): Promise<string[]> {
  return (await emulator().control.requests())
    .filter((r) => r.path.includes(`/instances/${id}`))
    .map((r) => `${r.method} ${r.path.split(`/instances/${id}`)[1] || "/"}`)
    .filter((c) => c !== "GET /");
}

describe.each(["mysql", "postgresql"] as const)("%s on rdbms-default", (engine) => {
  const provider = providers[engine];
  const program = programs[engine];

  /** Check, then create; the state. */
  async function up(args: Bag): Promise<{ id: string; outs: Bag }> {
    const checked = await provider.check({}, args);
    expect(checked.failures).toBeUndefined();
    const created = await provider.create(checked.inputs);
    return { id: created.id, outs: created.outs as Bag };
  }

  /** Check against the state, diff and update: the new state and the diff. */
  async function change(id: string, olds: Bag, args: Bag): Promise<{ outs: Bag; diff: Bag }> {
    const checked = await provider.check(olds, args);
    expect(checked.failures).toBeUndefined();
    const diff = (await provider.diff(id, olds, checked.inputs)) as Bag;
    const updated = await provider.update(id, olds, checked.inputs);
    return { outs: updated.outs as Bag, diff };
  }

  test("created suspended: the secrets are read while active, then it is suspended; the preview after is clean", async () => {
    const { id, outs } = await up({ ...program, suspended: true });
    expect(await statusOf(engine, id)).toBe("suspended");
    expect(outs).toMatchObject({
      suspended: true,
      rootPassword: expect.any(String),
      caCertificate: expect.any(String),
    });
    const log = await calls(id);
    // The credentials and certificate before the suspend, nothing after it.
    expect(log.indexOf("POST /suspend")).toBeGreaterThan(log.indexOf("GET /credentials"));
    expect(log.indexOf("POST /suspend")).toBeGreaterThan(log.indexOf("GET /ssl"));
    expect(log.at(-1)).toBe("POST /suspend");

    const checked = await provider.check(outs, { ...program, suspended: true });
    expect(await provider.diff(id, outs, checked.inputs)).toMatchObject({ changes: false });
    // A refresh of the suspended database reads no secrets and keeps them.
    await emulator().control.clearRequests();
    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject({ suspended: true, rootPassword: outs.rootPassword });
    expect(await calls(id)).toEqual([]);
  });

  test("suspend after the other changes, resume before them: in place, same id", async () => {
    const { id, outs } = await up(program);
    expect(outs.suspended).toBe(false);
    await emulator().control.clearRequests();

    const suspending = await change(id, outs, { ...program, label: `${program.label}-2`, suspended: true });
    expect(suspending.diff).toMatchObject({ changes: true });
    expect(suspending.diff.replaces ?? []).toEqual([]);
    expect(await statusOf(engine, id)).toBe("suspended");
    let log = await calls(id);
    expect(log.filter((c) => !c.startsWith("GET"))).toEqual(["PUT /", "POST /suspend"]);
    expect(log.at(-1)).toBe("POST /suspend");
    expect(suspending.outs).toMatchObject({
      suspended: true,
      label: `${program.label}-2`,
      rootPassword: outs.rootPassword,
    });

    await emulator().control.clearRequests();
    const resuming = await change(id, suspending.outs, { ...program, label: `${program.label}-3`, suspended: false });
    expect(resuming.diff.replaces ?? []).toEqual([]);
    expect(await statusOf(engine, id)).toBe("active");
    log = await calls(id);
    expect(log.filter((c) => !c.startsWith("GET"))).toEqual(["POST /resume", "PUT /"]);
    // Active again: the secrets are read again.
    expect(log).toContain("GET /credentials");
    expect(resuming.outs).toMatchObject({ suspended: false, label: `${program.label}-3` });

    // Preview after: clean, with the program leaving `suspended` out too.
    for (const args of [
      { ...program, label: `${program.label}-3`, suspended: false },
      { ...program, label: `${program.label}-3` },
    ]) {
      const checked = await provider.check(resuming.outs, args);
      expect(await provider.diff(id, resuming.outs, checked.inputs)).toMatchObject({ changes: false });
    }
  });

  test("a suspended database that stays so takes no other change: refused at preview, nothing sent", async () => {
    const { id, outs } = await up({ ...program, suspended: true });
    await emulator().control.clearRequests();
    const checked = await provider.check(outs, { ...program, label: "renamed-db", suspended: true });
    expect(checked.failures).toEqual([
      {
        property: "suspended",
        reason: expect.stringMatching(/suspended and stays so .*label would change.*suspended to false/),
      },
    ]);
    expect((await calls(id)).filter((c) => !c.startsWith("GET"))).toEqual([]);
  });

  test("a suspended database that stays so: a changed engine setting or a network left is refused; a setting left out is not", async () => {
    const made = await fetch(`${emulator().apiUrl}/vpcs`, {
      method: "POST",
      headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
      body: JSON.stringify({ label: "net", region: "us-east", subnets: [{ label: "data", ipv4: "10.0.1.0/24" }] }),
    });
    const vpc = (await made.json()) as { id: number; subnets: { id: number }[] };
    const settings =
      engine === "mysql"
        ? { mysql: { connectTimeout: 20, waitTimeout: 100 } }
        : { workMem: 4, pg: { trackIoTiming: "on" } };
    const privateNetwork = { vpcId: vpc.id, subnetId: vpc.subnets[0]!.id };
    const { id, outs } = await up({ ...program, suspended: true, engineConfig: settings, privateNetwork });
    await emulator().control.clearRequests();
    const kept = { ...program, suspended: true, privateNetwork };
    // One setting left out keeps the API's value: nothing would be sent.
    const fewer = engine === "mysql" ? { mysql: { connectTimeout: 20 } } : { workMem: 4 };
    expect((await provider.check(outs, { ...kept, engineConfig: fewer })).failures).toBeUndefined();
    const changed =
      engine === "mysql" ? { mysql: { connectTimeout: 30, waitTimeout: 100 } } : { ...settings, workMem: 8 };
    expect((await provider.check(outs, { ...kept, engineConfig: changed })).failures).toEqual([
      {
        property: "suspended",
        reason: expect.stringMatching(/suspended and stays so .*\(engineConfig would change\)/),
      },
    ]);
    expect((await provider.check(outs, { ...program, suspended: true, engineConfig: settings })).failures).toEqual([
      {
        property: "suspended",
        reason: expect.stringMatching(/suspended and stays so .*\(privateNetwork would change\)/),
      },
    ]);
    expect((await calls(id)).filter((c) => !c.startsWith("GET"))).toEqual([]);
  });

  test("a suspended database is deleted", async () => {
    const { id, outs } = await up({ ...program, suspended: true });
    await provider.delete(id, outs);
    const res = await fetch(`${emulator().apiUrl}/databases/${engine}/instances/${id}`, {
      headers: { authorization: `Bearer ${emulator().token}` },
    });
    expect(res.status).toBe(404);
  });

  test("the contract's platform refuses suspended true at preview, naming the field and the platform", async () => {
    await emulator().control.setPlatform("rdbms-legacy");
    const legacy = { ...program, engineId: engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6" };
    const created = await provider.create((await provider.check({}, legacy)).inputs);
    await emulator().control.clearRequests();
    const checked = await provider.check(created.outs, { ...legacy, suspended: true });
    expect(checked.failures).toEqual([
      {
        property: "suspended",
        reason: expect.stringMatching(/suspended true is refused on the rdbms-legacy platform/),
      },
    ]);
    // A new database of that platform too; false is no call and passes.
    expect((await provider.check({}, { ...legacy, label: "other-db", suspended: true })).failures).toEqual([
      { property: "suspended", reason: expect.stringMatching(/rdbms-legacy/) },
    ]);
    expect((await provider.check(created.outs, { ...legacy, suspended: false })).failures).toBeUndefined();
    expect((await emulator().control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    // The contract's state gains no key.
    expect(created.outs).not.toHaveProperty("suspended");
  });
});
