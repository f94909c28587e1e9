/**
 * Today's VPCs as the real API answered them (test/fixtures/recorded-answers/todays-vpcs.json,
 * linodego's cassettes): each recorded exchange, served by a fake API, goes through the client's
 * operation for its path: the request the client sends is the recorded one (body and `X-Filter`),
 * the answer reads with every key and value the API sent, and a refusal reads as an `ApiError`
 * naming the recorded fields. A PUT sends only the keys given, so it never echoes `ipv4`.
 */
import { ApiError, CloudClient } from "../../src/client/index.js";
import { startFakeServer, type FakeServer } from "./fake-server.js";
import { RECORDED_VPCS, pathOf, type RecordedVpc } from "../support/todays-vpcs.js";

/** The client operation that sends a recorded request. */
function operationOf(client: CloudClient, r: RecordedVpc): () => Promise<unknown> {
  const method = r.request.split(" ")[0]!;
  const path = pathOf(r);
  const options = r.filter ? { filter: r.filter } : undefined;
  const ids = (path.match(/\d+/g) ?? []).map(Number);
  if (path === "/vpcs" && method === "POST") return () => client.vpcs.create(r.sent as never);
  if (path === "/vpcs") return () => client.vpcs.list(options);
  if (path === "/vpcs/default-ranges") return () => client.vpcAvailability.defaultRanges();
  if (path === "/vpcs/ipv6s") return () => client.vpcs.listIpv6s(options);
  if (path === "/regions/vpc-availability") return () => client.vpcAvailability.list(options);
  if (path.startsWith("/regions/")) return () => client.vpcAvailability.get(path.split("/")[2]!);
  if (path.endsWith("/ipv6s")) return () => client.vpcs.listVpcIpv6s(ids[0]!, options);
  if (/\/subnets\/\d+$/.test(path)) return () => client.subnets.get(ids[0]!, ids[1]!);
  if (path.endsWith("/subnets")) return () => client.subnets.list(ids[0]!);
  if (method === "PUT") return () => client.vpcs.update(ids[0]!, r.sent as never);
  return () => client.vpcs.get(ids[0]!);
}

let server: FakeServer;
let served: RecordedVpc;
beforeAll(async () => {
  server = await startFakeServer(() => ({ status: served.status, body: served.answer }));
});
afterAll(() => server.close());

const client = () => new CloudClient({ apiUrl: server.url, token: "t", retry: { retries: 0 } });

describe.each(Object.entries(RECORDED_VPCS))("%s", (_name, r) => {
  test("sends the recorded request and reads the recorded answer without loss", async () => {
    served = r;
    server.requests.length = 0;
    const call = operationOf(client(), r);
    const sent = server.requests;
    if (r.status >= 400) {
      const err = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      const recorded = (r.answer as { errors: { field?: string; reason: string }[] }).errors;
      expect((err as ApiError).errors).toEqual(recorded);
    } else {
      const got = await call();
      const answer = r.answer as { data?: unknown[] };
      // Every key and value the API sent; keys it did not send read as the model says (null, or a list).
      expect(got).toMatchObject((r.request.includes("?page=") ? answer.data : answer) as object);
    }
    expect(sent[0]!.method).toBe(r.request.split(" ")[0]);
    expect(sent[0]!.url.split("?")[0]).toBe(`/v4${pathOf(r)}`);
    if (r.sent) expect(JSON.parse(sent[0]!.body)).toEqual(r.sent);
    if (r.filter) expect(JSON.parse(String(sent[0]!.headers["x-filter"]))).toEqual(r.filter);
  });
});

test("a PUT sends only the keys given: never an `ipv4` the caller did not set, never an undefined one", async () => {
  served = RECORDED_VPCS["ipv4-put"]!;
  server.requests.length = 0;
  await client().vpcs.update(1, { label: "renamed", description: undefined, ipv4: undefined });
  expect(JSON.parse(server.requests[0]!.body)).toEqual({ label: "renamed" });
});

test("an answer without today's keys (an account without IPv6 access) reads them as null", async () => {
  served = RECORDED_VPCS["no-ipv6-access-create"]!;
  const vpc = await client().vpcs.get(345273);
  expect([vpc.ipv4, vpc.ipv6, vpc.vpc_type]).toEqual([null, null, null]);
  expect([vpc.subnets[0]!.ipv6, vpc.subnets[0]!.vpc_type]).toEqual([null, null]);
  expect(vpc.subnets[0]!.nodebalancers).toEqual([]);
});
