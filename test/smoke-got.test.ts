import got from "got";
import pRetry from "p-retry";
test("got and p-retry load", async () => {
  expect(typeof got.extend).toBe("function");
  expect(await pRetry(async () => 3)).toBe(3);
});
