/**
 * The provider plugin as the engine finds it: `pulumi-resource-cloudplatform` on PATH (an ambient
 * plugin), pointing at the build in dist/ that `npm run build` makes. Fails, never skips, without it.
 */
import { existsSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";

const repoRoot = path.resolve(__dirname, "..", "..");

/** The built plugin entry point. */
export const PLUGIN_MAIN = path.join(repoRoot, "dist", "plugin", "main.js");

/** A directory holding only `pulumi-resource-cloudplatform`, linked to the build. */
export function pluginBinDir(): string {
  if (!existsSync(PLUGIN_MAIN))
    throw new Error("The plugin is not built at dist/plugin/main.js: run 'npm run build' first");
  const dir = path.join(repoRoot, ".state", "plugin-bin");
  const link = path.join(dir, "pulumi-resource-cloudplatform");
  mkdirSync(dir, { recursive: true });
  let current: string | undefined;
  try {
    current = readlinkSync(link);
  } catch {
    current = undefined;
  }
  if (current !== PLUGIN_MAIN) {
    rmSync(link, { force: true });
    symlinkSync(PLUGIN_MAIN, link);
  }
  return dir;
}

/** Environment for a stack whose resources are the plugin's: the plugin first on PATH, fast polling. */
export function pluginEnv(extra: Record<string, string> = {}): Record<string, string> {
  const toolsBin = path.join(repoRoot, ".tools", "bin");
  return {
    PATH: [pluginBinDir(), toolsBin, process.env.PATH ?? ""].join(path.delimiter),
    CLOUDPLATFORM_POLL_SCALE: "0.02",
    ...extra,
  };
}

/** The steps a preview or update announced, by resource name: operation, changed fields and their kinds. */
export interface Step {
  op: string;
  diffs: string[];
  detailed: Record<string, string>;
}

/** Collects the engine's step events; pass `collect.onEvent` to preview or up. */
export function stepCollector(): { onEvent: (e: EngineEvent) => void; steps: Record<string, Step> } {
  const steps: Record<string, Step> = {};
  return {
    steps,
    onEvent(e) {
      const m = e.resourcePreEvent?.metadata;
      if (!m || !m.type.startsWith("cloudplatform:")) return;
      const name = m.urn.split("::").pop()!;
      const detailed = Object.fromEntries(Object.entries(m.detailedDiff ?? {}).map(([k, v]) => [k, v.diffKind]));
      steps[name] = { op: m.op, diffs: m.diffs ?? [], detailed };
    },
  };
}
