/** The `X-Filter` header of the list operations (api-behaviour.md, "Filtering"). */
import { withEmulator } from "../support/emulator.js";
import { apiCaller, errorsOf, type Answer } from "./http.js";

const em = withEmulator({ provisioningSeconds: 0 });
const call = apiCaller(() => em().url);
const list = (path: string, filter?: unknown, query = ""): Promise<Answer> =>
  call("GET", `${path}${query}`, {
    headers: filter === undefined ? {} : { "x-filter": typeof filter === "string" ? filter : JSON.stringify(filter) },
  });
const labels = (a: Answer): string[] => a.body.data.map((v: { label: string }) => v.label);

/** Thirty VPCs: `vpc-0` .. `vpc-29`, alternately in us-east and us-west. */
async function thirtyVpcs(): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const made = await call("POST", "/vpcs", { body: { label: `vpc-${i}`, region: i % 2 ? "us-west" : "us-east" } });
    expect(made.status).toBe(200);
  }
}

describe("X-Filter on list operations", () => {
  test("matches a label for equality: one answer whatever the account holds", async () => {
    await thirtyVpcs();
    const found = await list("/vpcs", { label: "vpc-17" });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ page: 1, pages: 1, results: 1 });
    expect(labels(found)).toEqual(["vpc-17"]);
    expect(await list("/vpcs", { label: "nobody" })).toMatchObject({
      body: { data: [], page: 1, pages: 1, results: 0 },
    });
  });

  test("filters before paginating: results and pages count the filtered list", async () => {
    await thirtyVpcs();
    const all = await list("/vpcs", undefined, "?page_size=25");
    expect(all.body).toMatchObject({ pages: 2, results: 30 });
    const east = await list("/vpcs", { region: "us-east" }, "?page_size=25");
    expect(east.body).toMatchObject({ page: 1, pages: 1, results: 15 });
    expect(labels(east)).toHaveLength(15);
    const second = await list("/vpcs", { region: { "+neq": "nowhere" } }, "?page_size=25&page=2");
    expect(second.body).toMatchObject({ page: 2, pages: 2, results: 30 });
    expect(labels(second)).toEqual(["vpc-25", "vpc-26", "vpc-27", "vpc-28", "vpc-29"]);
  });

  test("combines keys with and, +and and +or, and compares with the operators", async () => {
    await thirtyVpcs();
    const ids = labels(await list("/vpcs")).length;
    expect(ids).toBe(30);
    const first = (await list("/vpcs", { label: "vpc-0" })).body.data[0].id as number;
    expect(labels(await list("/vpcs", { label: "vpc-3", region: "us-east" }))).toEqual([]);
    expect(labels(await list("/vpcs", { label: "vpc-3", region: "us-west" }))).toEqual(["vpc-3"]);
    expect(labels(await list("/vpcs", { "+or": [{ label: "vpc-3" }, { label: "vpc-5" }] }))).toEqual([
      "vpc-3",
      "vpc-5",
    ]);
    expect(
      labels(await list("/vpcs", { "+and": [{ id: { "+gte": first + 28 } }, { id: { "+lte": first + 29 } }] })),
    ).toEqual(["vpc-28", "vpc-29"]);
    expect(labels(await list("/vpcs", { id: { "+gt": first + 28 } }))).toEqual(["vpc-29"]);
    expect(labels(await list("/vpcs", { id: { "+lt": first + 1 } }))).toEqual(["vpc-0"]);
    expect(labels(await list("/vpcs", { label: { "+contains": "-2" } }))).toEqual([
      "vpc-2",
      ...Array.from({ length: 10 }, (_, i) => `vpc-2${i}`),
    ]);
    expect(labels(await list("/vpcs", { region: { "+neq": "us-east" }, id: { "+lt": first + 4 } }))).toEqual([
      "vpc-1",
      "vpc-3",
    ]);
  });

  test("orders with +order_by and +order", async () => {
    await thirtyVpcs();
    const newest = await list("/vpcs", { "+order_by": "id", "+order": "desc" }, "?page_size=25");
    expect(newest.body).toMatchObject({ pages: 2, results: 30 });
    expect(labels(newest).slice(0, 2)).toEqual(["vpc-29", "vpc-28"]);
    const byLabel = await list("/vpcs", { "+order_by": "label", region: "us-west" });
    expect(labels(byLabel).slice(0, 3)).toEqual(["vpc-1", "vpc-11", "vpc-13"]);
    const ascending = await list("/vpcs", { "+order_by": "id", "+order": "asc" });
    expect(labels(ascending)[0]).toBe("vpc-0");
  });

  test("a key that cannot be filtered on is a 400 naming X-Filter", async () => {
    const answer = await list("/vpcs", { description: "" });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual([{ field: "X-Filter", reason: "Cannot filter on description" }]);
    // Backup labels are not filterable in the published description; database ids are not either.
    const nested = await list("/databases/instances", { "+or": [{ id: 1 }] });
    expect(errorsOf(nested)).toEqual([{ field: "X-Filter", reason: "Cannot filter on id" }]);
    expect((await list("/vpcs", { "+order_by": "description" })).status).toBe(400);
    expect((await list("/vpcs", { "+order": "desc" })).status).toBe(400);
    expect((await list("/vpcs", { label: { "+like": "a" } })).status).toBe(400);
  });

  test.each([["[]"], ['"label"'], ["42"], ["null"], ["{not json"]])(
    "a header that is not a JSON object (%s) is a 400",
    async (header) => {
      const answer = await list("/vpcs", header);
      expect(answer.status).toBe(400);
      expect(errorsOf(answer).map((e) => e.field)).toEqual(["X-Filter"]);
    },
  );

  test("applies to the database lists, the catalogue and the subnets of a VPC", async () => {
    const vpc = await call("POST", "/vpcs", {
      body: {
        label: "net",
        region: "us-east",
        subnets: [
          { label: "a", ipv4: "10.0.0.0/24" },
          { label: "b", ipv4: "10.0.1.0/24" },
        ],
      },
    });
    expect(labels(await list(`/vpcs/${vpc.body.id}/subnets`, { label: "b" }))).toEqual(["b"]);
    for (const [engine, version] of [
      ["mysql", "mysql/8.0.30"],
      ["postgresql", "postgresql/14.6"],
    ])
      await call("POST", `/databases/${engine}/instances`, {
        body: { label: `db-${engine}`, region: "us-east", type: "g6-standard-1", engine: version, cluster_size: 1 },
      });
    expect(labels(await list("/databases/instances", { label: "db-postgresql" }))).toEqual(["db-postgresql"]);
    expect(labels(await list("/databases/mysql/instances", { label: "db-postgresql" }))).toEqual([]);
    const engines = await list("/databases/engines", { engine: "mysql" });
    expect(engines.body.data.every((e: { engine: string }) => e.engine === "mysql")).toBe(true);
    expect(engines.body.results).toBeGreaterThan(0);
  });

  test("answers vary by the token and the filter", async () => {
    expect((await list("/vpcs", { label: "a" })).headers.get("vary")).toBe("Authorization, X-Filter");
    expect((await list("/regions")).headers.get("vary")).toBe("Authorization, X-Filter");
  });
});
