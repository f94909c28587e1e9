/** Redaction removes the token as a token and never mangles the text around it. */
import { CloudClient } from "../../src/client/index.js";
import { redactToken } from "../../src/client/redact.js";
import { startFakeServer } from "./fake-server.js";

test("a short token leaves words that contain its text alone", async () => {
  const server = await startFakeServer(() => ({ status: 404, body: { errors: [{ reason: "Not found" }] } }));
  try {
    const client = new CloudClient({ apiUrl: server.url, token: "t", retry: { retries: 0 } });
    const err = (await client.vpcs.get(1).catch((e: unknown) => e)) as Error;
    expect(err.message).toContain("Not found");
    expect(err.message).not.toContain("[REDACTED]");
  } finally {
    await server.close();
  }
});

test.each([
  ["token s3cr3t-t0ken is wrong", "token [REDACTED] is wrong"],
  ["url ?key=s3cr3t-t0ken&x=1", "url ?key=[REDACTED]&x=1"],
  ["echo Bearer s3cr3t-t0ken", "echo Bearer [REDACTED]"],
  ['{"authorization":"Bearer someone-elses"}', '{"authorization":"Bearer [REDACTED]"}'],
  ["Authorization: other-credential", "Authorization: [REDACTED]"],
  ["not-s3cr3t-t0ken-at-all stays", "not-s3cr3t-t0ken-at-all stays"],
])("%j becomes %j with a short token", (text, redacted) => {
  expect(redactToken(text, "s3cr3t-t0ken")).toBe(redacted);
});

test("a token of 16 characters or more is removed wherever it appears", () => {
  const token = "0123456789abcdef0123";
  expect(redactToken(`prefix${token}suffix and ${token}`, token)).toBe("prefix[REDACTED]suffix and [REDACTED]");
});
