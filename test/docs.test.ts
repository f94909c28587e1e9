/**
 * The documentation a user follows stays true to the code where a test can tell: every relative
 * link and anchor resolves, the commands, flags, npm scripts, configuration keys and environment
 * variables the docs name exist, the versions they name are the ones package.json and the engine
 * toolchain pin, and docs/resources.md counts and lists the look-ups that are exported.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import * as semver from "semver";
import { parseEmulatorArgs } from "../src/cli";
import * as functions from "../src/functions";
import { IMPORT_USAGE } from "../src/import/options";

const root = path.resolve(__dirname, "..");
const read = (file: string): string => readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  version: string;
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** Every Markdown file a user or contributor reads, relative to the repository. */
const markdown: string[] = [
  "README.md",
  "CHANGELOG.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
  ...readdirSync(path.join(root, "examples"))
    .map((d) => `examples/${d}/README.md`)
    .filter((f) => existsSync(path.join(root, f))),
];

/** All Markdown text with the file each line came from. */
const lines = markdown.flatMap((file) =>
  read(file)
    .split("\n")
    .map((text) => ({ file, text })),
);
/** The shipped documentation (package.json `files`): what `npm install` puts beside the code. */
const userDocs = lines.filter((l) => !l.file.startsWith("docs/contributing"));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(file: string): Set<string> {
  return new Set(
    read(file)
      .split("\n")
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ""))),
  );
}

/** The text outside fenced code blocks, where Markdown links live. */
function prose(file: string): string {
  return read(file).replace(/^```[\s\S]*?^```/gm, "");
}

describe("links", () => {
  test.each(markdown)("every relative link and anchor in %s resolves", (file) => {
    const broken: string[] = [];
    for (const [, target] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [where, anchor] = target.split("#", 2);
      const resolved = where === "" ? file : path.join(path.dirname(file), where);
      if (!existsSync(path.join(root, resolved))) broken.push(`${target} (no ${resolved})`);
      else if (anchor && statSync(path.join(root, resolved)).isFile() && !anchors(resolved).has(anchor))
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
    expect(broken).toEqual([]);
  });

  test("shipped docs never send a user to contributor notes the package leaves out", () => {
    const shipped = userDocs.filter((l) => l.file.startsWith("docs/"));
    expect(shipped.filter((l) => /\]\([^)]*contributing/.test(l.text))).toEqual([]);
  });
});

describe("commands, flags and settings the docs name exist", () => {
  test("every `pulumi-cloudplatform <command>` is a command, with flags it accepts", () => {
    const wrong: string[] = [];
    for (const { file, text } of lines) {
      const commandLines = /(?:(?:npx |`)pulumi-cloudplatform|dist\/cli\.js) ([a-z]+)\b([^`#|)&]*)/g;
      for (const [, command, rest] of text.matchAll(commandLines)) {
        if (!["emulator", "import"].includes(command)) {
          wrong.push(`${file}: unknown command ${command}`);
          continue;
        }
        for (const [flag] of rest.matchAll(/--[a-z][a-z-]*/g)) {
          const known =
            command === "emulator"
              ? (() => {
                  try {
                    // A value each flag takes: an address, a platform, a number.
                    const value = flag === "--host" ? "0.0.0.0" : flag === "--platform" ? "rdbms-default" : "1";
                    parseEmulatorArgs([flag, value]);
                    return true;
                  } catch {
                    return false;
                  }
                })()
              : new RegExp(`^\\s+${flag}\\b`, "m").test(IMPORT_USAGE);
          if (!known) wrong.push(`${file}: ${command} has no ${flag}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test("every `npm run <script>` is a script of package.json, every `node scripts/...` a file", () => {
    const named = lines.flatMap(({ file, text }) =>
      [...text.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => ({ file, script: m[1] })),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !(n.script in pkg.scripts))).toEqual([]);
    const files = lines.flatMap(({ text }) => [...text.matchAll(/node (scripts\/[\w./-]+)/g)].map((m) => m[1]));
    expect(files.filter((f) => !existsSync(path.join(root, f)))).toEqual([]);
  });

  test("every `cloudplatform:<key>` is read by the client or the provider runtime, every CLOUDPLATFORM_ variable by the code", () => {
    // Variables of the test harness (CLOUDPLATFORM_WRITE_GOLDEN) live in test/, the Python
    // example's driver's in its own code (a project's top-level files: an install links the
    // checkout into examples/demo), the rest in src/.
    const examplesPy = readdirSync(path.join(root, "examples"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(path.join(root, "examples", d.name))
          .filter((f) => f.endsWith(".py"))
          .map((f) => read(path.join("examples", d.name, f))),
      );
    const source = ["src", "test"]
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
          .filter((f) => f.endsWith(".ts"))
          .map((f) => read(path.join(dir, f))),
      )
      .concat(examplesPy)
      .join("\n");
    // The connection's keys are the client's; the platform new databases are made on is the providers'.
    const config = read("src/client/config.ts") + read("src/shared/runtime/context.ts");
    // Type tokens (`cloudplatform:index:Vpc`, docs/plugin.md) are not configuration keys.
    const keys = new Set(
      userDocs.flatMap(({ text }) =>
        [...text.matchAll(/(?<![\w/])cloudplatform:([a-zA-Z]+)(?![a-zA-Z:])/g)].map((m) => m[1]),
      ),
    );
    expect([...keys].sort()).toEqual(["allowInsecureHttp", "apiUrl", "databasePlatform", "token"]);
    for (const key of keys) expect(config).toContain(`"${key}"`);
    const vars = new Set(lines.flatMap(({ text }) => [...text.matchAll(/\bCLOUDPLATFORM_[A-Z_]+/g)].map((m) => m[0])));
    expect([...vars].filter((v) => !source.includes(v))).toEqual([]);
  });
});

describe("versions the docs name", () => {
  const readme = read("README.md");
  const all = lines.map((l) => l.text).join("\n");

  test("Node.js: the minimum of package.json engines", () => {
    const min = semver.minVersion(pkg.engines.node)!;
    const named = [...all.matchAll(/Node(?:\.js)?\s*\|?\s*(\d+\.\d+) or newer/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([`${min.major}.${min.minor}`]));
    expect(readme).toContain(`\`${pkg.engines.node}\``);
  });

  test("@pulumi/pulumi: the range package.json declares", () => {
    const range = pkg.peerDependencies?.["@pulumi/pulumi"] ?? pkg.dependencies?.["@pulumi/pulumi"];
    const named = [...readme.matchAll(/@pulumi\/pulumi(?:`\s*\|\s*`|@)([~^<>=\d.x\s|-]+?)`?(?:\s|$)/gm)].map((m) =>
      m[1].trim(),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([range]));
  });

  test("the Pulumi CLI: the version scripts/install-pulumi.sh builds", () => {
    const version = /^PULUMI_VERSION="([^"]+)"/m.exec(read("scripts/install-pulumi.sh"))![1];
    const named = [...all.matchAll(/Pulumi CLI\s*(?:\|\s*)?v(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([version]));
  });

  test("Go: the version the toolchain's go.mod requires", () => {
    const go = /^go (\S+)$/m.exec(read("scripts/pulumi-toolchain/go.mod"))![1];
    const named = [...all.matchAll(/\bGo (\d+\.\d+(?:\.\d+)?) or newer/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([go]));
  });

  test("the package: the version of package.json", () => {
    const named = [...readme.matchAll(/pulumi-cloudplatform[@-](\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([pkg.version]));
  });
});

describe("docs/resources.md and the exported look-ups", () => {
  const names = Object.keys(functions)
    .filter((k) => /^get[A-Z]\w*$/.test(k) && !k.endsWith("Output"))
    .sort();
  const doc = read("docs/resources.md");

  test("the count in words is the number exported, each with its Output form", () => {
    const words = [
      "zero",
      "one",
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
      "nine",
      "ten",
      "eleven",
      "twelve",
      "thirteen",
      "fourteen",
      "fifteen",
    ];
    expect(doc).toMatch(new RegExp(`\\b${words[names.length]} look-up functions\\b`));
    expect(names.filter((n) => !(`${n}Output` in functions))).toEqual([]);
  });

  test("the look-up table lists exactly the exported look-ups", () => {
    const listed = [...doc.matchAll(/^\| `(get[A-Za-z]+)`/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(names);
  });
});
