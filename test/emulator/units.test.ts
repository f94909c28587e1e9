/** Pure helpers: IPv4 arithmetic, field names of validation errors, the clock, CLI arguments. */
import { parseEmulatorArgs } from "../../src/cli.js";
import { Clock } from "../../src/emulator/clock.js";
import { maskOf, parseAddress, parseCidr } from "../../src/api/ipv4.js";
import { fieldName } from "../../src/emulator/validation.js";

test("IPv4 parsing is strict about form", () => {
  expect(parseAddress("10.0.0.1")).toBe(0x0a000001);
  for (const bad of ["10.0.0", "10.0.0.256", "01.0.0.1", "a.b.c.d", "10.0.0.1 "])
    expect(parseAddress(bad)).toBeUndefined();
  expect(parseCidr("10.0.0.0/33")).toBeUndefined();
  expect(maskOf(20)).toBe("255.255.240.0");
  expect(maskOf(32)).toBe("255.255.255.255");
});

test("nested fields are named the API's way", () => {
  expect(fieldName("/subnets/0/ipv4")).toBe("subnets[0].ipv4");
  expect(fieldName("/updates", "duration")).toBe("updates.duration");
  expect(fieldName("")).toBeUndefined();
});

test("the clock advances and keeps the past when scaled", () => {
  const clock = new Clock(0);
  clock.advance(10);
  expect(clock.now()).toBeGreaterThanOrEqual(10_000);
  const before = clock.now();
  clock.setScale(1000);
  expect(clock.now()).toBeGreaterThanOrEqual(before);
});

test("CLI arguments", () => {
  expect(parseEmulatorArgs(["--port", "0", "--provisioning-seconds=5", "--state-file", "s.json"])).toEqual({
    port: 0,
    host: "127.0.0.1",
    provisioningSeconds: 5,
    stateFile: "s.json",
  });
  expect(parseEmulatorArgs(["--platform", "rdbms-default"])).toMatchObject({ platform: "rdbms-default" });
  expect(parseEmulatorArgs(["--platform=rdbms-legacy"])).toMatchObject({ platform: "rdbms-legacy" });
  expect(() => parseEmulatorArgs(["--platform", "v2"])).toThrow(
    /--platform needs rdbms-legacy or rdbms-default, got "v2"/,
  );
  expect(() => parseEmulatorArgs(["--bogus"])).toThrow(/unknown option/);
  expect(() => parseEmulatorArgs(["--port"])).toThrow(/needs a value/);
});

test.each(["65536", "-1", "80.5", "abc", "", "1e3", "0x50"])("--port %j is a usage error naming the range", (port) => {
  for (const args of [["--port", port], [`--port=${port}`]]) {
    expect(() => parseEmulatorArgs(args)).toThrow(/--port needs an integer from 0 to 65535/);
    expect(() => parseEmulatorArgs(args)).toThrow(/usage: pulumi-cloudplatform emulator/);
  }
});

test("--port accepts 0 and 65535", () => {
  expect(parseEmulatorArgs(["--port", "65535"])).toMatchObject({ port: 65535 });
  expect(parseEmulatorArgs(["--port=0"])).toMatchObject({ port: 0 });
});
