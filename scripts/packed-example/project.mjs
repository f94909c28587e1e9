// The project copy of an example, its compiled program and the inline program that loads it, for
// scripts/packed-example.mjs.
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { root, run, seconds } from "./common.mjs";

/** The source files of an example: everything but installed, built and stack files. */
function sourceFiles(dir, rel = "") {
  const files = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = path.join(rel, entry.name);
    if (["node_modules", "bin", ".pulumi", ".backend"].includes(entry.name)) continue;
    if (rel === "" && /^Pulumi\..+\.ya?ml$/.test(entry.name)) continue;
    if (entry.isDirectory()) files.push(...sourceFiles(dir, name));
    else if (entry.isFile()) files.push(name);
  }
  return files.sort();
}

/** Copies the example into its project directory and links the shared install; returns a digest of both. */
export function copyExample(example, projectDir, installDir) {
  mkdirSync(projectDir, { recursive: true });
  const digest = createHash("sha256").update(installDir);
  for (const file of sourceFiles(example)) {
    const data = readFileSync(path.join(example, file));
    digest.update(file).update(data);
    const target = path.join(projectDir, file);
    if (existsSync(target) && readFileSync(target).equals(data)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(example, file), target);
  }
  const link = path.join(projectDir, "node_modules");
  const want = path.relative(projectDir, path.join(installDir, "node_modules"));
  let current;
  try {
    current = readlinkSync(link);
  } catch {
    current = undefined;
  }
  if (current !== want) {
    rmSync(link, { recursive: true, force: true });
    symlinkSync(want, link, "dir");
  }
  return digest.digest("hex");
}

/** The program file: Pulumi.yaml's `main`, else package.json's `main`, else index.ts / index.js. */
export function entryOf(projectDir, pkg) {
  const yaml = readFileSync(path.join(projectDir, "Pulumi.yaml"), "utf8");
  let base = projectDir;
  const main = /^main:\s*(\S+)\s*$/m.exec(yaml)?.[1];
  if (main) {
    base = path.resolve(projectDir, main);
    if (existsSync(base) && statSync(base).isFile()) return base;
  }
  const candidates = [pkg.main, "index.ts", "index.js", "index.mjs"].filter(Boolean);
  const found = candidates.map((c) => path.resolve(base, c)).find((f) => existsSync(f));
  if (!found) throw new Error(`no program file in ${base} (tried ${candidates.join(", ")})`);
  return found;
}

/** Compiles a TypeScript example into bin/ with the repository's typescript; returns the module to load. */
export function compile(projectDir, entry, digest) {
  const rel = path.relative(projectDir, entry);
  const out = path.join(
    projectDir,
    "bin",
    rel
      .replace(/\.ts$/, ".js")
      .replace(/\.mts$/, ".mjs")
      .replace(/\.cts$/, ".cjs"),
  );
  const stamp = path.join(projectDir, "bin", ".compiled");
  if (existsSync(out) && existsSync(stamp) && readFileSync(stamp, "utf8") === digest) return { out, seconds: 0 };
  const start = performance.now();
  rmSync(path.join(projectDir, "bin"), { recursive: true, force: true });
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const args = [
    tsc,
    "-p",
    projectDir,
    "--outDir",
    path.join(projectDir, "bin"),
    "--rootDir",
    projectDir,
    "--pretty",
    "false",
  ];
  run(process.execPath, args, projectDir, `tsc (${path.basename(projectDir)})`);
  if (!existsSync(out)) throw new Error(`tsc did not write ${path.relative(root, out)}`);
  writeFileSync(stamp, digest);
  return { out, seconds: seconds(start) };
}

/** Whether Node loads `file` as an ES module. */
export function isEsm(file, pkg) {
  if (file.endsWith(".mjs")) return true;
  if (file.endsWith(".cjs")) return false;
  return pkg.type === "module";
}

/** The inline program: the example's module, evaluated anew on each call; its exports are the outputs. */
export function programOf(projectDir, file, esm) {
  const realDir = realpathSync(projectDir);
  const requireHere = createRequire(file);
  let runs = 0;
  return async () => {
    runs += 1;
    let exported;
    if (esm) {
      const ns = await import(`${pathToFileURL(file).href}?run=${process.pid}-${runs}`);
      const names = Object.keys(ns);
      exported = names.length === 1 && names[0] === "default" ? ns.default : { ...ns };
    } else {
      for (const key of Object.keys(requireHere.cache))
        if (key.startsWith(realDir + path.sep) && !key.includes(`${path.sep}node_modules${path.sep}`))
          delete requireHere.cache[key];
      exported = requireHere(file);
    }
    if (typeof exported === "function") exported = await exported();
    return exported !== null && typeof exported === "object" ? { ...exported } : {};
  };
}
