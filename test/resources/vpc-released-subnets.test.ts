/**
 * The VPC provider's deletes right after a database left one of its subnets: the API refuses them
 * while it releases the subnet, so they are tried again until it takes them, or fail naming why.
 */
import { provider } from "../../src/resources/vpc/provider.js";
import { thrown, untilLogged, useProviderEmulator } from "./provider-env.js";
import { client } from "../../src/shared/runtime/context.js";

const emulator = useProviderEmulator();
const p = provider as Required<typeof provider>;

describe("Vpc deletes a database has just left", () => {
  /** A VPC with two inline subnets and a database of today's platform made in `web`, then deleted. */
  async function vpcLeftByDatabase() {
    await emulator().control.setPlatform("rdbms-default");
    const inputs = (
      await p.check(
        {},
        {
          label: "app",
          region: "us-east",
          subnets: [
            { label: "web", ipv4: "10.0.1.0/24" },
            { label: "db", ipv4: "10.0.2.0/24" },
          ],
        },
      )
    ).inputs;
    const created = await p.create(inputs);
    const subnets = created.outs.subnets as { id: number; label: string }[];
    const web = subnets.find((s) => s.label === "web")!.id;
    const db = await client().mysql.create({
      label: "in-subnet",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql/8",
      private_network: { vpc_id: Number(created.id), subnet_id: web },
    } as never);
    // Active at once: the API deletes a database only once it is made.
    await emulator().control.setStatus("mysql", db.id, "active");
    await client().mysql.delete(db.id);
    return { inputs, created, web };
  }

  /** Moves the clock past the release once the API has refused a DELETE of `operation`; its result. */
  async function releasedAfterRefusal<T>(operation: Promise<T>): Promise<T> {
    await untilLogged(emulator(), (log) => log.some((r) => r.method === "DELETE" && r.status === 400));
    await emulator().control.advanceClock(3600);
    return operation;
  }

  /** The statuses of the DELETE requests to `path` in the emulator's log. */
  async function deletes(path: string): Promise<number[]> {
    return (await emulator().control.requests())
      .filter((r) => r.method === "DELETE" && r.path === path)
      .map((r) => r.status);
  }

  test("the VPC's delete is tried again until the API takes it", async () => {
    // Released an hour (emulated) after the database left: once the test moves the clock.
    await emulator().control.setTimings({ subnetReleaseSeconds: 3600 });
    const { created } = await vpcLeftByDatabase();
    await releasedAfterRefusal(p.delete(created.id, created.outs));
    const statuses = await deletes(`/v4/vpcs/${created.id}`);
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    expect(await p.read(created.id, created.outs)).toEqual({ id: "" });
  });

  test("an inline subnet removed by an update is deleted once the API takes it", async () => {
    await emulator().control.setTimings({ subnetReleaseSeconds: 3600 });
    const { inputs, created, web } = await vpcLeftByDatabase();
    const news = { ...inputs, subnets: [{ label: "db", ipv4: "10.0.2.0/24" }] };
    const updated = await releasedAfterRefusal(p.update(created.id, created.outs, news));
    expect(updated.outs).toMatchObject({ subnets: [{ label: "db", ipv4: "10.0.2.0/24" }] });
    const statuses = await deletes(`/v4/vpcs/${created.id}/subnets/${web}`);
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  });

  test("a VPC whose subnet a database still uses fails at once, naming the database", async () => {
    const inputs = (
      await p.check({}, { label: "app", region: "us-east", subnets: [{ label: "web", ipv4: "10.0.1.0/24" }] })
    ).inputs;
    await emulator().control.setPlatform("rdbms-default");
    const created = await p.create(inputs);
    const [web] = created.outs.subnets as { id: number }[];
    const db = await client().mysql.create({
      label: "in-subnet",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql/8",
      private_network: { vpc_id: Number(created.id), subnet_id: web!.id },
    } as never);
    const err = await thrown(p.delete(created.id, created.outs));
    expect(err.message).toContain(`VPC ${created.id} cannot be deleted while database(s) ${db.id} use it`);
    expect(await deletes(`/v4/vpcs/${created.id}`)).toEqual([400]);
  });

  test("a VPC still released when the delete limit passes fails with the API's reason", async () => {
    await emulator().control.setTimings({ subnetReleaseSeconds: 360_000 });
    const { created } = await vpcLeftByDatabase();
    const err = await thrown(p.delete(created.id, { ...created.outs, timeouts: { delete: "500ms" } }));
    expect(err.message).toMatch(new RegExp(`VPC ${created.id} to be released by the databases that left it`));
    expect(err.message).toMatch(/is still being released by a database/);
    expect((await deletes(`/v4/vpcs/${created.id}`)).every((s) => s === 400)).toBe(true);
    expect((await p.read(created.id, created.outs)).id).toBe(created.id);
  });
});
