// The packed tarball of the repository and its shared installs, for scripts/packed-example.mjs.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { performance } from "node:perf_hooks";
import * as path from "node:path";
import { packedDir, root, run, seconds, sha256 } from "./common.mjs";

/** Tooling of a TypeScript example's devDependencies that this runner replaces by compiling with the repository's. */
const NOT_INSTALLED = new Set(["typescript", "ts-node"]);
/** Installs kept besides the one in use (older ones are removed once an hour has passed since their last use). */
const KEEP_INSTALLS = 2;

/** `npm pack` of the repository, stored under its content hash. */
export function pack() {
  if (!existsSync(path.join(root, "dist", "index.js"))) throw new Error("dist/ is missing: run `npm run build` first");
  const tmp = path.join(packedDir, `pack-${process.pid}`);
  mkdirSync(tmp, { recursive: true });
  try {
    const { stdout } = run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", tmp], root, "npm pack");
    const [{ filename }] = JSON.parse(stdout);
    const file = path.join(tmp, filename);
    const hash = sha256(readFileSync(file));
    const dir = path.join(packedDir, "tarballs");
    mkdirSync(dir, { recursive: true });
    const tarball = path.join(dir, filename.replace(/\.tgz$/, `-${hash.slice(0, 12)}.tgz`));
    if (!existsSync(tarball)) renameSync(file, tarball);
    const dayAgo = Date.now() - 86_400_000;
    for (const other of readdirSync(dir).map((f) => path.join(dir, f)))
      if (other !== tarball && statSync(other).mtimeMs < dayAgo) rmSync(other, { force: true });
    return { tarball, hash };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A tarball named on the command line, with its content hash. */
export function given(tarball) {
  if (!existsSync(tarball)) throw new Error(`--tarball ${tarball} does not exist`);
  return { tarball, hash: sha256(readFileSync(tarball)) };
}

/**
 * What the install holds besides the tarball: the example's dependency ranges but not its
 * TypeScript tooling, over a base of what every example here declares, so that one install serves
 * them all (a JavaScript example gets @types/node it does not need, which changes nothing).
 */
export const BASE_SPECS = { "@pulumi/pulumi": "~3.248.0", "@types/node": "^20.19.0" };

export function dependencySpecs(pkg, sdk) {
  const specs = { ...BASE_SPECS };
  for (const deps of [pkg.dependencies, pkg.devDependencies])
    for (const [name, range] of Object.entries(deps ?? {}))
      if (name !== "pulumi-cloudplatform" && !NOT_INSTALLED.has(name)) specs[name] = range;
  if (sdk) specs["@pulumi/pulumi"] = sdk;
  return Object.fromEntries(Object.entries(specs).sort(([a], [b]) => a.localeCompare(b)));
}

/** The package managers a project can be installed with, each run from .tools/node-tools but npm. */
export const PACKAGE_MANAGERS = {
  npm: { command: "npm", args: () => ["install", "--prefer-offline", "--no-audit", "--no-fund"] },
  // Classic yarn refuses a package whose engines exclude this Node.js, as a user's yarn would.
  yarn: {
    command: path.join(root, ".tools", "node-tools", "node_modules", ".bin", "yarn"),
    args: () => ["install", "--non-interactive", "--prefer-offline", "--no-progress", "--registry", npmRegistry()],
  },
  pnpm: {
    command: path.join(root, ".tools", "node-tools", "node_modules", ".bin", "pnpm"),
    args: () => ["install", "--prefer-offline", "--reporter=append-only"],
  },
};

/** The registry npm is configured with, so that yarn asks the same one rather than its own default. */
function npmRegistry() {
  const result = spawnSync("npm", ["config", "get", "registry"], { encoding: "utf8" });
  return result.status === 0 && result.stdout.trim() ? result.stdout.trim() : "https://registry.npmjs.org/";
}

/** Lines of an install's output that say a package does not support this Node.js. */
const engineWarnings = (output) =>
  output.split("\n").filter((line) => /EBADENGINE|Unsupported engine|engine "node" is incompatible/i.test(line));

/**
 * The shared install of `tarball` and `specs` by `manager`, made once per tarball hash, specs,
 * package manager and Node.js major: a package.json naming them, then the package manager's plain
 * `install`, so the layout is the one a user of that package manager gets.
 */
export function install({ tarball, hash }, specs, manager) {
  const pm = PACKAGE_MANAGERS[manager];
  const nodeMajor = process.versions.node.split(".")[0];
  const key = sha256(`${hash}\n${JSON.stringify(specs)}\n${manager}\n${nodeMajor}`).slice(0, 16);
  const installs = path.join(packedDir, "installs");
  const dir = path.join(installs, key);
  const marker = path.join(dir, "installed.json");
  const result = {
    tarball: path.relative(root, tarball),
    key,
    packageManager: manager,
    node: process.version,
    reused: true,
    installSeconds: 0,
    warnings: [],
  };
  if (existsSync(marker)) {
    const now = new Date();
    utimesSync(marker, now, now);
    return { ...result, dir };
  }
  if (manager !== "npm" && !existsSync(pm.command))
    throw new Error(
      `${manager} is missing at ${path.relative(root, pm.command)}: run \`bash scripts/install-pulumi.sh\``,
    );
  const start = performance.now();
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const dependencies = { "pulumi-cloudplatform": `file:${tarball}`, ...specs };
  writeFileSync(
    path.join(tmp, "package.json"),
    `${JSON.stringify({ name: "packed-example-install", private: true, dependencies }, null, 2)}\n`,
  );
  let output;
  try {
    // The package manager runs on this Node.js, as a user's does.
    const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };
    const args = pm.args();
    output = run(pm.command, args, tmp, `${manager} ${args.join(" ")}`, env).output;
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  const warnings = output
    .split("\n")
    .filter((line) => /^(npm warn|warning|\s*WARN)/i.test(line) && !/Unknown user config/.test(line));
  const engine = engineWarnings(output);
  if (engine.length > 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`${manager} install of the packed package printed engine warnings:\n${engine.join("\n")}`);
  }
  writeFileSync(
    path.join(tmp, "installed.json"),
    `${JSON.stringify({ tarball: result.tarball, specs, manager, node: process.version, warnings })}\n`,
  );
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another run installed the same key meanwhile: use that one.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(marker)) throw err;
  }
  pruneInstalls(installs, key);
  return { ...result, dir, reused: false, installSeconds: seconds(start), warnings };
}

/** Removes old installs: all but the newest few, and only those unused for an hour. */
function pruneInstalls(installs, current) {
  const hourAgo = Date.now() - 3600_000;
  const others = readdirSync(installs)
    .filter((name) => name !== current && !name.includes(".tmp-"))
    .map((name) => {
      const marker = path.join(installs, name, "installed.json");
      return { name, used: existsSync(marker) ? statSync(marker).mtimeMs : 0 };
    })
    .sort((a, b) => b.used - a.used);
  for (const old of others.slice(KEEP_INSTALLS))
    if (old.used < hourAgo) rmSync(path.join(installs, old.name), { recursive: true, force: true });
}
