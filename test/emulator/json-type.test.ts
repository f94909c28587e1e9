/**
 * Every JSON answer carries `Content-Type: application/json`, exactly, as the API sends it
 * (api-behaviour.md, "HTTP"): linodego decodes an error body only under that exact type.
 */
import { withEmulator } from "../support/emulator.js";
import { apiCaller } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);
const typeOf = (a: { headers: Headers }) => a.headers.get("content-type");

test("successes: a list, a create, a read and a delete's {}", async () => {
  const created = await call("POST", "/vpcs", { body: { label: "typed", region: "us-east" } });
  expect(created.status).toBe(200);
  expect(typeOf(created)).toBe("application/json");
  expect(typeOf(await call("GET", "/vpcs"))).toBe("application/json");
  expect(typeOf(await call("GET", `/vpcs/${created.body.id}`))).toBe("application/json");
  const deleted = await call("DELETE", `/vpcs/${created.body.id}`);
  expect([deleted.status, deleted.body, typeOf(deleted)]).toEqual([200, {}, "application/json"]);
});

test("errors: a 400 naming its field, a 401, a 404 of the API and of an unknown path", async () => {
  const refused = await call("POST", "/vpcs", { body: { label: "x--y", region: "us-east" } });
  expect(refused.status).toBe(400);
  expect(refused.body.errors[0].field).toBe("label");
  expect(typeOf(refused)).toBe("application/json");
  const unauthorised = await call("GET", "/vpcs", { token: "wrong" });
  expect([unauthorised.status, typeOf(unauthorised)]).toEqual([401, "application/json"]);
  const missing = await call("GET", "/vpcs/999999");
  expect([missing.status, missing.body, typeOf(missing)]).toEqual([
    404,
    { errors: [{ reason: "Not found" }] },
    "application/json",
  ]);
  const nowhere = await call("GET", "/no-such-path");
  expect([nowhere.status, typeOf(nowhere)]).toEqual([404, "application/json"]);
});

test("a fault's JSON error too; the proxy's HTML page stays HTML", async () => {
  await em().control.addFault({ method: "GET", path: "/v4/regions", status: 500, times: 1 });
  const failed = await call("GET", "/regions");
  expect([failed.status, typeOf(failed)]).toEqual([500, "application/json"]);
  await em().control.addFault({ method: "GET", path: "/v4/regions", status: 502, times: 1 });
  expect(typeOf(await call("GET", "/regions"))).toContain("text/html");
});
