/**
 * The recorded VPC exchanges of today's API (test/fixtures/recorded-answers/todays-vpcs.json; its
 * README says where each comes from), for the client's and the emulator's tests.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Recorded } from "./todays-answers.js";

/** One recorded VPC exchange; `filter` is the request's `X-Filter`, `recorded` the day. */
export interface RecordedVpc extends Recorded {
  recorded: string;
  filter?: Record<string, unknown>;
}

const file = JSON.parse(
  readFileSync(path.join(__dirname, "..", "fixtures", "recorded-answers", "todays-vpcs.json"), "utf8"),
) as Record<string, unknown>;

/** Every recorded exchange, by name. */
export const RECORDED_VPCS = Object.fromEntries(
  Object.entries(file).filter(([k]) => k !== "region-capabilities"),
) as Record<string, RecordedVpc>;

/** The recorded capabilities of the regions the exchanges used (au-mel 2026-07, no-osl-1 2026-06). */
export const RECORDED_CAPABILITIES = file["region-capabilities"] as Record<"au-mel" | "no-osl-1", string[]>;

/** The path of a recorded request on our API (`/v4beta/vpcs?page=1` → `/vpcs`). */
export function pathOf(r: Recorded): string {
  return r.request
    .split(" ")[1]!
    .replace(/^\/v4beta/, "")
    .replace(/\?.*$/, "");
}

/** Every key path of a JSON value in order (`subnets[].ipv6[].range`), arrays by their first entry. */
export function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.length ? keyPaths(value[0], `${prefix}[]`) : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const p = prefix ? `${prefix}.${k}` : k;
    return [p, ...keyPaths(v, p)];
  });
}
