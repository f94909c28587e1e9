/**
 * Input rules through the real engine: a program with a bad label, a bad range or a bad nested
 * field fails `preview` with a message naming the field and the rule (a nested one: its top-level
 * input, its full path and its value), before anything is sent to the API.
 */
import type { TestStack } from "../support/pulumi";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { Vpc } from "../../src/resources/vpc/class";
import { VpcSubnet } from "../../src/resources/vpc-subnet/class";
import { failureText, useE2e } from "./helpers";

const e2e = useE2e();
let testStack: TestStack;

/** Which mistake the program makes; each test picks one. */
let mistake: "vpc label" | "subnet range" | "database label" | "database timeout" | "inline subnet label" = "vpc label";

beforeAll(async () => {
  testStack = await e2e.stack(async () => {
    const vpc = new Vpc("net", {
      label: mistake === "vpc label" ? "app--net" : "app-net",
      region: "us-east",
      ...(mistake === "inline subnet label" ? { subnets: [{ label: "in--line", ipv4: "10.0.2.0/24" }] } : {}),
    });
    new VpcSubnet("web", {
      vpcId: vpc.vpcId,
      label: "web",
      ipv4: mistake === "subnet range" ? "10.0.1.7/24" : "10.0.1.0/24",
    });
    new MysqlDatabase("orders", {
      label: mistake === "database label" ? "orders db!" : "orders-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
      ...(mistake === "database timeout" ? { timeouts: { create: "soon" } } : {}),
    });
  });
}, 120_000);

beforeEach(async () => {
  await e2e.emulator.control.clearRequests();
});

afterEach(async () => {
  // Nothing was created or changed: the log holds only the reads of the region and engine
  // catalogue that check makes.
  const log = await e2e.emulator.control.requests();
  expect(log.map((r) => `${r.method} ${r.path}`)).toContain("GET /v4/regions");
  expect(log.filter((r) => r.method !== "GET")).toEqual([]);
});

test("a VPC label with two hyphens in a row fails preview naming the field and the rule", async () => {
  mistake = "vpc label";
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain("cloudplatform:Vpc resource 'net'");
  expect(message).toContain("label must not contain two hyphens in a row");
});

test("a subnet range with host bits set fails preview naming the field and the canonical form", async () => {
  mistake = "subnet range";
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain("cloudplatform:VpcSubnet resource 'web'");
  expect(message).toContain(
    "ipv4 must be in canonical form with the host bits zero: 10.0.1.0/24 instead of 10.0.1.7/24",
  );
});

test("a database label with a space fails preview naming the field and the allowed characters", async () => {
  mistake = "database label";
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain("cloudplatform:MysqlDatabase resource 'orders'");
  expect(message).toContain("label may only contain ASCII letters, digits, '.', '_' and '-'");
});

test("a nested field that fails names its input, the full path and the value, never <nil>", async () => {
  mistake = "database timeout";
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain("cloudplatform:MysqlDatabase resource 'orders'");
  expect(message).toContain("property timeouts value");
  expect(message).toContain('timeouts.create must be a duration such as "45m", "1h30m" or "90s", got "soon"');
  expect(message).not.toContain("<nil>");
});

test("an inline subnet's label that fails shows its path and the label", async () => {
  mistake = "inline subnet label";
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain("cloudplatform:Vpc resource 'net'");
  expect(message).toContain('subnets[0].label must not contain two hyphens in a row (got "in--line")');
  expect(message).not.toContain("<nil>");
});
