/**
 * The emulator as a CI service container: reached by a host name over plain http. The name used
 * here is added to /etc/hosts for 127.0.0.1, so it is not `localhost` to the provider but every
 * packet stays on this machine. Without the opt-in the run is refused before any request, with a
 * message that names the opt-in; with `cloudplatform:allowInsecureHttp` the same program deploys.
 */
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { addLoopbackName, type LoopbackName } from "../support/hosts";
import { createTestStack, type TestStack } from "../support/pulumi";
import { Vpc } from "../../src/resources/vpc/class";
import { failureText, FAST_POLLING, list } from "./helpers";

let emulator: TestEmulator;
let host: LoopbackName | undefined;
let testStack: TestStack | undefined;

beforeAll(async () => {
  emulator = await startTestEmulator();
  host = addLoopbackName(`cloudplatform-emulator-${process.pid}`);
});

afterAll(async () => {
  try {
    await testStack?.dispose();
  } finally {
    host?.remove();
    await emulator.close();
  }
}, 120_000);

test("plain http to a named emulator is refused with the opt-in named, then deploys once opted in", async () => {
  const port = new URL(emulator.url).port;
  testStack = await createTestStack(
    async () => {
      const vpc = new Vpc("net", { label: "ci-net", region: "us-east" });
      return { vpcId: vpc.id };
    },
    { apiUrl: `http://${host!.name}:${port}`, token: emulator.token, env: FAST_POLLING },
  );
  const { stack } = testStack;

  const refused = await failureText(stack.up({ color: "never" }));
  expect(refused).toContain(`Refusing plain http to ${host!.name}`);
  expect(refused).toContain("pulumi config set cloudplatform:allowInsecureHttp true");
  expect(refused).toContain("CLOUDPLATFORM_ALLOW_INSECURE_HTTP=true");
  expect(refused).not.toContain(emulator.token);
  expect(await emulator.control.requests()).toEqual([]);

  await stack.setConfig("cloudplatform:allowInsecureHttp", { value: "true" });
  const up = await stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  const vpcs = await list<{ id: number; label: string }>(emulator, "/vpcs");
  expect(vpcs.map((v) => v.label)).toEqual(["ci-net"]);
  expect(up.outputs.vpcId.value).toBe(String(vpcs[0].id));
  expect((await stack.preview({ color: "never" })).changeSummary).toEqual({ same: 2 });

  await stack.destroy({ color: "never" });
  expect(await list(emulator, "/vpcs")).toEqual([]);
});
