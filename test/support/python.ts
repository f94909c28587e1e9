/**
 * The Python SDK as a Python user gets it: generated from schema.json, built into a wheel with the
 * Python tools of .tools/python (scripts/install-python.sh), and installed with pip into a fresh
 * virtual environment of the machine's python3, the rest at the versions
 * scripts/python-toolchain/requirements.txt pins. Fails, never skips, without python3 or the tools.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { generateSdks } from "./sdk";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..");

/** The interpreter of .tools/python: pulumi, mypy and the wheel builder, pinned. */
export const TOOLS_PYTHON = path.join(repoRoot, ".tools", "python", "bin", "python");

/** The pins, also the constraints of every install into a fresh environment. */
export const PYTHON_REQUIREMENTS = path.join(repoRoot, "scripts", "python-toolchain", "requirements.txt");

/** A built and installed SDK. */
export interface PythonSdk {
  /** The wheel `python -m build` made. */
  wheel: string;
  /** The fresh environment's interpreter, the wheel installed. */
  python: string;
  /** The fresh environment's `bin` directory. */
  bin: string;
}

/** Runs `file args` and gives its standard output; on failure, an error with both outputs. */
export async function runTool(file: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(file, args, { env: env ?? process.env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(file)} ${args.join(" ")} failed:\n${e.stdout ?? ""}\n${e.stderr ?? e.message}`);
  }
}

/** Generates the SDK into `dir`/sdk, builds its wheel into `dir`/dist and installs it into `dir`/venv. */
export async function installPythonSdk(dir: string): Promise<PythonSdk> {
  if (!existsSync(TOOLS_PYTHON))
    throw new Error("The Python tools are missing at .tools/python: run 'bash scripts/install-python.sh'");
  rmSync(dir, { recursive: true, force: true });
  await generateSdks(["python"], path.join(dir, "sdk"));
  const dist = path.join(dir, "dist");
  // No isolated build environment: the pinned setuptools and wheel of .tools/python build it.
  await runTool(TOOLS_PYTHON, [
    "-m",
    "build",
    "--wheel",
    "--no-isolation",
    "--outdir",
    dist,
    path.join(dir, "sdk", "python"),
  ]);
  const wheels = readdirSync(dist).filter((f) => f.endsWith(".whl"));
  if (wheels.length !== 1) throw new Error(`expected one wheel in ${dist}, found: ${wheels.join(", ") || "none"}`);
  const venv = path.join(dir, "venv");
  await runTool("python3", ["-m", "venv", venv]).catch((err: Error) => {
    throw new Error(`python3 with its venv module is needed for the Python SDK's tests: ${err.message}`);
  });
  const bin = path.join(venv, "bin");
  const wheel = path.join(dist, wheels[0]!);
  await runTool(path.join(bin, "python"), [
    "-m",
    "pip",
    "install",
    "--quiet",
    "--disable-pip-version-check",
    "--constraint",
    PYTHON_REQUIREMENTS,
    wheel,
  ]);
  return { wheel, python: path.join(bin, "python"), bin };
}
