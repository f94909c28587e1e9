/**
 * The database platforms a database may be on: which one a database is on (its answers), which one
 * a new database will be on (the setting, or the engine catalogue), and what a platform refuses of
 * a request (the API model's rules for it).
 */
import type { Database, EngineType } from "../../client/index.js";
import {
  CONTRACT_PLATFORM,
  DATABASE,
  PLATFORMS,
  createRefusal,
  createdOn,
  fieldOn,
  updatedOn,
  valueRefusal,
  type ApiField,
  type Platform,
} from "../../api/index.js";
import type { Bag } from "../../shared/fields/validate.js";
import { engineIds } from "../../shared/account/catalogue.js";
import { configuredDatabasePlatform, DATABASE_PLATFORM_SETTING } from "../../shared/runtime/context.js";
import { PACKAGE } from "../../shared/engine/package.js";

/**
 * `rdbms-legacy`: the contract's databases (until late 2024); `rdbms-default`: every database the
 * API has made since (todays-platform.md). An answer without `platform` is a legacy database.
 */
export type DatabasePlatform = Platform;

/** Today's platform. */
export const TODAYS: DatabasePlatform = "rdbms-default";
/** The contract's platform. */
export const LEGACY: DatabasePlatform = CONTRACT_PLATFORM;

/**
 * The platform of a database answer, a state or the inputs last checked: the `platform` they name;
 * inputs name none (it is an output), so their engine id tells: only today's platform names an
 * engine by its major version alone (`mysql/8`), the contract's always by a full one
 * (`mysql/8.0.30`). Nothing named and no such id: the contract's.
 */
export function platformOf(bag: object | undefined): DatabasePlatform {
  const b = bag as (Bag & Partial<Database>) | undefined;
  if (b?.platform === TODAYS) return TODAYS;
  if (b?.platform === undefined && typeof b?.engineId === "string" && MAJOR_ONLY.test(b.engineId)) return TODAYS;
  return LEGACY;
}

/**
 * The platform the API makes a new database of `engine` on, or undefined when it cannot be told
 * (no API configured, the catalogue unreadable: the API then judges at `up`). The setting
 * `cloudplatform:databasePlatform` decides when given; otherwise the engine catalogue: today's
 * platform lists each engine by its major version only (`mysql/8`, `postgresql/16`), the
 * contract's by full versions (`mysql/8.0.30`), and a create takes only the ids it lists.
 */
export async function newDatabasePlatform(engine: EngineType): Promise<DatabasePlatform | undefined> {
  const set = configuredDatabasePlatform();
  if (set !== undefined) return (PLATFORMS as readonly string[]).includes(set) ? (set as DatabasePlatform) : undefined;
  const ids = (await engineIds())?.filter((id) => id.startsWith(`${engine}/`));
  if (!ids || ids.length === 0) return undefined;
  return ids.every((id) => MAJOR_ONLY.test(id)) ? TODAYS : LEGACY;
}

/** Why the platform setting is refused, or undefined when it is one of the platforms or unset. */
export function platformSettingProblem(): string | undefined {
  const set = configuredDatabasePlatform();
  if (set === undefined || (PLATFORMS as readonly string[]).includes(set)) return undefined;
  return (
    `${PACKAGE}:${DATABASE_PLATFORM_SETTING.key} (or ${DATABASE_PLATFORM_SETTING.envVar}) must be ` +
    `${PLATFORMS.map((p) => `"${p}"`).join(" or ")}, got ${JSON.stringify(set)}`
  );
}

/** An engine id of today's platform: the engine and its major version only. */
const MAJOR_ONLY = /^[a-z]+\/[0-9]+$/;

/** The engine id of a database answer on `platform`: today's keeps the major version (`8.0.35` is `mysql/8`). */
export function engineIdOf(engine: string, version: string | null | undefined, platform: DatabasePlatform): string {
  return `${engine}/${platform === TODAYS && typeof version === "string" ? version.split(".")[0] : version}`;
}

/** The major version of an engine id (`postgresql/16` is 16), or undefined when it has none. */
export function majorOf(engineId: unknown): number | undefined {
  if (typeof engineId !== "string") return undefined;
  const match = /^[a-z]+\/([0-9]+)(?:\.|$)/.exec(engineId);
  return match ? Number(match[1]) : undefined;
}

/**
 * What `platform` refuses of a request body, by the model's entries for it (src/api: a field a
 * create does not take, a fixed value, a value outside the platform's enum or pattern), as
 * failures of the inputs that set them (`inputOf` maps an API key to its input), naming the field
 * and the platform and quoting the API's reason. `create`: judged as a create, else as an update.
 */
export function platformRefusals(
  platform: DatabasePlatform,
  body: Bag,
  inputOf: (key: string) => string,
  create: boolean,
): { property: string; reason: string }[] {
  const out: { property: string; reason: string }[] = [];
  for (const [key, value] of Object.entries(body)) {
    const field = (DATABASE.fields as Record<string, Parameters<typeof fieldOn>[0]>)[key];
    if (!field) continue;
    const why = create ? createRefusal(field, platform, value) : valueRefusal(fieldOn(field, platform), value);
    if (why === undefined) continue;
    const input = inputOf(key);
    out.push({
      property: input,
      reason:
        `${input} ${JSON.stringify(value)} is refused on the ${platform} platform${platform === TODAYS ? " (every database the API has made since late 2024)" : ""}: ` +
        `the API answers "${why}"${fieldOn(field, platform).create === "refused" ? `; leave ${input} out` : ""}`,
    });
  }
  return out;
}

/**
 * The inputs (`bodies`: each set input with the request entries it writes) that `platform` takes in no request at all (today's `privateNetwork` on
 * the contract's platform, whose API answers it as an unknown field), each refused naming the
 * input and the platform. A field the platform knows and refuses with its own text is
 * {@link platformRefusals}'s.
 */
export function untakenInputs(
  platform: DatabasePlatform,
  bodies: Record<string, Bag>,
): { property: string; reason: string }[] {
  return Object.entries(bodies).flatMap(([input, body]) =>
    Object.keys(body).flatMap((wire) => {
      const field = (DATABASE.fields as Record<string, ApiField>)[wire];
      if (!field || createdOn(field, platform) || updatedOn(field, platform)) return [];
      if (fieldOn(field, platform).create === "refused") return [];
      const takers = PLATFORMS.filter((p) => createdOn(field, p) || updatedOn(field, p));
      return [
        {
          property: input,
          reason:
            `${input} is refused on the ${platform} platform${platform === LEGACY ? " (the contract's: databases made until late 2024)" : ""}: ` +
            `the API takes ${wire} only on ${takers.join(", ")}; leave ${input} out`,
        },
      ];
    }),
  );
}
