/** 100 clients at once create and delete VPCs and subnets; the final state must be consistent. */
import { withEmulator } from "../support/emulator.js";
import { apiCaller } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);

test("100 concurrent clients leave a consistent account", async () => {
  const clients = Array.from({ length: 100 }, (_, i) => async () => {
    // Half the clients fight over the same label: exactly one of each pair may win.
    const label = `vpc-${i % 50}`;
    const vpc = await call("POST", "/vpcs", {
      body: { label, region: "us-east", subnets: [{ label: "first", ipv4: `10.${i}.0.0/24` }] },
    });
    if (vpc.status !== 200) return { created: false, kept: false };
    // Two subnets racing for overlapping ranges: exactly one may win.
    const racing = await Promise.all([
      call("POST", `/vpcs/${vpc.body.id}/subnets`, { body: { label: "a", ipv4: "10.200.0.0/16" } }),
      call("POST", `/vpcs/${vpc.body.id}/subnets`, { body: { label: "b", ipv4: "10.200.1.0/24" } }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400]);
    const keep = i % 3 === 0;
    if (!keep) expect((await call("DELETE", `/vpcs/${vpc.body.id}`)).status).toBe(200);
    return { created: true, kept: keep };
  });
  const outcomes = await Promise.all(clients.map((c) => c()));
  // Each label is created at least once; a pair may both win when the first deletes before the second creates.
  expect(outcomes.filter((o) => o.created).length).toBeGreaterThanOrEqual(50);

  const vpcs = (await call("GET", "/vpcs?page_size=500")).body;
  expect(vpcs.results).toBe(outcomes.filter((o) => o.kept).length);
  const labels = vpcs.data.map((v: { label: string }) => v.label);
  expect(new Set(labels).size).toBe(labels.length);
  for (const vpc of vpcs.data) {
    expect(vpc.subnets).toHaveLength(2);
    const subnets = (await call("GET", `/vpcs/${vpc.id}/subnets`)).body;
    expect(subnets.data).toEqual(vpc.subnets);
  }
  const events = (await call("GET", "/account/events?page_size=500")).body.data as { action: string }[];
  const count = (action: string) => events.filter((e) => e.action === action).length;
  expect(count("vpc_create") - count("vpc_delete")).toBe(vpcs.results);
  expect(count("subnet_create") - count("subnet_delete")).toBe(vpcs.results * 2);
});
