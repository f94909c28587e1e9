/**
 * The rules of each database platform that are not one field's (a field's own are its entry's
 * `platforms`, field.ts): cluster sizes per plan, the engine id's form, the texts the API refuses
 * with. Facts and sources from todays-platform.md; `rdbms-legacy` is the contract's.
 */
import type { Engine, Platform } from "./field.js";

/**
 * The platform the API makes every new database on today (todays-vpcs.md §4: since late 2024; the
 * legacy one was retired in 2025), and the emulator's default.
 */
export const TODAYS_PLATFORM: Platform = "rdbms-default";

/** What a platform does beyond its fields' entries. */
export interface PlatformRules {
  /** The engine id a create takes and the catalogue lists: the full version, or the major only. */
  readonly engineId: "full" | "major";
  /** The cluster sizes a plan takes, by the plan's class (its id's middle part: `dedicated`, `standard`, `nanode`). */
  readonly clusterSizes: (planClass: string) => readonly number[];
  /** Whether the cluster size, the plan and the major version change in place (a resize or upgrade), or only `type` grows. */
  readonly resizeInPlace: boolean;
  /** Whether the platform keeps backups (`GET …/backups`, snapshots, restores); today's restores by fork. */
  readonly backups: boolean;
  /** The reason a PUT while provisioning is refused with (400, no field). */
  readonly updateWhileProvisioning: string;
  /** Where the facts come from. */
  readonly source: string;
}

/** Each platform's rules. */
export const PLATFORM_RULES: { readonly [P in Platform]: PlatformRules } = {
  "rdbms-legacy": {
    engineId: "full",
    clusterSizes: () => [1, 3],
    resizeInPlace: false,
    backups: true,
    updateWhileProvisioning:
      "Your database is provisioning; please wait until provisioning is complete to perform this operation.",
    source: "the contract (cloud-api-v4.md): Managed database, cluster sizes 1, 3; Database backup",
  },
  "rdbms-default": {
    engineId: "major",
    clusterSizes: (planClass) => (planClass === "dedicated" ? [1, 2, 3] : [1, 3]),
    resizeInPlace: true,
    backups: false,
    updateWhileProvisioning:
      "Your database is provisioning; please wait until provisioning is complete to perform this operation.",
    source:
      "todays-platform.md §1.3 (types: quantities 1, 3 on shared plans, 1, 2, 3 on dedicated), §2.2 (resizes and upgrades in place), §2.3 (TF PR #1727), §8 (no backups)",
  },
};

/** The class of a plan id (`g6-dedicated-2` → `dedicated`), which decides its cluster sizes. */
export function planClass(type: string): string {
  return type.split("-")[1] ?? "";
}

/** The cluster sizes `platform` takes on plan `type`. */
export function clusterSizesOf(platform: Platform, type: string): readonly number[] {
  return PLATFORM_RULES[platform].clusterSizes(planClass(type));
}

/** An engine id as `platform` spells it: `mysql/8.0.30` on the contract's, `mysql/8` on today's. */
export function engineIdOn(platform: Platform, engine: Engine, version: string): string {
  return `${engine}/${PLATFORM_RULES[platform].engineId === "major" ? majorOf(version) : version}`;
}

/** The major part of a version (`8.0.35` → `8`, `14.6` → `14`). */
export function majorOf(version: string): string {
  return version.split(".")[0]!;
}

/**
 * The engine catalogue of today's platform as recorded (todays-platform.md §1.2, 2025-01-22):
 * one MySQL and five PostgreSQL majors, answered with keys `engine, id, version`.
 */
export const TODAYS_ENGINES: readonly { readonly engine: Engine; readonly version: string }[] = [
  { engine: "mysql", version: "8" },
  { engine: "postgresql", version: "13" },
  { engine: "postgresql", version: "14" },
  { engine: "postgresql", version: "15" },
  { engine: "postgresql", version: "16" },
  { engine: "postgresql", version: "17" },
];
