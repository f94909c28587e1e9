/**
 * A managed database as a policy sees it, whichever way the program declared it. The engine hands a
 * policy the resource's type, URN, checked inputs and resource options:
 *
 * - the plugin's resources (`pulumi-cloudplatform/plugin`) have the type `cloudplatform:index:MysqlDatabase`
 *   (or `PostgresqlDatabase`);
 * - the dynamic resources (`pulumi-cloudplatform`) have the type
 *   `pulumi-nodejs:dynamic/cloudplatform:MysqlDatabase`, in their URN too (measured with
 *   `@pulumi/pulumi` 3.248 on the engine v3.248.0; the checked inputs hold neither `__provider` nor
 *   `__resourceUrn`). The generic `pulumi-nodejs:dynamic:Resource` is recognised by its URN.
 *
 * Both carry the same inputs (`allowList`, `encrypted`, ...), with the defaults `check` fills in. An
 * input left out is read as its default from the field table, as the API would take it.
 */
import type { EngineType } from "../client/index.js";
import { DATABASE_FIELDS } from "../resources/managed-database/fields.js";
import { PACKAGE, token } from "../shared/engine/package.js";
import { read, type Read } from "./known.js";

/** The resource type names of the two databases, by engine. */
const DATABASE_TYPES: Record<string, EngineType> = { MysqlDatabase: "mysql", PostgresqlDatabase: "postgresql" };

/** What a resource policy is handed (the part of `@pulumi/policy`'s `ResourceValidationArgs` read here). */
export interface PolicyResource {
  /** The resource's type token. */
  type: string;
  /** The resource's URN. */
  urn: string;
  /** The resource's name in the program. */
  name: string;
  /** Its inputs, as checked by the provider. */
  props: Record<string, unknown>;
  /** Its resource options; `protect` is the one read here. */
  opts?: { protect?: boolean };
}

/** A database resource a policy judges. */
export interface DatabaseView {
  /** `MysqlDatabase` or `PostgresqlDatabase`. */
  readonly typeName: string;
  readonly engine: EngineType;
  /** The resource's name in the program. */
  readonly name: string;
  /** The stack the resource belongs to (from its URN). */
  readonly stack: string;
  /** How messages name the resource: `MysqlDatabase "orders"`. */
  readonly title: string;
  /** An input, its default when left out; not known when the program's value is not known yet. */
  input(key: keyof typeof DATABASE_FIELDS & string): Read;
  /** The inputs themselves, for list inputs read item by item (known.ts). */
  readonly props: Record<string, unknown>;
  /** Whether the resource has the `protect` option. */
  readonly protect: boolean;
}

/** The parts of a URN: `urn:pulumi:<stack>::<project>::<parent types$><type>::<name>`. */
export function urnParts(urn: string): { stack: string; type: string } | undefined {
  const parts = urn.split("::");
  if (parts.length < 4 || !parts[0]!.startsWith("urn:pulumi:")) return undefined;
  const qualified = parts[2]!;
  return { stack: parts[0]!.slice("urn:pulumi:".length), type: qualified.slice(qualified.lastIndexOf("$") + 1) };
}

/** The database type name (`MysqlDatabase`) a type token stands for, of either flavour. */
function typeNameOf(typeToken: string): string | undefined {
  for (const name of Object.keys(DATABASE_TYPES))
    if (typeToken === token(name) || typeToken === `pulumi-nodejs:dynamic/${PACKAGE}:${name}`) return name;
  return undefined;
}

/** The database `resource` is, or undefined when it is no database of this package. */
export function databaseOf(resource: PolicyResource): DatabaseView | undefined {
  const urn = urnParts(resource.urn);
  const typeName = typeNameOf(resource.type) ?? (urn ? typeNameOf(urn.type) : undefined);
  if (!typeName || !urn) return undefined;
  const props = resource.props;
  return {
    typeName,
    engine: DATABASE_TYPES[typeName]!,
    name: resource.name,
    stack: urn.stack,
    title: `${typeName} "${resource.name}"`,
    props,
    protect: resource.opts?.protect === true,
    input(key) {
      const value = read(props, key);
      if (!value.known || (value.value !== undefined && value.value !== null)) return value;
      // What the API takes where the program is silent: its platform's own default (today's disks
      // are always encrypted), which a database that exists names in its `platform` output.
      const field = DATABASE_FIELDS[key] as { default?: unknown; todays?: { default?: unknown } };
      const platform = read(props, "platform" satisfies keyof typeof DATABASE_FIELDS);
      const todays = platform.known && platform.value === "rdbms-default" && field.todays && "default" in field.todays;
      return { known: true, value: todays ? field.todays!.default : field.default };
    },
  };
}
