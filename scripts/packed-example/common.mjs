// What the modules of scripts/packed-example.mjs share: the checkout, the folder of packed installs
// and projects, and small helpers for timing, hashing and running commands.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as os from "node:os";
import { performance } from "node:perf_hooks";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
// Outside the repository: a module the package forgot to declare must not be found in the
// checkout's own node_modules by Node's walk up the directories. One folder per checkout.
/** Where tarballs, installs and project copies live (CLOUDPLATFORM_PACKED_DIR overrides it). */
export const packedDir =
  process.env.CLOUDPLATFORM_PACKED_DIR ??
  path.join(os.tmpdir(), `pulumi-cloudplatform-packed-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`);

/** Seconds since `start` (a performance.now() reading), to two decimals. */
export const seconds = (start) => Math.round((performance.now() - start) / 10) / 100;
/** The hex SHA-256 of `data`. */
export const sha256 = (data) => createHash("sha256").update(data).digest("hex");

/** Runs a command; returns its standard output and all of its output, or throws with the latter. */
export function run(command, args, cwd, what, env = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}):\n${output.trim()}`);
  return { stdout: result.stdout ?? "", output };
}
