/**
 * The hosts of a database in the preview of an update, in both flavours, against the emulator:
 * unknown when `privateNetwork`, `type` or `clusterSize` change, and only then; known through an
 * allow-list, window, label or engine-settings change. The plugin plans them from the state; the
 * dynamic flavour carries them in check's inputs (the engine's preview outputs there), the URIs
 * as secrets, read from the API only when an update is due. After the update they hold the
 * API's new hosts (a database in a VPC answers `private-` ones), with no refresh.
 */
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { DATABASE_DIFF } from "../../src/resources/managed-database/inputs.js";
import { unknownAtPreview } from "../../src/resources/managed-database/preview-hosts.js";
import { plannedState } from "../../src/plugin/diff.js";
import { client } from "../../src/shared/runtime/context.js";
import { UNKNOWN, type Bag } from "../../src/shared/fields/validate.js";
import { useProviderEmulator, useTodaysPlatform } from "./provider-env.js";

const emulator = useProviderEmulator();
useTodaysPlatform(emulator);

const HOSTS = ["hosts", "standbyHost", "connectionUri", "secondaryConnectionUri"];
/** What the dynamic-provider host adds to every bag it hands the provider. */
const DYNAMIC = { __provider: "serialized" };

test.each([
  [["privateNetwork"], HOSTS],
  [["type"], HOSTS],
  [["clusterSize", "allowList"], HOSTS],
  [["credentialsRotation"], ["rootPassword", "connectionUri", "secondaryConnectionUri"]],
  [["allowList"], []],
  [["updates", "label"], []],
  [["engineConfig"], []],
  [["engineId"], []],
])("an update changing %j makes %j new", (changed, unknown) => {
  expect(unknownAtPreview(changed).sort()).toEqual([...unknown].sort());
});

describe.each([
  ["mysql", mysqlProvider as Required<typeof mysqlProvider>, "mysql/8"],
  ["postgresql", pgProvider as Required<typeof pgProvider>, "postgresql/16"],
] as const)("%s", (engine, provider, engineId) => {
  const program: Bag = {
    label: `${engine}-hosts`,
    region: "us-east",
    type: "g6-standard-2",
    clusterSize: 3,
    engineId,
    allowList: ["10.0.0.1/32"],
  };

  /** A database made by the provider, as the engine then holds it: its id, state and checked inputs. */
  async function made(): Promise<{ id: string; outs: Bag; inputs: Bag }> {
    const checked = await provider.check({}, { ...program, ...DYNAMIC });
    expect(checked.failures).toBeUndefined();
    const created = await provider.create(checked.inputs);
    return { id: created.id, outs: created.outs as Bag, inputs: checked.inputs };
  }

  /** The GET requests sent while `run` runs. */
  async function gets(run: () => Promise<unknown>): Promise<number> {
    await emulator().control.clearRequests();
    await run();
    return (await emulator().control.requests()).filter((r) => r.method === "GET").length;
  }

  test("dynamic flavour: an allow-list change carries the hosts in check's inputs, the URIs as secrets; a move into a VPC carries none", async () => {
    const db = await made();
    expect((db.outs.hosts as Bag).primary).toEqual(expect.any(String));
    const allowed = await provider.check(db.inputs, { ...program, ...DYNAMIC, allowList: ["10.0.0.2/32"] });
    expect(allowed.failures).toBeUndefined();
    expect(allowed.inputs.hosts).toEqual(db.outs.hosts);
    expect(allowed.inputs.standbyHost).toBe(db.outs.standbyHost);
    expect(allowed.inputs.connectionUri).toEqual({ [specialSigKey]: specialSecretSig, value: db.outs.connectionUri });

    const vpc = await client().vpcs.create({
      label: "net",
      region: "us-east",
      subnets: [{ label: "one", ipv4: "10.0.1.0/24" }],
    } as never);
    const privateNetwork = { vpcId: vpc.id, subnetId: vpc.subnets[0]!.id };
    const moved = await provider.check(db.inputs, { ...program, ...DYNAMIC, privateNetwork });
    expect(moved.failures).toBeUndefined();
    for (const k of HOSTS) expect(moved.inputs[k]).toBeUndefined();
    // The plugin's check carries nothing (its preview keeps the state's); nor does a check with nothing to update, which reads nothing.
    const plugin = await provider.check(db.inputs, { ...program, allowList: ["10.0.0.2/32"] });
    for (const k of HOSTS) expect(plugin.inputs[k]).toBeUndefined();
    let same: Bag = {};
    expect(
      await gets(async () => void (same = (await provider.check(db.inputs, { ...program, ...DYNAMIC })).inputs)),
    ).toBe(0);
    for (const k of HOSTS) expect(same[k]).toBeUndefined();

    // The move made: the API's new hosts in the update's outputs, no refresh.
    const outs = (await provider.update(db.id, db.outs, moved.inputs)).outs as Bag;
    const primary = (db.outs.hosts as Bag).primary as string;
    expect(outs.hosts).toMatchObject({ primary: `private-${primary}` });
    expect(outs.connectionUri).toContain(`@private-${primary}:`);
    expect(outs.standbyHost).toBe(`private-${db.outs.standbyHost as string}`);
  });

  test("plugin: the planned state keeps the hosts through an allow-list or settings change; a resize makes them unknown", async () => {
    const db = await made();
    const planned = (news: Bag): Bag => plannedState(db.outs, news, DATABASE_DIFF, unknownAtPreview);
    const allowed = planned({ ...program, allowList: ["10.0.0.2/32"] });
    for (const k of HOSTS) expect(allowed[k]).toEqual(db.outs[k]);
    expect(allowed.allowList).toEqual(["10.0.0.2/32"]);
    const resized = planned({ ...program, type: "g6-dedicated-4" });
    for (const k of HOSTS) expect(resized[k]).toBe(UNKNOWN);
    expect(resized.rootPassword).toBe(db.outs.rootPassword);
    const rotated = planned({ ...program, credentialsRotation: "2" });
    expect(rotated.hosts).toEqual(db.outs.hosts);
    expect(rotated.connectionUri).toBe(UNKNOWN);
  });
});

test("plugin: a settings change plans every setting the API answers, the program's merged over them", () => {
  const olds = { engineConfig: { mysql: { connectTimeout: 10, sqlRequirePrimaryKey: true } }, hosts: { primary: "h" } };
  const planned = plannedState(
    olds,
    { engineConfig: { mysql: { connectTimeout: 20 } } },
    DATABASE_DIFF,
    unknownAtPreview,
  );
  expect(planned.engineConfig).toEqual({ mysql: { connectTimeout: 20, sqlRequirePrimaryKey: true } });
  expect(planned.hosts).toEqual({ primary: "h" });
});
