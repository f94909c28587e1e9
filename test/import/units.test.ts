/**
 * The import's pure parts: the command line, label patterns, names and rendering.
 */
import {
  HELP,
  identifierOf,
  labelPattern,
  Namer,
  parseImportArgs,
  renderProgram,
  type ProgramModel,
} from "../../src/import/index.js";
import { databaseRefusal } from "../../src/import/adoptable.js";
import { buildProgram } from "../../src/import/program.js";
import type { Account } from "../../src/import/read.js";
import type { Database, Vpc } from "../../src/client/index.js";

test("the command line sets every option and refuses anything unknown or malformed", () => {
  expect(
    parseImportArgs([
      "--api-url",
      "http://127.0.0.1:4010",
      "--token=t",
      "--out",
      "index.ts",
      "--language",
      "js",
      "--subnets=inline",
      "--snapshots",
      "--region",
      "us-east,eu-central",
      "--label",
      "app-*",
      "--label=orders?",
      "--kind",
      "vpc,mysql",
    ]),
  ).toEqual({
    apiUrl: "http://127.0.0.1:4010",
    token: "t",
    out: "index.ts",
    language: "js",
    subnets: "inline",
    snapshots: true,
    filters: { regions: ["us-east", "eu-central"], labels: ["app-*", "orders?"], kinds: ["vpc", "mysql"] },
  });
  expect(parseImportArgs([])).toEqual({});
  expect(parseImportArgs(["--help"])).toBe(HELP);
  expect(() => parseImportArgs(["--language", "py"])).toThrow(/--language takes ts or js, got "py"/);
  expect(() => parseImportArgs(["--subnets", "both"])).toThrow(/--subnets takes inline or resources/);
  expect(() => parseImportArgs(["--kind", "vpc,redis"])).toThrow(/unknown: redis/);
  expect(() => parseImportArgs(["--out"])).toThrow(/--out needs a value/);
  expect(() => parseImportArgs(["--out", "--snapshots"])).toThrow(/--out needs a value/);
  expect(() => parseImportArgs(["--snapshots=yes"])).toThrow(/takes no value/);
  expect(() => parseImportArgs(["--bogus"])).toThrow(/unknown option --bogus\nusage: pulumi-cloudplatform import/);
});

test("label patterns know * and ? only and match the whole label", () => {
  expect(labelPattern("app-*").test("app-network")).toBe(true);
  expect(labelPattern("app-*").test("my-app-network")).toBe(false);
  expect(labelPattern("db.?").test("db.1")).toBe(true);
  expect(labelPattern("db.?").test("dbx1")).toBe(false);
  expect(labelPattern("orders").test("orders-2")).toBe(false);
});

test("identifiers are camelCase, never start with a digit, avoid reserved words and never repeat", () => {
  expect(identifierOf("app-network", "vpc")).toBe("appNetwork");
  expect(identifierOf("Orders_DB.v2", "db")).toBe("ordersDBV2");
  expect(identifierOf("10-net", "vpc")).toBe("vpc10Net");
  expect(identifierOf("--", "vpc")).toBe("vpc");

  const namer = new Namer();
  expect(namer.claim("Vpc", "app")).toEqual({ identifier: "app", name: "app" });
  expect(namer.claim("VpcSubnet", "app-web")).toEqual({ identifier: "appWeb", name: "app-web" });
  // Another type may take the same resource name (URNs hold the type); the variable must differ.
  expect(namer.claim("MysqlDatabase", "app")).toEqual({ identifier: "appDb", name: "app" });
  expect(namer.claim("PostgresqlDatabase", "app")).toEqual({ identifier: "appDb2", name: "app" });
  // The same type may not (the URN would repeat).
  expect(namer.claim("VpcSubnet", "app-web")).toEqual({ identifier: "appWeb2", name: "app-web-2" });
  expect(namer.claim("Vpc", "class").identifier).toBe("classVpc");
  expect(namer.claim("Vpc", "cloud").identifier).toBe("cloudVpc");
  expect(namer.claim("DatabaseSnapshot", "require").identifier).toBe("requireSnapshot");
});

test("rendering writes one declaration per resource with references, in both languages", () => {
  const model: ProgramModel = {
    usesInlineRanges: true,
    ambiguousRanges: [],
    unwritable: [],
    declarations: [
      {
        cls: "Vpc",
        identifier: "net",
        name: "net",
        args: [
          ["adoptId", { kind: "literal", value: 100 }],
          ["label", { kind: "literal", value: 'quote"d' }],
          [
            "subnets",
            {
              kind: "array",
              items: [
                {
                  kind: "object",
                  entries: [
                    ["label", { kind: "literal", value: "web" }],
                    ["ipv4", { kind: "literal", value: "10.0.1.0/24" }],
                  ],
                },
              ],
            },
          ],
        ],
        comment: ["two\nlines */"],
      },
      {
        cls: "MysqlDatabase",
        identifier: "db",
        name: "db",
        args: [
          [
            "allowList",
            {
              kind: "array",
              items: [
                { kind: "inlineRange", identifier: "net", label: "web" },
                { kind: "literal", value: "203.0.113.7/32" },
              ],
            },
          ],
          ["encrypted", { kind: "literal", value: false }],
        ],
      },
      {
        cls: "VpcSubnet",
        identifier: "sub",
        name: "sub",
        args: [["vpcId", { kind: "output", identifier: "net", property: "vpcId" }]],
      },
    ],
  };
  const ts = renderProgram(model, "ts", ["header"]);
  expect(ts).toContain('// header\nimport * as cloud from "pulumi-cloudplatform";\n');
  expect(ts).toContain("function inlineSubnetRange(vpc: cloud.Vpc, label: string) {");
  expect(ts).toContain('  label: "quote\\"d",\n');
  expect(ts).toContain('  subnets: [{ label: "web", ipv4: "10.0.1.0/24" }],\n');
  expect(ts).toContain('// two lines */\nconst net = new cloud.Vpc("net", {');
  expect(ts).toContain('  allowList: [inlineSubnetRange(net, "web"), "203.0.113.7/32"],\n  encrypted: false,\n});');
  expect(ts).toContain('const sub = new cloud.VpcSubnet("sub", {\n  vpcId: net.vpcId,\n});\n');
  const js = renderProgram(model, "js", ["header"]);
  expect(js.startsWith('// header\n"use strict";\nconst cloud = require("pulumi-cloudplatform");\n')).toBe(true);
  expect(js).toContain("function inlineSubnetRange(vpc, label) {");
  expect(js.replace("vpc, label", "vpc: cloud.Vpc, label: string")).toBe(
    ts.replace(
      'import * as cloud from "pulumi-cloudplatform";',
      '"use strict";\nconst cloud = require("pulumi-cloudplatform");',
    ),
  );
});

test("long lists are written one entry per line", () => {
  const items = Array.from({ length: 8 }, (_, i) => ({ kind: "literal" as const, value: `203.0.113.${i}/32` }));
  const text = renderProgram(
    {
      usesInlineRanges: false,
      ambiguousRanges: [],
      unwritable: [],
      declarations: [
        { cls: "MysqlDatabase", identifier: "db", name: "db", args: [["allowList", { kind: "array", items }]] },
      ],
    },
    "ts",
    [],
  );
  expect(text).toContain('  allowList: [\n    "203.0.113.0/32",\n');
  expect(text).toContain('    "203.0.113.7/32",\n  ],\n});');
});

test("a database whose adoption would wait for nothing is named with the reason", () => {
  const db = { id: 1, label: "orders", region: "us-east", engine: "mysql", version: "5.6.1" } as Database;
  expect(databaseRefusal({ ...db, status: "failed" })).toMatch(/"failed", from which it does not recover/);
  expect(databaseRefusal({ ...db, status: "suspended" })).toMatch(/"suspended"; resume it/);
  // Still provisioning or updating: the adoption waits for it. The catalogue never refuses an adoption.
  expect(databaseRefusal({ ...db, status: "provisioning" })).toBeUndefined();
  expect(databaseRefusal({ ...db, status: "active" })).toBeUndefined();
});

test("a database in a VPC subnet is written with privateNetwork naming the VPC and subnet declarations", () => {
  const vpc = {
    id: 100,
    label: "app-net",
    region: "us-east",
    description: "",
    subnets: [{ id: 1001, label: "data", ipv4: "10.0.2.0/24", computes: [], databases: [] }],
  } as unknown as Vpc;
  const db = (id: number, label: string, network: unknown) =>
    ({
      id,
      label,
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql",
      version: "8.0.35",
      platform: "rdbms-default",
      status: "active",
      cluster_size: 1,
      encrypted: true,
      ssl_connection: true,
      allow_list: [],
      private_network: network,
    }) as unknown as Database;
  const account: Account = {
    vpcs: [vpc],
    databases: [
      { engine: "mysql", db: db(1, "orders", { vpc_id: 100, subnet_id: 1001, public_access: true }), snapshots: [] },
      // A VPC the import does not adopt: its ids are written as they are.
      {
        engine: "mysql",
        db: db(2, "elsewhere", { vpc_id: 300, subnet_id: 3001, public_access: false }),
        snapshots: [],
      },
      { engine: "mysql", db: db(3, "outside", null), snapshots: [] },
    ],
    leftOut: [],
    notes: [],
    found: {},
    snapshotsRead: false,
  };
  const ts = renderProgram(buildProgram(account, "resources"), "ts", []);
  expect(ts).toMatch(
    /new cloud\.MysqlDatabase\("orders", \{[^}]*privateNetwork: \{ vpcId: appNet\.vpcId, subnetId: appNetData\.subnetId, publicAccess: true \}/,
  );
  expect(ts).toContain("privateNetwork: { vpcId: 300, subnetId: 3001, publicAccess: false }");
  const outside = ts.slice(ts.indexOf('new cloud.MysqlDatabase("outside"'));
  expect(outside).not.toContain("privateNetwork");
});
