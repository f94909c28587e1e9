/**
 * The command line as a user runs it: `node dist/cli.js` (what the `pulumi-cloudplatform` bin
 * points at), checking the exit code and which stream each text goes to.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const cli = path.join(__dirname, "..", "..", "dist", "cli.js");
const version = (
  JSON.parse(readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string }
).version;

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], { timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test.each([["--help"], ["-h"], ["help"]])(
  "%s prints the usage of every command on stdout and exits 0",
  async (flag) => {
    const out = await run(flag);
    expect(out).toMatchObject({ code: 0, stderr: "" });
    expect(out.stdout).toContain("usage: pulumi-cloudplatform emulator");
    expect(out.stdout).toContain("pulumi-cloudplatform import");
    expect(out.stdout).toContain("--version");
  },
);

test.each([["--version"], ["-V"]])("%s prints the package version and exits 0", async (flag) => {
  expect(await run(flag)).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
});

test("emulator --help explains each option and starts nothing", async () => {
  const out = await run("emulator", "--help");
  expect(out).toMatchObject({ code: 0, stderr: "" });
  for (const option of ["--port N", "--host ADDRESS", "--provisioning-seconds N", "--state-file PATH", "--platform P"])
    expect(out.stdout).toContain(option);
  expect(out.stdout).not.toContain("listening");
});

test("import --help prints the import options and exits 0", async () => {
  const out = await run("import", "--help");
  expect(out).toMatchObject({ code: 0, stderr: "" });
  expect(out.stdout).toContain("--snapshots");
});

test.each([
  [["emulator", "--bogus"], /unknown option --bogus\nusage: pulumi-cloudplatform emulator/],
  [["emulator", "--port", "99999"], /--port needs an integer from 0 to 65535/],
  [["import", "--bogus"], /usage: pulumi-cloudplatform import/],
  [["serve"], /unknown command serve\nusage: pulumi-cloudplatform emulator/],
  [[], /usage: pulumi-cloudplatform emulator/],
])("%j exits 2 with the usage on stderr", async (args, message) => {
  const out = await run(...args);
  expect(out.code).toBe(2);
  expect(out.stdout).toBe("");
  expect(out.stderr).toMatch(message);
});
