/**
 * The plugin's translations between the engine's encoding and the resource modules: secrets in and
 * out, the engine's timeouts as the `timeouts` input, the detailed diff, and the tokens it serves.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { configBag, configFailures } from "../../src/plugin/config";
import { diffResponse, kindOf } from "../../src/plugin/diff";
import { lookUp, RESOURCE_NAMES, resourceEntry } from "../../src/plugin/registry";
import { readSchema } from "../../src/plugin/schema";
import { withEngineTimeout, withProgramTimeouts } from "../../src/plugin/timeouts";
import { fromStruct, secret, toStruct } from "../../src/plugin/structs";
import { provider as vpcProvider } from "../../src/resources/vpc/provider";
import type { Bag } from "../../src/shared/fields/validate";

const Kind = provproto.PropertyDiff.Kind;
// The diff specs the plugin serves, read from the field tables.
const VPC_DIFF = resourceEntry("cloudplatform:index:Vpc").diff;
const DATABASE_DIFF = resourceEntry("cloudplatform:index:MysqlDatabase").diff;

describe("values", () => {
  test("secrets are unwrapped for the modules and the keys that held them are remembered", () => {
    const { bag, secretKeys } = fromStruct(
      toStruct({ label: "a", updates: { frequency: secret("weekly"), duration: 1 }, token: secret("t") }, [], false),
    );
    expect(bag).toEqual({ label: "a", updates: { frequency: "weekly", duration: 1 }, token: "t" });
    expect([...secretKeys].sort()).toEqual(["token", "updates"]);
  });

  test("outputs named secret are wrapped, undefined is dropped, null kept", () => {
    const struct = toStruct({ rootPassword: "pw", label: "x", gone: undefined, hosts: null }, [
      "rootPassword",
      "absent",
    ]);
    expect(struct.toJavaScript()).toEqual({
      rootPassword: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "pw" },
      label: "x",
      hosts: null,
    });
  });

  test("an engine that takes no secrets gets plain values", () => {
    expect(toStruct({ rootPassword: "pw" }, ["rootPassword"], false).toJavaScript()).toEqual({ rootPassword: "pw" });
  });

  test("an absent Struct is an empty bag (Read during import sends no properties)", () => {
    expect(fromStruct(undefined)).toEqual({ bag: {}, secretKeys: new Set() });
  });
});

describe("engine timeouts", () => {
  test("the engine's limit becomes timeouts.<op>, over the program's own for that operation only", () => {
    expect(withEngineTimeout({ label: "a", timeouts: { create: "1h", delete: "5m" } }, "create", 2)).toEqual({
      label: "a",
      timeouts: { create: "2s", delete: "5m" },
    });
    expect(withEngineTimeout({ label: "a" }, "delete", 0.5)).toEqual({ label: "a", timeouts: { delete: "0.5s" } });
  });

  test("an update's limit also bounds the create it may resume", () => {
    expect(withEngineTimeout({}, "update", 30)).toEqual({ timeouts: { update: "30s", create: "30s" } });
  });

  test("no limit from the engine leaves the bag as it is", () => {
    const bag = { timeouts: { create: "1h" } };
    expect(withEngineTimeout(bag, "create", 0)).toBe(bag);
  });

  test("the state keeps the program's timeouts, not the engine's", () => {
    expect(withProgramTimeouts({ label: "a", timeouts: { create: "2s" } }, {})).toEqual({ label: "a" });
    expect(withProgramTimeouts({ timeouts: { create: "2s" } }, { timeouts: { delete: "1m" } })).toEqual({
      timeouts: { delete: "1m" },
    });
  });
});

describe("detailed diff", () => {
  test("kinds: added, removed, changed, each replacing or not", () => {
    expect(kindOf(undefined, "x", false)).toBe(Kind.ADD);
    expect(kindOf(null, "x", true)).toBe(Kind.ADD_REPLACE);
    expect(kindOf("x", undefined, false)).toBe(Kind.DELETE);
    expect(kindOf("x", null, true)).toBe(Kind.DELETE_REPLACE);
    expect(kindOf("x", "y", false)).toBe(Kind.UPDATE);
    expect(kindOf("x", "y", true)).toBe(Kind.UPDATE_REPLACE);
  });

  test("each changed field is named with its kind; replaced fields replace", async () => {
    const olds = { label: "a", region: "us-east", description: "", subnets: [] };
    const news = { label: "b", region: "eu-west", description: "d", subnets: [] };
    const result = await vpcProvider.diff!("1", olds, news);
    const resp = diffResponse(olds, news, VPC_DIFF, result);
    expect(resp.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(resp.getReplacesList()).toEqual(["region"]);
    expect(resp.getHasdetaileddiff()).toBe(true);
    const detailed: Record<string, number> = {};
    resp.getDetaileddiffMap().forEach((v, k) => (detailed[k] = v.getKind()));
    expect(detailed).toEqual({ region: Kind.UPDATE_REPLACE, label: Kind.UPDATE, description: Kind.UPDATE });
  });

  test("no change is DIFF_NONE with an empty detailed diff", () => {
    const olds = { label: "db1", allowList: ["10.0.0.1/32"] };
    const news = { label: "db1", allowList: ["10.0.0.1"] };
    const resp = diffResponse(olds, news, DATABASE_DIFF, { changes: false });
    expect(resp.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
    expect(resp.getDetaileddiffMap().getLength()).toBe(0);
  });
});

describe("database diffs by platform", () => {
  const base = { label: "db1", region: "us-east", type: "g6-standard-1", allowList: [], clusterSize: 1 };

  test("an input the program leaves out holding the API's default is no entry; a real change is the only one", () => {
    const olds = {
      ...base,
      engineType: "mysql",
      engineId: "mysql/8.0.30",
      encrypted: false,
      sslConnection: true,
      replicationType: "none",
    };
    const news = { label: "db2", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    const resp = diffResponse(olds, news, DATABASE_DIFF, { changes: true });
    const detailed: Record<string, number> = {};
    resp.getDetaileddiffMap().forEach((v, k) => (detailed[k] = v.getKind()));
    expect(detailed).toEqual({ label: Kind.UPDATE });
  });

  test("on rdbms-default, always-true settings left out are no entry; a resize names its fields in place", () => {
    const olds = {
      ...base,
      engineType: "mysql",
      engineId: "mysql/8",
      encrypted: true,
      sslConnection: true,
      platform: "rdbms-default",
    };
    const news = { label: "db1", region: "us-east", type: "g6-standard-2", engineId: "mysql/8", clusterSize: 3 };
    const resp = diffResponse(olds, news, DATABASE_DIFF, { changes: true, replaces: [] });
    const detailed: Record<string, number> = {};
    resp.getDetaileddiffMap().forEach((v, k) => (detailed[k] = v.getKind()));
    expect(detailed).toEqual({ type: Kind.UPDATE, clusterSize: Kind.UPDATE });
  });
});

describe("today's suspension and forks in the plugin's detailed diff", () => {
  const today = {
    label: "db1",
    region: "us-east",
    type: "g6-standard-1",
    engineType: "mysql",
    engineId: "mysql/8",
    allowList: [],
    clusterSize: 1,
    encrypted: true,
    sslConnection: true,
    platform: "rdbms-default",
  };
  const detailedOf = (olds: Bag, news: Bag, replaces: string[] = []): Record<string, number> => {
    const resp = diffResponse(olds, news, DATABASE_DIFF, { changes: true, replaces });
    const detailed: Record<string, number> = {};
    resp.getDetaileddiffMap().forEach((v, k) => (detailed[k] = v.getKind()));
    return detailed;
  };
  const program = { label: "db1", region: "us-east", type: "g6-standard-1", engineId: "mysql/8" };

  test("suspended: a change is an update in place; false in the state and left out of the program is no entry", () => {
    expect(detailedOf({ ...today, suspended: false }, { ...program, suspended: true })).toEqual({
      suspended: Kind.UPDATE,
    });
    expect(detailedOf({ ...today, suspended: false }, program)).toEqual({});
  });

  test("fork: one instant in two spellings is no entry; another instant replaces", () => {
    const olds = { ...today, fork: { source: 7, restoreTime: "2025-01-02T03:04:05" } };
    expect(detailedOf(olds, { ...program, fork: { source: 7, restoreTime: "2025-01-02T03:04:05Z" } })).toEqual({});
    expect(
      detailedOf(olds, { ...program, fork: { source: 7, restoreTime: "2025-01-02T03:04:06Z" } }, ["fork"]),
    ).toEqual({ "fork.restoreTime": Kind.UPDATE_REPLACE });
  });
});

describe("privateNetwork through the plugin", () => {
  const olds = {
    label: "db1",
    region: "us-east",
    type: "g6-nanode-1",
    engineType: "mysql",
    engineId: "mysql/8",
    encrypted: true,
    sslConnection: true,
    platform: "rdbms-default",
    privateNetwork: { vpcId: 10, subnetId: 20, publicAccess: false },
  };
  const program = { label: "db1", region: "us-east", type: "g6-nanode-1", engineId: "mysql/8" };
  const detailedOf = (news: Record<string, unknown>) => {
    const resp = diffResponse(olds, news, DATABASE_DIFF, { changes: true, replaces: [] });
    const detailed: Record<string, number> = {};
    resp.getDetaileddiffMap().forEach((v, k) => (detailed[k] = v.getKind()));
    return { replaces: resp.getReplacesList(), detailed };
  };

  test("another subnet or public access is an update in place naming privateNetwork; the same one, with publicAccess left out, none", () => {
    expect(detailedOf({ ...program, privateNetwork: { vpcId: 10, subnetId: 21 } })).toEqual({
      replaces: [],
      detailed: { privateNetwork: Kind.UPDATE },
    });
    expect(detailedOf({ ...program, privateNetwork: { vpcId: 10, subnetId: 20, publicAccess: true } })).toEqual({
      replaces: [],
      detailed: { privateNetwork: Kind.UPDATE },
    });
    expect(detailedOf({ ...program, privateNetwork: { vpcId: 10, subnetId: 20 } }).detailed).toEqual({});
  });

  test("removing it is a change in place (the database leaves its VPC), not a replacement", () => {
    const { replaces, detailed } = detailedOf(program);
    expect(replaces).toEqual([]);
    expect(Object.keys(detailed)).toEqual(["privateNetwork"]);
    expect(detailed.privateNetwork).toBe(Kind.DELETE);
  });
});

describe("registry and config", () => {
  test("each resource token maps to its module; unknown tokens are refused by name", () => {
    expect(RESOURCE_NAMES).toEqual(["Vpc", "VpcSubnet", "MysqlDatabase", "PostgresqlDatabase", "DatabaseSnapshot"]);
    expect(resourceEntry("cloudplatform:index:Vpc").provider).toBe(vpcProvider);
    expect(resourceEntry("cloudplatform:index:MysqlDatabase").secretOutputs).toContain("rootPassword");
    expect(() => resourceEntry("cloudplatform:index:Nope")).toThrow(
      /Resource type "cloudplatform:index:Nope" is not served by this plugin; known: cloudplatform:index:Vpc/,
    );
    expect(() => lookUp("other:index:getRegions")).toThrow(/Function "other:index:getRegions" is not served/);
    expect(typeof lookUp("cloudplatform:index:getRegions")).toBe("function");
  });

  test("config keys come from the provider inputs, then the older variables map; empty is unset", () => {
    const bag = configBag({ apiUrl: "http://127.0.0.1:1", token: "" }, new Map([["cloudplatform:config:token", "t"]]));
    expect(bag.get("cloudplatform:apiUrl")).toBe("http://127.0.0.1:1");
    expect(bag.get("cloudplatform:token")).toBe("t");
    expect(configBag({}).get("cloudplatform:token")).toBeUndefined();
  });

  test("a bad apiUrl fails CheckConfig naming the field and the rule", () => {
    expect(configFailures({ apiUrl: "http://api.example.com" })).toEqual([
      { property: "apiUrl", reason: expect.stringMatching(/^apiUrl: Refusing plain http to api\.example\.com/) },
    ]);
    expect(configFailures({ apiUrl: "https://api.example.com", token: 5 })).toEqual([
      { property: "token", reason: "token must be a string" },
    ]);
    // The client's opt-in for plain http to a named host (a CI service container) applies here too.
    expect(configFailures({ apiUrl: "http://emulator:4010", allowInsecureHttp: true })).toEqual([]);
    // An explicit provider of the Node.js SDK sends the flag as JSON text, as Pulumi's generated SDKs do.
    expect(configFailures({ apiUrl: "http://emulator:4010", allowInsecureHttp: "true" })).toEqual([]);
    expect(configFailures({ apiUrl: "http://emulator:4010", allowInsecureHttp: "false" })).toEqual([
      { property: "apiUrl", reason: expect.stringMatching(/^apiUrl: Refusing plain http to emulator/) },
    ]);
  });

  test("databasePlatform: one of the platforms, else CheckConfig names the setting and the values", () => {
    for (const platform of ["rdbms-legacy", "rdbms-default", ""])
      expect(configFailures({ apiUrl: "http://127.0.0.1:1", databasePlatform: platform })).toEqual([]);
    expect(configFailures({ apiUrl: "http://127.0.0.1:1", databasePlatform: "default" })).toEqual([
      {
        property: "databasePlatform",
        reason: 'databasePlatform must be "rdbms-legacy" or "rdbms-default", got "default"',
      },
    ]);
    // The modules read it as the stack configuration's key.
    expect(configBag({ databasePlatform: "rdbms-default" }).get("cloudplatform:databasePlatform")).toBe(
      "rdbms-default",
    );
  });

  test("without schema.json the schema names the package and its version", () => {
    expect(JSON.parse(readSchema(["/nonexistent/schema.json"]))).toEqual({
      name: "cloudplatform",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });
});
