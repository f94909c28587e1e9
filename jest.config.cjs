const fs = require("node:fs");
const path = require("node:path");

// Jest cannot require() ES modules, and got and p-retry (and much of their dependency tree) ship
// only as ES modules. Every installed package whose package.json says "type": "module" is compiled
// to CommonJS by test/support/esm-to-cjs.cjs; the rest of node_modules is left alone.
function esmPackages(dir, found = new Set()) {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir)) {
    if (entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    if (entry.startsWith("@")) {
      esmPackages(full, found);
      continue;
    }
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(full, "package.json"), "utf8"));
      if (pkg.type === "module") found.add(pkg.name);
    } catch {
      continue;
    }
    esmPackages(path.join(full, "node_modules"), found);
  }
  return found;
}

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const esm = [...esmPackages(path.join(__dirname, "node_modules"))].map(escape);

/**
 * Suites that run what `npm run build` or scripts/install-pulumi.sh made (dist/, the engine, the Go
 * tools of .tools/bin): the `e2e` project. Everything else runs from the sources alone: `unit`.
 */
const NEEDS_BUILD_OR_ENGINE = [
  "<rootDir>/test/e2e/",
  "<rootDir>/test/cli/",
  "<rootDir>/test/demo.test.ts",
  "<rootDir>/test/package.test.ts",
  "<rootDir>/test/plugin/python-sdk.test.ts",
  "<rootDir>/test/schema/bind.test.ts",
  "<rootDir>/test/conformance/linodego.test.ts",
  "<rootDir>/test/conformance/linodego-today.test.ts",
];

/**
 * Suites that need the newest @pulumi/pulumi, not the checkout's (the oldest accepted): the Node.js
 * SDK that Pulumi's code generator writes declares and calls what a newer SDK added. The
 * `newest-sdk` project; scripts/test-newest-sdk.mjs runs them in its copy with the newest SDK.
 */
const NEEDS_NEWEST_SDK = ["<rootDir>/test/plugin/nodejs-sdk.test.ts"];

/** What the projects share: where tests live, and how TypeScript and ES modules are loaded. */
const shared = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.(ts|js|mjs)$": "<rootDir>/test/support/esm-to-cjs.cjs" },
  transformIgnorePatterns: [`/node_modules/(?!(${esm.join("|")})/)`],
  moduleFileExtensions: ["ts", "js", "mjs", "cjs", "json"],
  // nodenext-style imports name the emitted ".js" file: the resolver finds the TypeScript source.
  resolver: "<rootDir>/test/support/resolver.cjs",
  // The example programs import the package by name, as a user's program does: map it to the source.
  moduleNameMapper: { "^pulumi-cloudplatform$": "<rootDir>/src/index.ts" },
};

const escapeRoot = (p) => escape(p.replace("<rootDir>", __dirname));

/** @type {import('jest').Config} */
module.exports = {
  // `npm run test:unit` (jest --selectProjects unit): no engine, no build, no long waits.
  // `npm test` runs unit and e2e; scripts/test-newest-sdk.mjs runs newest-sdk.
  projects: [
    {
      ...shared,
      displayName: "unit",
      testMatch: ["<rootDir>/test/**/*.test.ts"],
      testPathIgnorePatterns: [...NEEDS_BUILD_OR_ENGINE, ...NEEDS_NEWEST_SDK].map(escapeRoot),
    },
    {
      ...shared,
      displayName: "e2e",
      testMatch: NEEDS_BUILD_OR_ENGINE.map((p) => (p.endsWith("/") ? `${p}**/*.test.ts` : p)),
    },
    { ...shared, displayName: "newest-sdk", testMatch: NEEDS_NEWEST_SDK },
  ],
  testTimeout: 120000,
  // A worker's heap grows with every suite it runs (each suite loads @pulumi/pulumi, got and the
  // emulator afresh, and some of each stays reachable). On two workers and 150 suites one grew to
  // 12 GB and the kernel killed it mid-suite. A worker whose heap passes this after a suite is
  // replaced by a fresh one; this also keeps `--maxWorkers=1` runs in a worker, not in band. At
  // 300 MB the unit tier replaces about 7 workers instead of 3, and takes less CPU in all (105 to
  // 116 CPU-seconds against 124 to 146 at 800 MB, runs alternated; docs/contributing.md).
  workerIdleMemoryLimit: "300MB",
  reporters: ["default", "<rootDir>/test/support/summary-reporter.cjs"],
};
