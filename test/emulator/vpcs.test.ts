/**
 * VPC and subnet rules: labels, fields, ranges, uniqueness, events, grants, pagination and unknown
 * routes. Compute interfaces in subnets: vpc-computes.test.ts.
 */
import { withEmulator } from "../support/emulator.js";
import { apiCaller, errorsOf, fieldsOf } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);
const createVpc = (body: Record<string, unknown>, token?: string) =>
  call("POST", "/vpcs", { body: { region: "us-east", ...body }, token });

describe("VPC labels", () => {
  test.each([
    ["empty", ""],
    ["65 characters", "a".repeat(65)],
    ["an underscore", "my_vpc"],
    ["a space", "my vpc"],
    ["two hyphens in a row", "my--vpc"],
    ["non-ASCII", "vpc-ü"],
  ])("refuses a label with %s", async (_what, label) => {
    const answer = await createVpc({ label });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(["label"]);
  });

  test("accepts 64 characters of letters, digits and single hyphens", async () => {
    const label = `a-1-${"b".repeat(60)}`;
    expect((await createVpc({ label })).body.label).toBe(label);
  });

  test("are unique in the account, on create and update", async () => {
    await createVpc({ label: "taken" });
    const other = await createVpc({ label: "other" });
    const dup = await createVpc({ label: "taken" });
    expect(errorsOf(dup)).toEqual([{ field: "label", reason: "Label must be unique among your VPCs" }]);
    expect((await call("PUT", `/vpcs/${other.body.id}`, { body: { label: "taken" } })).status).toBe(400);
    expect((await call("PUT", `/vpcs/${other.body.id}`, { body: { label: "other" } })).status).toBe(200);
  });

  test("subnet labels are unique within their VPC only", async () => {
    const a = await createVpc({ label: "a", subnets: [{ label: "web", ipv4: "10.0.0.0/24" }] });
    const b = await createVpc({ label: "b", subnets: [{ label: "web", ipv4: "10.0.0.0/24" }] });
    expect(b.status).toBe(200);
    const dup = await call("POST", `/vpcs/${a.body.id}/subnets`, { body: { label: "web", ipv4: "10.0.1.0/24" } });
    expect(errorsOf(dup)).toEqual([{ field: "label", reason: "Label must be unique among the subnets in this VPC" }]);
    const inBody = await createVpc({
      label: "c",
      subnets: [
        { label: "x", ipv4: "10.0.0.0/24" },
        { label: "x", ipv4: "10.0.1.0/24" },
      ],
    });
    expect(fieldsOf(inBody)).toEqual(["subnets[1].label"]);
    const second = await call("POST", `/vpcs/${a.body.id}/subnets`, { body: { label: "db", ipv4: "10.0.1.0/24" } });
    const rename = await call("PUT", `/vpcs/${a.body.id}/subnets/${second.body.id}`, { body: { label: "web" } });
    expect(fieldsOf(rename)).toEqual(["label"]);
  });
});

describe("VPC fields", () => {
  test("description defaults to empty and is at most 255 characters", async () => {
    expect((await createVpc({ label: "d" })).body.description).toBe("");
    const long = await createVpc({ label: "e", description: "x".repeat(256) });
    expect(fieldsOf(long)).toEqual(["description"]);
  });

  test("label and region are required, with every missing field named at once", async () => {
    const answer = await call("POST", "/vpcs", { body: {} });
    expect(answer.status).toBe(400);
    expect(new Set(fieldsOf(answer))).toEqual(new Set(["label", "region"]));
  });

  test("wrong JSON types name the nested field", async () => {
    const answer = await createVpc({ label: "t", subnets: [{ label: "ok", ipv4: 10 }] });
    expect(errorsOf(answer)).toEqual([{ field: "subnets[0].ipv4", reason: expect.any(String) }]);
  });

  test("the region must exist and offer VPCs", async () => {
    expect(fieldsOf(await createVpc({ label: "r", region: "mars" }))).toEqual(["region"]);
    await em().control.seed({
      regions: [
        {
          id: "no-vpc",
          label: "X",
          country: "xx",
          capabilities: ["Managed Databases"],
          resolvers: { ipv4: "", ipv6: "" },
          status: "ok",
        },
      ],
    });
    expect(fieldsOf(await createVpc({ label: "r", region: "no-vpc" }))).toEqual(["region"]);
  });

  test("update changes label and description only, and sets updated", async () => {
    const vpc = await createVpc({ label: "u", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] });
    expect(vpc.body.updated).toBeNull();
    // `region` is not a field of the update: refused by name, and nothing changes.
    const moved = await call("PUT", `/vpcs/${vpc.body.id}`, { body: { description: "new", region: "us-west" } });
    expect(moved.status).toBe(400);
    expect(fieldsOf(moved)).toEqual(["region"]);
    const updated = await call("PUT", `/vpcs/${vpc.body.id}`, { body: { description: "new" } });
    expect(updated.body).toMatchObject({
      label: "u",
      description: "new",
      region: "us-east",
      updated: expect.any(String),
    });
    expect(updated.body.subnets).toEqual(vpc.body.subnets);
  });

  test("timestamps carry no zone designator", async () => {
    expect((await createVpc({ label: "time" })).body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });
});

describe("subnet ranges", () => {
  test.each([
    ["not CIDR", "10.0.0.0"],
    ["host bits set", "10.0.0.1/24"],
    ["leading zeros", "10.0.0.00/24"],
    ["a public range", "8.8.8.0/24"],
    ["a range wider than RFC 1918 allows", "10.0.0.0/7"],
    ["prefix 30", "10.0.0.0/30"],
    ["prefix 0", "0.0.0.0/0"],
    ["the reserved 192.168.128.0/17", "192.168.200.0/24"],
    ["a range covering the reserved one", "192.168.0.0/16"],
  ])("refuses %s", async (_what, ipv4) => {
    const answer = await createVpc({ label: "v", subnets: [{ label: "s", ipv4 }] });
    expect(fieldsOf(answer)).toEqual(["subnets[0].ipv4"]);
  });

  test.each(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/17", "10.255.255.248/29", "172.31.0.0/16"])(
    "accepts %s",
    async (ipv4) => {
      expect((await createVpc({ label: "v", subnets: [{ label: "s", ipv4 }] })).status).toBe(200);
    },
  );

  test("may not overlap within a VPC, but may across VPCs", async () => {
    const a = await createVpc({ label: "a", subnets: [{ label: "s1", ipv4: "10.0.0.0/16" }] });
    const clash = await call("POST", `/vpcs/${a.body.id}/subnets`, { body: { label: "s2", ipv4: "10.0.5.0/24" } });
    expect(errorsOf(clash)).toEqual([{ field: "ipv4", reason: expect.stringContaining("10.0.0.0/16") }]);
    expect((await createVpc({ label: "b", subnets: [{ label: "s1", ipv4: "10.0.5.0/24" }] })).status).toBe(200);
    const inBody = await createVpc({
      label: "c",
      subnets: [
        { label: "x", ipv4: "10.0.0.0/24" },
        { label: "y", ipv4: "10.0.0.0/23" },
      ],
    });
    expect(fieldsOf(inBody)).toEqual(["subnets[1].ipv4"]);
  });

  test("a refused VPC create creates nothing", async () => {
    await createVpc({
      label: "half",
      subnets: [
        { label: "ok", ipv4: "10.0.0.0/24" },
        { label: "bad", ipv4: "1.1.1.0/24" },
      ],
    });
    expect((await call("GET", "/vpcs")).body.results).toBe(0);
    expect((await call("GET", "/account/events")).body.results).toBe(0);
  });
});

describe("events", () => {
  test("each change is recorded with its entity, newest first, paginated", async () => {
    const vpc = await createVpc({ label: "ev", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] });
    await call("PUT", `/vpcs/${vpc.body.id}`, { body: { label: "ev2" } });
    await call("PUT", `/vpcs/${vpc.body.id}/subnets/${vpc.body.subnets[0].id}`, { body: { label: "s2" } });
    const events = await call("GET", "/account/events");
    expect(events.body.data.map((e: { action: string }) => e.action)).toEqual([
      "subnet_update",
      "vpc_update",
      "subnet_create",
      "vpc_create",
    ]);
    expect(events.body.data[0]).toEqual({
      id: expect.any(Number),
      action: "subnet_update",
      entity: { id: vpc.body.subnets[0].id, type: "subnet", label: "s2" },
      created: expect.any(String),
    });
  });
});

describe("grants of restricted users", () => {
  const restricted = (token: string, grants: Record<string, unknown>) =>
    em().control.seed({ tokens: [{ token, restricted: true, scopes: "*", grants }] });

  test("VPC create needs add_vpc, and the creator gets read_write", async () => {
    await restricted("no-add", {});
    expect((await createVpc({ label: "x" }, "no-add")).status).toBe(403);
    await restricted("adder", { global: { add_vpc: true } });
    const mine = await createVpc({ label: "mine" }, "adder");
    expect(mine.status).toBe(200);
    expect((await call("PUT", `/vpcs/${mine.body.id}`, { token: "adder", body: { label: "mine2" } })).status).toBe(200);
  });

  test("read_only sees but cannot change; no grant sees nothing", async () => {
    const a = await createVpc({ label: "a" });
    const b = await createVpc({ label: "b" });
    await restricted("reader", { vpc: { [a.body.id]: "read_only" } });
    const list = await call("GET", "/vpcs", { token: "reader" });
    expect(list.body.data.map((v: { id: number }) => v.id)).toEqual([a.body.id]);
    expect((await call("GET", `/vpcs/${b.body.id}`, { token: "reader" })).status).toBe(404);
    for (const [method, path, body] of [
      ["PUT", `/vpcs/${a.body.id}`, { label: "z" }],
      ["POST", `/vpcs/${a.body.id}/subnets`, { label: "s", ipv4: "10.0.0.0/24" }],
      ["DELETE", `/vpcs/${a.body.id}`, undefined],
    ] as const) {
      expect((await call(method, path, { token: "reader", body })).status).toBe(403);
    }
  });
});

describe("pagination", () => {
  test("page_size defaults to 100, is bounded 25..500, and pages split the list", async () => {
    for (let i = 0; i < 30; i++) await createVpc({ label: `p${i}` });
    const page2 = await call("GET", "/vpcs?page=2&page_size=25");
    expect({ ...page2.body, data: page2.body.data.length }).toEqual({ data: 5, page: 2, pages: 2, results: 30 });
    expect(page2.body.data[0].label).toBe("p25");
    expect((await call("GET", "/vpcs")).body.pages).toBe(1);
    for (const q of ["page_size=24", "page_size=501", "page_size=abc"])
      expect(fieldsOf(await call("GET", `/vpcs?${q}`))).toEqual(["page_size"]);
    expect(fieldsOf(await call("GET", "/vpcs?page=0"))).toEqual(["page"]);
  });

  test("an empty list is one empty page", async () => {
    expect((await call("GET", "/vpcs")).body).toEqual({ data: [], page: 1, pages: 1, results: 0 });
  });
});

describe("unknown routes and ids", () => {
  test.each(["/nope", "/vpcs/abc", "/vpcs/999999", "/vpcs/999999/subnets/1"])(
    "GET %s is 404 in the API error shape",
    async (path) => {
      const answer = await call("GET", path);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { errors: [{ reason: "Not found" }] },
      });
    },
  );

  test("malformed JSON is 400 in the API error shape", async () => {
    const res = await fetch(`${em().apiUrl}/vpcs`, {
      method: "POST",
      headers: { authorization: "Bearer emulator-token", "content-type": "application/json" },
      body: "{",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ reason: expect.any(String) }] });
  });
});
