/**
 * The import against a hostile API answer (a compromised account, a proxy, a crafted emulator
 * state): the program it writes is compiled and run against a stub package, and no injected code
 * runs; the terminal gets no escape sequence; `--out` never overwrites, follows a link or leaves
 * half a file.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import * as ts from "typescript";
import { IMPORT_EXIT, renderProgram, runImportCommand } from "../../src/import/index.js";
import { startFakeServer, type FakeServer } from "../client/fake-server.js";

/** Code an attacker would like the program to run: it sets a flag in the sandbox. */
const PAYLOAD = "globalThis.pwned = 1";

const page = (data: unknown[]) => ({ body: { data, page: 1, pages: 1, results: data.length } });

const vpc = (id: number, label: unknown, description: string, subnets: unknown[] = []) => ({
  id,
  label,
  description,
  region: "us-east",
  subnets,
  created: "2024-01-01T00:00:00",
  updated: null,
});

const db = (id: number, label: unknown, updates: unknown, extra: object = {}) => ({
  id,
  label,
  region: "us-east",
  type: "g6-nanode-1",
  engine: "mysql",
  version: "8.0.30",
  cluster_size: 1,
  encrypted: false,
  ssl_connection: true,
  allow_list: ["203.0.113.7/32"],
  replication_type: "none",
  status: "active",
  updates,
  created: "2024-01-01T00:00:00",
  updated: null,
  hosts: { primary: "db", secondary: null },
  ...extra,
});

const WINDOW = { frequency: "weekly", duration: 1, hour_of_day: 3, day_of_week: 2, week_of_month: null };

/** Strings meant to end the literal, the line or the comment they are written in. */
const BREAKOUT = `"); ${PAYLOAD}; ("\n${PAYLOAD}\u2028${PAYLOAD} */ ${PAYLOAD} \u001b[2J\u009b31m`;

function hostileAccount(url: string): { status?: number; body?: unknown } {
  if (url.startsWith("/v4/vpcs"))
    return page([
      vpc(101, "plain-net", BREAKOUT, [
        {
          id: 1001,
          label: "web",
          ipv4: "10.0.1.0/24",
          linodes: [],
          created: "2024-01-01T00:00:00",
          updated: null,
        },
      ]),
      vpc(102, { toString: "not a function", [`x: ${PAYLOAD}, y`]: 1 }, "label is no string"),
    ]);
  if (url.startsWith("/v4/databases/mysql/instances"))
    return page([
      // The original finding: an object with a crafted key where a number belongs.
      db(2001, "keyed-window", { ...WINDOW, hour_of_day: { [`x: (${PAYLOAD}), y`]: 1 } }),
      db(2002, "nan-window", { ...WINDOW, duration: "1, __proto__: { polluted: 1 }" }),
      db(2003, "fine\u001b]0;owned\u0007db", WINDOW),
      db(2004, 42, WINDOW),
    ]);
  return page([]);
}

let server: FakeServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeServer((req) => hostileAccount(req.url));
});
afterAll(() => server.close());
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "import-hostile-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runImportCommand(["--api-url", server.url, "--token", "t", "--kind", "vpc,mysql", ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: {},
  });
  return { code, stdout, stderr };
}

/** Runs a CommonJS program in a fresh context whose `pulumi-cloudplatform` records each resource. */
function runAgainstStub(js: string): {
  declared: { cls: string; name: string; args: Record<string, unknown> }[];
  sandbox: vm.Context;
} {
  const declared: { cls: string; name: string; args: Record<string, unknown> }[] = [];
  const stubClass = (cls: string) =>
    class {
      subnets = { apply: () => undefined };
      constructor(name: string, args: Record<string, unknown>) {
        declared.push({ cls, name, args });
      }
    };
  const cloud = Object.fromEntries(
    ["Vpc", "VpcSubnet", "MysqlDatabase", "PostgresqlDatabase", "DatabaseSnapshot"].map((c) => [c, stubClass(c)]),
  );
  const exports = {};
  const sandbox = vm.createContext({
    require: (name: string) => {
      if (name !== "pulumi-cloudplatform") throw new Error(`the program required ${name}`);
      return cloud;
    },
    exports,
    module: { exports },
  });
  new vm.Script(js).runInContext(sandbox);
  return { declared, sandbox };
}

test("a hostile API answer becomes data in the program, never code, in both languages", async () => {
  for (const language of ["ts", "js"]) {
    const { code, stdout, stderr } = await run("--language", language);
    expect(code).toBe(0);
    const js =
      language === "ts"
        ? ts.transpileModule(stdout, {
            compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
          }).outputText
        : stdout;
    const { declared, sandbox } = runAgainstStub(js);
    expect(sandbox.pwned).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // What could be written is, as the very values the API answered.
    expect(declared.map((d) => [d.cls, d.name])).toEqual([
      ["Vpc", "plain-net"],
      ["VpcSubnet", "plain-net-web"],
      ["MysqlDatabase", "fine\u001b]0;owned\u0007db"],
    ]);
    expect(declared[0].args.description).toBe(BREAKOUT);
    expect(declared[2].args.updates).toEqual({ frequency: "weekly", duration: 1, hourOfDay: 3, dayOfWeek: 2 });
    // The rest is left out, each with the field that was refused.
    expect(stderr).toContain(
      'VPC "{"toString":"not a function","x: globalThis.pwned = 1, y":1}" (id 102): the API answered a value the program cannot hold: label must be a string',
    );
    expect(stderr).toContain(
      'MySQL database "keyed-window" (id 2001): the API answered a value the program cannot hold: updates.hourOfDay must be an integer',
    );
    expect(stderr).toContain(
      'MySQL database "nan-window" (id 2002): the API answered a value the program cannot hold: updates.duration must be an integer',
    );
    expect(stderr).toContain(
      'MySQL database "42" (id 2004): the API answered a value the program cannot hold: label must be a string',
    );
    // The terminal sees the escape sequences as text, not as commands.
    /* eslint-disable no-control-regex -- looking for control characters */
    expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028]/);
    /* eslint-enable no-control-regex */
  }
});

test("the renderer quotes every key that is not a plain identifier and refuses __proto__", () => {
  const model = (key: string) => ({
    usesInlineRanges: false,
    ambiguousRanges: [],
    unwritable: [],
    declarations: [
      {
        cls: "MysqlDatabase" as const,
        identifier: "db",
        name: "db",
        args: [["updates", { kind: "object" as const, entries: [[key, { kind: "literal" as const, value: 1 }]] }]] as [
          string,
          never,
        ][],
      },
    ],
  });
  const text = renderProgram(model(`x: (${PAYLOAD}), y`), "js", []);
  expect(text).toContain(`updates: { "x: (${PAYLOAD}), y": 1 },`);
  expect(runAgainstStub(text).sandbox.pwned).toBeUndefined();
  expect(() => renderProgram(model("__proto__"), "js", [])).toThrow("cannot write an object key __proto__");
});

test("--out refuses an existing file and a symbolic link unless --force, and --force replaces the link, not its target", async () => {
  const out = path.join(dir, "index.ts");
  writeFileSync(out, "my own program\n");
  const refused = await run("--out", out);
  expect(refused.code).toBe(IMPORT_EXIT.output);
  expect(refused.stderr).toContain(`${out} already exists (a file); add --force to replace it`);
  expect(readFileSync(out, "utf8")).toBe("my own program\n");

  const target = path.join(dir, "elsewhere.txt");
  writeFileSync(target, "not yours\n");
  const link = path.join(dir, "link.ts");
  symlinkSync(target, link);
  const viaLink = await run("--out", link);
  expect(viaLink.code).toBe(IMPORT_EXIT.output);
  expect(viaLink.stderr).toContain("already exists (a symbolic link)");
  const dangling = path.join(dir, "dangling.ts");
  symlinkSync(path.join(dir, "would-be-created.ts"), dangling);
  expect((await run("--out", dangling)).code).toBe(IMPORT_EXIT.output);
  expect(readdirSync(dir)).not.toContain("would-be-created.ts");

  const forced = await run("--out", link, "--force");
  expect(forced.code).toBe(0);
  expect(readFileSync(target, "utf8")).toBe("not yours\n");
  expect(lstatSync(link).isSymbolicLink()).toBe(false);
  expect(readFileSync(link, "utf8")).toContain('new cloud.Vpc("plain-net"');

  const fresh = path.join(dir, "fresh.ts");
  expect((await run("--out", fresh)).code).toBe(0);
  expect(readFileSync(fresh, "utf8")).toContain('new cloud.Vpc("plain-net"');
  // No temporary file is left behind.
  expect(readdirSync(dir).sort()).toEqual(["dangling.ts", "elsewhere.txt", "fresh.ts", "index.ts", "link.ts"]);
});

test("an --out that cannot be written exits 3 naming the file, apart from usage errors (2)", async () => {
  const missing = path.join(dir, "no-such-dir", "index.ts");
  const failed = await run("--out", missing);
  expect(failed.code).toBe(3);
  expect(failed.stderr).toContain(`cannot write ${missing}`);
  mkdirSync(path.join(dir, "a-dir"));
  expect((await run("--out", path.join(dir, "a-dir"), "--force")).stderr).toContain("is a directory");
  expect((await run("--language", "rust")).code).toBe(2);
});
