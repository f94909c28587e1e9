/**
 * The region and engine catalogue behind `check` is read once per provider process, even though the
 * engine configures every resource type's provider separately and checks every resource.
 */
import { configure } from "../../src/shared/runtime/context.js";
import { provider as mysql } from "../../src/resources/mysql-database.js";
import { provider as vpc } from "../../src/resources/vpc/provider.js";
import { configBag, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();

test("configuring every provider with the same stack config fetches regions and engines once", async () => {
  const e = emulator();
  const config = configBag({ "cloudplatform:token": e.token, "cloudplatform:apiUrl": e.url });
  await e.control.clearRequests();
  for (let round = 0; round < 2; round++) {
    await vpc.configure!({ config });
    await mysql.configure!({ config });
    expect((await vpc.check!({}, { label: `net-${round}`, region: "us-east" })).failures).toBeUndefined();
    const db = { label: `db-${round}`, region: "us-east", type: "g6-nanode-1", engineId: "mysql/8.0.30" };
    expect((await mysql.check!({}, db)).failures).toBeUndefined();
  }
  const reads = (await e.control.requests()).map((r) => `${r.method} ${r.path}`);
  expect(reads.filter((r) => r === "GET /v4/regions")).toHaveLength(1);
  expect(reads.filter((r) => r === "GET /v4/databases/engines")).toHaveLength(1);
});

test("a configuration naming another API drops the catalogue", async () => {
  const e = emulator();
  await e.control.clearRequests();
  await vpc.check!({}, { label: "first", region: "us-east" });
  await configure({ config: configBag({ "cloudplatform:token": e.token, "cloudplatform:apiUrl": `${e.url}/` }) });
  await configure({ config: configBag({ "cloudplatform:token": e.token, "cloudplatform:apiUrl": e.url }) });
  await vpc.check!({}, { label: "second", region: "us-east" });
  const reads = (await e.control.requests()).filter((r) => r.path === "/v4/regions");
  expect(reads).toHaveLength(2);
});

test("a type the API lists as unavailable in the region fails check, naming the regions that offer it", async () => {
  const db = { label: "gpu-db", region: "us-east", type: "g1-gpu-rtx6000-1", engineId: "mysql/8.0.30" };
  expect((await mysql.check!({}, db)).failures).toEqual([
    {
      property: "type",
      reason: expect.stringMatching(
        /type "g1-gpu-rtx6000-1" is not available in region "us-east"; regions that offer it: us-west/,
      ),
    },
  ]);
  // An existing database keeps working there while neither region nor type changes.
  expect((await mysql.check!(db, db)).failures).toBeUndefined();
  // A type the availability list does not cover is left to the create.
  expect((await mysql.check!({}, { ...db, type: "g6-nanode-1" })).failures).toBeUndefined();
});
