/**
 * The plugin's configuration and look-up paths as the engine drives them for an explicit provider:
 * each provider is its own plugin process, configured with that provider's inputs; its look-ups
 * (Invoke) and its resources then reach the account those inputs name, never the environment's
 * or another provider's. getDatabase's credentials and certificate go back as secrets.
 */
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { lookUpSecrets } from "../../src/plugin/registry";
import { providerService } from "../../src/plugin/server";
import { resetCaches } from "../../src/shared/runtime/context";
import { startTestEmulator, INSTANT_TIMINGS, type TestEmulator } from "../support/emulator";

let a: TestEmulator;
let b: TestEmulator;
const saved = { url: process.env.CLOUDPLATFORM_API_URL, token: process.env.CLOUDPLATFORM_TOKEN };

beforeAll(async () => {
  [a, b] = await Promise.all([startTestEmulator(), startTestEmulator()]);
  await b.control.seed({ tokens: [{ token: "token-of-b", scopes: "*" }] });
  await b.control.setTimings(INSTANT_TIMINGS);
  // The environment names account A: an explicit provider's inputs must win over it.
  process.env.CLOUDPLATFORM_API_URL = a.url;
  process.env.CLOUDPLATFORM_TOKEN = a.token;
});
afterAll(async () => {
  for (const [k, v] of Object.entries({ CLOUDPLATFORM_API_URL: saved.url, CLOUDPLATFORM_TOKEN: saved.token }))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetCaches();
  await Promise.all([a.close(), b.close()]);
});

/** Calls one unary handler of the service as the engine's gRPC call would. */
function call<Req, Res>(handler: unknown, request: Req): Promise<Res> {
  return new Promise((resolve, reject) =>
    (handler as (c: { request: Req }, cb: (err: unknown, res?: Res) => void) => void)({ request }, (err, res) =>
      err ? reject(err as Error) : resolve(res!),
    ),
  );
}

async function post(
  emulator: TestEmulator,
  path: string,
  body: unknown,
  token = emulator.token,
): Promise<{ id: number }> {
  const res = await fetch(`${emulator.apiUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { id: number };
}

/** A plugin process configured as the engine configures an explicit provider with `inputs`. */
async function configured(inputs: Record<string, unknown>) {
  const service = providerService();
  const req = new provproto.ConfigureRequest();
  req.setArgs(structproto.Struct.fromJavaScript(inputs as Record<string, structproto.JavaScriptValue>));
  req.setAcceptsecrets(true);
  await call(service.configure, req);
  return {
    read: async (type: string, id: string) => {
      const read = new provproto.ReadRequest();
      read.setType(`cloudplatform:index:${type}`);
      read.setId(id);
      const res = await call<provproto.ReadRequest, provproto.ReadResponse>(service.read, read);
      return { id: res.getId(), props: res.getProperties()?.toJavaScript() };
    },
    invoke: async (fn: string, args: Record<string, unknown>) => {
      const invoke = new provproto.InvokeRequest();
      invoke.setTok(`cloudplatform:index:${fn}`);
      invoke.setArgs(structproto.Struct.fromJavaScript(args as Record<string, structproto.JavaScriptValue>));
      const res = await call<provproto.InvokeRequest, provproto.InvokeResponse>(service.invoke, invoke);
      return res.getReturn()!.toJavaScript() as Record<string, unknown>;
    },
  };
}

test("a provider's look-ups reach the account of its inputs, not the environment's", async () => {
  await post(a, "/vpcs", { label: "in-a", region: "us-east" });
  const onlyInA = await post(a, "/vpcs", { label: "in-a-too", region: "us-east" });
  const inB = await post(b, "/vpcs", { label: "in-b", region: "us-east" }, "token-of-b");

  const ofB = await configured({ apiUrl: b.url, token: "token-of-b", allowInsecureHttp: "false" });
  expect(await ofB.invoke("getVpcs", {})).toMatchObject({ vpcs: [{ label: "in-b" }] });
  // Its resources too (a `get` or a refresh is a Read): B's VPC is found, A's id is not B's.
  expect(await ofB.read("Vpc", String(inB.id))).toMatchObject({ id: String(inB.id), props: { label: "in-b" } });
  expect(onlyInA.id).not.toBe(inB.id);
  expect(await ofB.read("Vpc", String(onlyInA.id))).toEqual({ id: "", props: undefined });

  // A provider with no inputs (the default provider of a stack without configuration) uses the environment.
  const ofEnvironment = await configured({});
  expect(await ofEnvironment.invoke("getVpcs", {})).toMatchObject({ vpcs: [{ label: "in-a" }, { label: "in-a-too" }] });

  // A wrong token in the inputs is refused by the API it names; the environment's token is not used instead.
  const wrong = await configured({ apiUrl: b.url, token: "not-a-token" });
  await expect(wrong.invoke("getVpcs", {})).rejects.toThrow(/401|[Ii]nvalid|token/);
});

test("getDatabase through the plugin returns the credentials and certificate as secrets", async () => {
  const db = await post(
    b,
    "/databases/mysql/instances",
    { label: "orders", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30" },
    "token-of-b",
  );
  expect(lookUpSecrets("cloudplatform:index:getDatabase").sort()).toEqual([
    "caCertificate",
    "rootPassword",
    "rootUsername",
  ]);
  const ofB = await configured({ apiUrl: b.url, token: "token-of-b" });
  const result = await ofB.invoke("getDatabase", { engine: "mysql", id: db.id });
  const secret = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: expect.any(String) };
  expect(result).toMatchObject({
    instanceId: db.id,
    label: "orders",
    status: "active",
    port: 3306,
    rootUsername: secret,
    rootPassword: secret,
    caCertificate: secret,
  });
  expect(typeof result.label).toBe("string");
});
