/**
 * A VPC create's inline subnets are their own declared subset of the subnet (`INLINE_SUBNET`):
 * exactly the keys the contract and the published description give them, whatever a subnet create
 * takes, so a field added to `VpcSubnet`'s create is not taken inside `POST /vpcs` too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as API from "../../src/api/index.js";
import { createNames, INLINE_SUBNET, SUBNET, VPC, type ApiField } from "../../src/api/index.js";
import { bodySchema } from "../../src/emulator/schemas.js";
import * as OpenApi from "../support/openapi.js";
import { requestSchema } from "../support/openapi.js";

type Props = { properties: Record<string, { items?: { properties: Record<string, unknown> } }> };
const inlineKeys = () => Object.keys((bodySchema(VPC, "create") as Props).properties.subnets!.items!.properties);

test("the inline subnet takes the keys the contract's VPC row and the published POST /vpcs give it", () => {
  const contract = readFileSync(join(__dirname, "..", "..", "spec", "cloud-api-v4.md"), "utf8");
  const row = /^\| subnets \|.*request items carry (.*?)\)/m.exec(contract);
  expect(row).not.toBeNull();
  const named = [...row![1]!.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]);
  const published = (requestSchema("POST", "/vpcs") as Props).properties.subnets!.items!.properties;
  // Fields today's API adds (`published: false`, such as `ipv6`) are in neither.
  const fields: Record<string, ApiField> = INLINE_SUBNET.fields;
  const contractNames = createNames(INLINE_SUBNET).filter((n) => fields[n]!.published !== false);
  expect(contractNames.sort()).toEqual([...named].sort());
  expect(contractNames.sort()).toEqual(
    Object.keys(published)
      .filter((n) => fields[n]?.published !== false)
      .sort(),
  );
  expect(inlineKeys()).toEqual(createNames(INLINE_SUBNET));
});

test("a field a subnet create takes later reaches POST /vpcs/{id}/subnets, not POST /vpcs' subnets", () => {
  // As on the throwaway branch that added `purpose`, a create-only string, to VpcSubnet.
  const fields = SUBNET.fields as unknown as Record<string, ApiField>;
  fields.purpose = { type: "string", create: "optional", source: "test" };
  try {
    expect(Object.keys(bodySchema(SUBNET, "create").properties as object)).toContain("purpose");
    expect(inlineKeys()).not.toContain("purpose");
  } finally {
    delete fields.purpose;
  }
});

test("a subnet field the contract adds is in the published subnet create, not in POST /vpcs' subnets", () => {
  // The published description's VPC create shares the VPCSubnet component with the subnet create:
  // a field the model adds to the component is taken only where the model's body takes it.
  let schemas: { subnet: Props; vpc: Props; problems: string[] } | undefined;
  /* eslint-disable @typescript-eslint/no-require-imports */
  jest.isolateModules(() => {
    const api = require("../../src/api/index.js") as typeof API;
    (api.SUBNET.fields as unknown as Record<string, ApiField>).purpose = {
      type: "string",
      create: "optional",
      published: false,
      source: "test",
    };
    const openapi = require("../support/openapi.js") as typeof OpenApi;
    const inline = { label: "web", ipv4: "10.0.0.0/24", purpose: "x" };
    schemas = {
      subnet: openapi.requestSchema("POST", "/vpcs/{vpcId}/subnets") as Props,
      vpc: openapi.requestSchema("POST", "/vpcs") as Props,
      problems: openapi.requestProblems("POST", "/vpcs", { label: "net", region: "us-east", subnets: [inline] }),
    };
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
  expect(Object.keys(schemas!.subnet.properties)).toContain("purpose");
  expect(Object.keys(schemas!.vpc.properties.subnets!.items!.properties).sort()).toEqual(
    createNames(INLINE_SUBNET).sort(),
  );
  expect(schemas!.problems.join("\n")).toMatch(/purpose/);
});
