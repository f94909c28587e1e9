/** The app factory works without listening (in-process inject), which is all some tests need. */
import { buildTestApp } from "../support/emulator.js";

test("buildApp answers in process, with its own state per app", async () => {
  const a = buildTestApp({ provisioningSeconds: 0 });
  const b = buildTestApp();
  try {
    const created = await a.inject({
      method: "POST",
      url: "/v4/vpcs",
      headers: { authorization: "Bearer emulator-token" },
      payload: { label: "only-in-a", region: "us-east" },
    });
    expect(created.statusCode).toBe(200);
    const inA = await a.inject({ method: "GET", url: "/v4/vpcs", headers: { authorization: "Bearer emulator-token" } });
    const inB = await b.inject({ method: "GET", url: "/v4/vpcs", headers: { authorization: "Bearer emulator-token" } });
    expect([inA.json().results, inB.json().results]).toEqual([1, 0]);
  } finally {
    await a.close();
    await b.close();
  }
});

test("a non-JSON content type is refused in the API error shape", async () => {
  const app = buildTestApp();
  try {
    const answer = await app.inject({
      method: "POST",
      url: "/v4/vpcs",
      headers: { authorization: "Bearer emulator-token", "content-type": "text/plain" },
      payload: "hi",
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json()).toEqual({ errors: [{ reason: expect.any(String) }] });
  } finally {
    await app.close();
  }
});
