/** What the account may choose from: the contract's "Region", "Region availability entry", "Database engine". */
import { DISK_SIZES } from "./databases.js";
import { entity, type PlatformUse } from "./field.js";

const RESOLVERS = entity({
  name: "resolvers",
  fields: {
    ipv4: {
      type: "string",
      separator: ",",
      source: "Region: | resolvers | object | `ipv4` ... a string holding comma-separated resolver addresses |",
    },
    ipv6: {
      type: "string",
      separator: ",",
      source: "Region: | resolvers | object | `ipv6` ... a string holding comma-separated resolver addresses |",
    },
  },
});

/** A region. */
export const REGION = entity({
  name: "Region",
  published: "Region",
  fields: {
    id: { type: "string", source: "Region: | id | string | unique region id |" },
    label: { type: "string", source: "Region: | label | string |" },
    country: { type: "string", source: "Region: | country | string |" },
    capabilities: { type: "strings", source: "Region: | capabilities | array of strings |" },
    resolvers: { type: { object: RESOLVERS }, source: "Region: | resolvers | object |" },
    status: { type: "string", enum: ["ok", "outage"], source: "Region: | status | string | enum: `ok`, `outage` |" },
  },
});

/** Availability of one plan in one region. */
export const AVAILABILITY = entity({
  name: "Region availability entry",
  published: "RegionAvailability",
  fields: {
    region: { type: "string", filterable: true, source: "Region availability entry: | region | string |" },
    plan: { type: "string", filterable: true, source: "Region availability entry: | plan | string |" },
    available: { type: "boolean", filterable: true, source: "Region availability entry: | available | boolean |" },
  },
});

/** A database engine of the catalogue. */
export const ENGINE = entity({
  name: "Database engine",
  published: "DatabaseEngine",
  fields: {
    id: { type: "string", source: "Database engine: | id | string | `<engine>/<version>` |" },
    engine: { type: "string", filterable: true, source: "Database engine: | engine | string | engine type |" },
    version: { type: "string", filterable: true, source: "Database engine: | version | string |" },
    ...(Object.fromEntries(
      Object.entries(DISK_SIZES).map(([k, f]) => [
        k,
        {
          ...f,
          platforms: {
            "rdbms-default": { answer: false, source: "todays-platform.md §1.2: keys engine, id, version" },
          },
        },
      ]),
    ) as { [K in keyof typeof DISK_SIZES]: (typeof DISK_SIZES)[K] & { platforms: { "rdbms-default": PlatformUse } } }),
  },
});
