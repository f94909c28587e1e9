// What every module of the bench shares: the build it measures (dist/, loaded once), the API it
// measures against, and the formatting of a figure beside its target.
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

export const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const dist = (p) => require(path.join(root, "dist", p));
export const { startEmulator, buildApp, DEFAULT_TOKEN } = dist("emulator/index.js");
/** The figures are the contract's API's (its five regions and platform), as docs/performance.md measured them. */
export const CONTRACT = { platform: "rdbms-legacy" };

export const fmt = (n, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
export const mark = (ok) => (ok ? "ok" : "MISSED");
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
