/**
 * The policies of `pulumi-cloudplatform/policy` on the inputs a pack is handed for each flavour of
 * database (support.ts builds them with @pulumi/policy's own deserializer and unknown-checking
 * proxy): what each reports and names, what it leaves alone (other resources, unknown values,
 * compliant databases), and its configuration. The same policies through the engine:
 * test/e2e/policies.test.ts.
 */
import {
  databaseAllowListNotOpen,
  databaseEncrypted,
  databaseMultiNode,
  databaseMultiNodeStacks,
  databaseProtected,
  databaseSslRequired,
  databaseVpcPublicAccessNotOpen,
  policies,
  policiesWith,
} from "../../src/policy";
import { argsFor, compliant, UNKNOWN, violations, type FlavourName } from "./support";

const FLAVOUR_NAMES: FlavourName[] = ["dynamic", "dynamicGeneric", "plugin"];

describe.each(FLAVOUR_NAMES)("over the %s resources", (flavour) => {
  test.each([
    ["MysqlDatabase", {}],
    ["PostgresqlDatabase", { engineId: "postgresql/14.6", replicationType: "asynch" }],
  ])("a compliant, protected %s passes every policy", async (type, extra) => {
    for (const policy of policies)
      expect(await violations(policy, compliant(extra), { flavour, type, protect: true })).toEqual([]);
  });

  test("an allow list with 0.0.0.0/0 is named, with the resource", async () => {
    const found = await violations(databaseAllowListNotOpen, compliant({ allowList: ["10.0.0.0/16", "0.0.0.0/0"] }), {
      flavour,
      type: "PostgresqlDatabase",
      name: "reports",
    });
    expect(found).toEqual([expect.stringContaining('PostgresqlDatabase "reports": allowList entry "0.0.0.0/0"')]);
    expect(found[0]).toMatch(/admits every address/);
  });

  test("each unprotected, unencrypted, non-SSL, single-node database gets its advisories", async () => {
    const props = compliant({ encrypted: false, sslConnection: false, clusterSize: 1, replicationType: "none" });
    const options = { flavour, name: "orders" };
    expect(await violations(databaseEncrypted, props, options)).toEqual([
      expect.stringMatching(/^MysqlDatabase "orders" is not encrypted \(encrypted: false\)/),
    ]);
    expect(await violations(databaseSslRequired, props, options)).toEqual([
      expect.stringMatching(/^MysqlDatabase "orders" accepts connections without SSL \(sslConnection: false\)/),
    ]);
    expect(await violations(databaseMultiNode, props, options)).toEqual([
      expect.stringMatching(/^MysqlDatabase "orders" has a single node \(clusterSize: 1\)/),
    ]);
    expect(await violations(databaseProtected, props, options)).toEqual([
      expect.stringMatching(/^MysqlDatabase "orders" is not protected/),
    ]);
  });
});

describe("database-allow-list-not-open", () => {
  test.each([["0.0.0.0/0"], ["::/0"], ["10.1.2.3/0"], [" 0.0.0.0/0 "]])("%j admits every address", async (entry) => {
    const found = await violations(databaseAllowListNotOpen, compliant({ allowList: ["203.0.113.7/32", entry] }));
    expect(found).toEqual([expect.stringContaining(`allowList entry ${JSON.stringify(entry)} admits every address`)]);
  });

  test("ranges that together cover every IPv4 address are named together", async () => {
    const found = await violations(
      databaseAllowListNotOpen,
      compliant({ allowList: ["203.0.113.7", "0.0.0.0/1", "128.0.0.0/2", "192.0.0.0/2"] }),
    );
    expect(found).toEqual([
      expect.stringContaining('allowList entries "0.0.0.0/1", "128.0.0.0/2", "192.0.0.0/2" together admit every IPv4'),
    ]);
  });

  test.each([
    [[]],
    [["0.0.0.0/1"]],
    [["0.0.0.0/1", "128.0.0.0/2"]],
    [["0.0.0.0/32"]],
    [["0.0.0.0"]],
    [["not an address"]],
  ])("%j does not admit every address", async (allowList) => {
    expect(await violations(databaseAllowListNotOpen, compliant({ allowList }))).toEqual([]);
  });

  test("a list not known yet is no violation, nor an unknown item; a known open item beside one is", async () => {
    expect(await violations(databaseAllowListNotOpen, compliant({ allowList: UNKNOWN }))).toEqual([]);
    expect(await violations(databaseAllowListNotOpen, compliant({ allowList: [UNKNOWN, "10.0.0.0/8"] }))).toEqual([]);
    expect(
      await violations(databaseAllowListNotOpen, compliant({ allowList: [UNKNOWN, "0.0.0.0/0"] }), {
        flavour: "dynamicGeneric",
      }),
    ).toEqual([expect.stringContaining('allowList entry "0.0.0.0/0"')]);
  });

  test("the default (no allow list: no access) passes", async () => {
    const props = compliant();
    delete props.allowList;
    expect(await violations(databaseAllowListNotOpen, props)).toEqual([]);
  });
});

describe("database-vpc-public-access-not-open (a database in a VPC subnet)", () => {
  const inVpc = (publicAccess: unknown, allowList: unknown) =>
    compliant({ allowList, privateNetwork: { vpcId: 10, subnetId: 20, publicAccess } });

  test.each(FLAVOUR_NAMES)(
    "public access with an open list is one mandatory violation, naming the entry (%s)",
    async (flavour) => {
      const props = inVpc(true, ["10.0.0.0/16", "0.0.0.0/0"]);
      const found = await violations(databaseVpcPublicAccessNotOpen, props, { flavour, name: "reports" });
      expect(found).toEqual([
        expect.stringContaining(
          'MysqlDatabase "reports": privateNetwork.publicAccess is true and allowList entry "0.0.0.0/0" admits every address',
        ),
      ]);
      expect(databaseVpcPublicAccessNotOpen.enforcementLevel).toBe("mandatory");
      // The same database is not reported twice: the outside-a-VPC policy leaves it to this one.
      expect(await violations(databaseAllowListNotOpen, props, { flavour })).toEqual([]);
    },
  );

  test("ranges that together cover every address are named together", async () => {
    const found = await violations(databaseVpcPublicAccessNotOpen, inVpc(true, ["0.0.0.0/1", "128.0.0.0/1"]));
    expect(found).toEqual([expect.stringContaining('allowList entries "0.0.0.0/1", "128.0.0.0/1" together admit')]);
  });

  test("without public access (false or left out) an open list admits the VPC only: no violation of either", async () => {
    for (const props of [
      inVpc(false, ["0.0.0.0/0"]),
      compliant({ allowList: ["0.0.0.0/0"], privateNetwork: { vpcId: 10, subnetId: 20 } }),
    ])
      for (const policy of [databaseVpcPublicAccessNotOpen, databaseAllowListNotOpen])
        expect(await violations(policy, props)).toEqual([]);
  });

  test("public access with a closed list passes; outside a VPC this policy judges nothing", async () => {
    expect(await violations(databaseVpcPublicAccessNotOpen, inVpc(true, ["203.0.113.7/32"]))).toEqual([]);
    expect(await violations(databaseVpcPublicAccessNotOpen, compliant({ allowList: ["0.0.0.0/0"] }))).toEqual([]);
  });

  test("a network or public access not known yet is no violation of either policy", async () => {
    for (const props of [
      inVpc(UNKNOWN, ["0.0.0.0/0"]),
      compliant({ allowList: ["0.0.0.0/0"], privateNetwork: UNKNOWN }),
    ])
      for (const policy of [databaseVpcPublicAccessNotOpen, databaseAllowListNotOpen])
        expect(await violations(policy, props)).toEqual([]);
  });
});

describe("the advisory policies", () => {
  test("an input left out is judged as its default: unencrypted and single-node, SSL required", async () => {
    const props = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    expect(await violations(databaseEncrypted, props)).toEqual([expect.stringContaining("(encrypted: false)")]);
    expect(await violations(databaseMultiNode, props)).toEqual([expect.stringContaining("(clusterSize: 1)")]);
    expect(await violations(databaseSslRequired, props)).toEqual([]);
  });

  test("a database on today's platform left unencrypted in the program is encrypted: no advisory", async () => {
    const props = {
      label: "orders-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8",
      platform: "rdbms-default",
    };
    expect(await violations(databaseEncrypted, props)).toEqual([]);
  });

  test("values not known yet are no violations", async () => {
    const props = compliant({ encrypted: UNKNOWN, sslConnection: UNKNOWN, clusterSize: UNKNOWN });
    for (const policy of [databaseEncrypted, databaseSslRequired, databaseMultiNode, databaseMultiNodeStacks])
      expect(await violations(policy, props, { config: { stacks: ["dev"] } })).toEqual([]);
  });

  test("database-protected names the inputs whose change replaces the database, by engine", async () => {
    const [mysql] = await violations(databaseProtected, compliant());
    expect(mysql).toContain(
      "region, engineId, clusterSize, encrypted, sslConnection, replicationType, fork replaces it",
    );
    const [postgres] = await violations(databaseProtected, compliant(), { type: "PostgresqlDatabase" });
    expect(postgres).toContain("replicationType, replicationCommitType, fork replaces it");
    expect(mysql).toMatch(/same label deletes the database/);
  });
});

describe("database-multi-node-stacks", () => {
  const single = compliant({ clusterSize: 1, replicationType: "none" });

  test("by default it names no stack, so nothing fails", async () => {
    expect(await violations(databaseMultiNodeStacks, single, { stack: "prod" })).toEqual([]);
    expect(databaseMultiNodeStacks.enforcementLevel).toBe("mandatory");
  });

  test("on a stack its configuration names, a single node is a violation naming the stack; elsewhere not", async () => {
    const config = { stacks: ["prod", "staging"] };
    expect(await violations(databaseMultiNodeStacks, single, { stack: "prod", config })).toEqual([
      expect.stringMatching(/has a single node .* Stack "prod" requires three nodes\.$/),
    ]);
    expect(await violations(databaseMultiNodeStacks, single, { stack: "dev", config })).toEqual([]);
    expect(await violations(databaseMultiNodeStacks, compliant(), { stack: "prod", config })).toEqual([]);
  });

  test("the stack is read from the URN, also for a database inside a component", async () => {
    const found = await violations(databaseMultiNodeStacks, single, {
      flavour: "dynamicGeneric",
      stack: "prod",
      parentType: "shop:index:Backend",
      config: { stacks: ["prod"] },
    });
    expect(found).toHaveLength(1);
  });
});

describe("what the policies leave alone", () => {
  test("resources that are not databases of this package, whatever their inputs", async () => {
    const open = compliant({ allowList: ["0.0.0.0/0"], encrypted: false, clusterSize: 1 });
    for (const policy of policies) {
      expect(await violations(policy, open, { type: "Vpc" })).toEqual([]);
      expect(await violations(policy, open, { type: "DatabaseSnapshot", flavour: "dynamic" })).toEqual([]);
    }
    const other = argsFor(open);
    other.type = "aws:rds/instance:Instance";
    other.urn = "urn:pulumi:dev::shop::aws:rds/instance:Instance::orders";
    for (const policy of policies) {
      const found: string[] = [];
      for (const validate of [policy.validateResource ?? []].flat()) await validate(other, (m) => found.push(m));
      expect(found).toEqual([]);
    }
  });
});

describe("the library", () => {
  test("policies: the seven, with their default levels", () => {
    expect(policies.map((p) => [p.name, p.enforcementLevel])).toEqual([
      ["database-allow-list-not-open", "mandatory"],
      ["database-vpc-public-access-not-open", "mandatory"],
      ["database-encrypted", "advisory"],
      ["database-ssl-required", "advisory"],
      ["database-multi-node", "advisory"],
      ["database-multi-node-stacks", "mandatory"],
      ["database-protected", "advisory"],
    ]);
  });

  test("policiesWith sets the levels named and keeps the others; the shared list is untouched", () => {
    const chosen = policiesWith({ "database-encrypted": "mandatory", "database-protected": "disabled" });
    expect(chosen.find((p) => p.name === "database-encrypted")!.enforcementLevel).toBe("mandatory");
    expect(chosen.find((p) => p.name === "database-protected")!.enforcementLevel).toBe("disabled");
    expect(chosen.find((p) => p.name === "database-allow-list-not-open")!.enforcementLevel).toBe("mandatory");
    expect(databaseEncrypted.enforcementLevel).toBe("advisory");
    expect(() => policiesWith({ "database-encryption": "mandatory" } as never)).toThrow(
      /no policy named "database-encryption"/,
    );
  });
});
