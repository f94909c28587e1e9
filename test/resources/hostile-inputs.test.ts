/**
 * `check` against strange inputs: thousands of levels of nesting, `__proto__` and `constructor`
 * keys, unknown keys, NaN, and large inline subnet lists; each ends in a failure naming the field,
 * never a crash, and the engine's own keys pass.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { fromStruct, toStruct } from "../../src/plugin/structs.js";
import { databaseProvider } from "../../src/resources/managed-database/provider.js";
import { provider as vpcProvider } from "../../src/resources/vpc/provider.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet/provider.js";
import { toId } from "../../src/shared/fields/validate.js";
import { useProviderEmulator } from "./provider-env.js";

useProviderEmulator();

const vpc = vpcProvider as Required<typeof vpcProvider>;
const mysql = databaseProvider("mysql") as Required<pulumi.dynamic.ResourceProvider>;
const subnet = subnetProvider as Required<typeof subnetProvider>;

const DB = { label: "orders", region: "us-east", type: "g6-nanode-1", engineId: "mysql/8.0.30" };

/** `{ key: { key: ... value } }`, `depth` levels, built without recursion. */
function nested(depth: number, key: string, value: unknown): unknown {
  let v = value;
  for (let i = 0; i < depth; i++) v = key === "[]" ? [v] : { [key]: v };
  return v;
}

test.each([
  ["timeouts", () => vpc.check({}, { label: "a", region: "us-east", timeouts: nested(5000, "create", "1m") })],
  ["updates", () => mysql.check({}, { ...DB, updates: nested(5000, "frequency", "weekly") })],
  ["allowList", () => mysql.check({}, { ...DB, allowList: nested(5000, "[]", "10.0.0.1") })],
  ["subnets", () => vpc.check({}, { label: "a", region: "us-east", subnets: nested(5000, "[]", {}) })],
])("%s nested 5,000 levels deep fails naming the field, not with a stack overflow", async (field, check) => {
  const res = await check();
  expect(res.failures).toEqual([
    { property: field, reason: expect.stringContaining(`${field} is nested more than 32 levels deep`) },
  ]);
});

test("__proto__, constructor and prototype keys are refused at any level, naming the path", async () => {
  const proto = JSON.parse('{"label": "a", "region": "us-east", "__proto__": {"polluted": 1}}') as Record<
    string,
    unknown
  >;
  expect((await vpc.check({}, proto)).failures).toEqual([
    { property: "__proto__", reason: "__proto__ is not allowed: __proto__ is never an input key" },
  ]);
  const nestedProto = JSON.parse(
    '{"frequency": "weekly", "duration": 1, "hourOfDay": 1, "dayOfWeek": 1, "constructor": {"prototype": 1}}',
  ) as unknown;
  expect((await mysql.check({}, { ...DB, updates: nestedProto })).failures).toEqual([
    { property: "updates", reason: "updates.constructor is not allowed: constructor is never an input key" },
  ]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("an unknown input is refused naming it and the known inputs; the engine's own keys pass", async () => {
  const res = await vpc.check({}, { label: "a", region: "us-east", descripton: "typo", __provider: "serialized" });
  expect(res.failures).toEqual([
    {
      property: "descripton",
      // The inputs in the table's order; a field added to the table joins the list with no edit here.
      reason: expect.stringMatching(
        /^"descripton" is not an input; the inputs are label, region, description, (\w+, )*adoptId, timeouts$/,
      ),
    },
  ]);
  expect((await vpc.check({}, { label: "a", region: "us-east", __provider: "serialized" })).failures).toBeUndefined();
  const window = { frequency: "weekly", duration: 1, hourOfDay: 1, dayOfWeek: 1, hourofday: 2 };
  expect((await mysql.check({}, { ...DB, updates: window })).failures).toEqual([
    {
      property: "updates",
      reason: "updates.hourofday is not known; use frequency, duration, hourOfDay, dayOfWeek or weekOfMonth (got 2)",
    },
  ]);
  const subnets = [{ label: "web", ipv4: "10.0.0.0/24", ipV4: "10.0.1.0/24" }];
  expect((await vpc.check({}, { label: "a", region: "us-east", subnets })).failures).toEqual([
    { property: "subnets", reason: 'subnets[0].ipV4 is not known; use label, ipv4 and ipv6 (got "10.0.1.0/24")' },
  ]);
});

test("NaN and Infinity are reported as themselves, not as null", async () => {
  const window = { frequency: "weekly", duration: NaN, hourOfDay: Infinity, dayOfWeek: 1 };
  expect((await mysql.check({}, { ...DB, updates: window })).failures).toEqual([
    { property: "updates", reason: "updates.duration: Must be an integer (got NaN)" },
    { property: "updates", reason: "updates.hourOfDay: Must be an integer (got Infinity)" },
  ]);
  expect((await subnet.check({}, { vpcId: NaN, label: "web", ipv4: "10.0.0.0/24" })).failures).toEqual([
    { property: "vpcId", reason: "vpcId must be a positive integer id, got NaN" },
  ]);
});

test("10,000 inline subnets are checked, each overlap and repeated label reported once against the first", async () => {
  const subnets = Array.from({ length: 10_000 }, (_, i) => ({
    label: `s${i}`,
    ipv4: `10.${(i * 8) >> 16}.${((i * 8) >> 8) & 255}.${(i * 8) & 255}/29`,
  }));
  subnets.push({ label: "s5", ipv4: "10.0.0.0/16" }, { label: "wide", ipv4: "10.0.0.0/8" });
  const res = await vpc.check({}, { label: "a", region: "us-east", subnets });
  expect(res.failures?.map((f) => f.reason)).toEqual([
    "subnets[10000].ipv4 10.0.0.0/16 overlaps subnets[0].ipv4 10.0.0.0/29",
    'subnets[10000].label "s5" is also used by subnets[5]; labels must be unique in a VPC',
    "subnets[10001].ipv4 10.0.0.0/8 overlaps subnets[0].ipv4 10.0.0.0/29",
  ]);
});

test("ids are canonical decimal integers: 0x64, 1e2 and 0100 are not id 100", async () => {
  for (const id of ["0x64", " 1e2 ", "1e2", "0100", "+100", "100.0", "99999999999999999999"])
    expect(toId(id)).toBeUndefined();
  expect(toId("100")).toBe(100);
  await expect(vpc.read("0x64")).rejects.toThrow(
    '"0x64" is not a VPC id: ids are positive decimal integers such as 100',
  );
  await expect(mysql.read(" 1e2 ")).rejects.toThrow('" 1e2 " is not a mysql database id');
  expect((await subnet.check({}, { vpcId: "1e2", label: "web", ipv4: "10.0.0.0/24" })).failures).toEqual([
    { property: "vpcId", reason: 'vpcId must be a positive integer id, got "1e2"' },
  ]);
});

test("through the plugin's encoding, a deeply nested input reaches check and fails naming the field", async () => {
  // 200 levels, far past check's 32. The protocol's own (de)serialization takes about 2,000, at a
  // cost that grows with the square of the depth (1,000 levels: seconds of CPU, all in google-protobuf).
  const struct = toStruct({ label: "a", region: "us-east", timeouts: nested(200, "create", "1m") });
  const { bag } = fromStruct(structproto.Struct.deserializeBinary(struct.serializeBinary()));
  expect((await vpc.check({}, bag)).failures).toEqual([
    { property: "timeouts", reason: expect.stringContaining("timeouts is nested more than 32 levels deep") },
  ]);
});
