/**
 * Resource validation arguments as `@pulumi/policy`'s analyzer builds them from the engine's
 * request: the properties pass through its own `deserializeProperties` (from the wire's protobuf
 * Struct, unknown values as Pulumi's sentinel strings) and its unknown-checking proxy, so a policy
 * under test reads them exactly as it does in a pack. Both flavours' type tokens and URNs.
 */
import type { ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

// Internal modules of @pulumi/policy: the very functions its analyzer applies to every request.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deserializeProperties } = require("@pulumi/policy/deserialize") as {
  deserializeProperties(struct: Struct, proxySecrets: boolean): Record<string, unknown>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { unknownCheckingProxy } = require("@pulumi/policy/proxy") as {
  unknownCheckingProxy<T>(props: T): T;
};

/** Pulumi's wire sentinel of an unknown value (a string, a list, a number ... not known yet). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * How the two flavours reach a policy. Measured through the engine (v3.248.0, @pulumi/pulumi
 * 3.248): a dynamic database's type is the named dynamic type, in its URN too, and its checked
 * inputs hold neither `__provider` nor `__resourceUrn`. A pack is also given the generic dynamic
 * type with the serialized provider among the inputs, as other SDKs register them.
 */
export const FLAVOURS = {
  /** The dynamic resources, as measured. */
  dynamic: (type: string) => ({
    type: `pulumi-nodejs:dynamic/cloudplatform:${type}`,
    urnType: `pulumi-nodejs:dynamic/cloudplatform:${type}`,
    extra: {},
  }),
  /** The dynamic resources under the generic type, the serialized provider among the inputs. */
  dynamicGeneric: (type: string) => ({
    type: "pulumi-nodejs:dynamic:Resource",
    urnType: `pulumi-nodejs:dynamic/cloudplatform:${type}`,
    extra: { __provider: "exports.handler = __f0;\nfunction __f0() { return 1; }" },
  }),
  /** The plugin's resources. */
  plugin: (type: string) => ({
    type: `cloudplatform:index:${type}`,
    urnType: `cloudplatform:index:${type}`,
    extra: {},
  }),
};

/** One flavour's name. */
export type FlavourName = keyof typeof FLAVOURS;

/** Options of {@link argsFor}. */
export interface ArgsOptions {
  flavour?: FlavourName;
  type?: string;
  name?: string;
  stack?: string;
  protect?: boolean;
  /** The parent's type, for a resource inside a component. */
  parentType?: string;
  config?: Record<string, unknown>;
}

/** The arguments a resource policy is called with for a resource with inputs `props`. */
export function argsFor(props: Record<string, unknown>, options: ArgsOptions = {}): ResourceValidationArgs {
  const { flavour = "plugin", type = "MysqlDatabase", name = "orders", stack = "dev", protect = false } = options;
  const shape = FLAVOURS[flavour](type);
  const qualified = options.parentType ? `${options.parentType}$${shape.urnType}` : shape.urnType;
  const struct = Struct.fromJavaScript({ ...shape.extra, ...props } as never);
  const proxied = unknownCheckingProxy(deserializeProperties(struct, false));
  return {
    type: shape.type,
    urn: `urn:pulumi:${stack}::shop::${qualified}::${name}`,
    name,
    props: proxied,
    opts: {
      protect,
      ignoreChanges: [],
      aliases: [],
      additionalSecretOutputs: [],
      customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
    },
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => (options.config ?? {}) as T,
    notApplicable: (reason?: string): never => {
      throw new Error(`notApplicable: ${reason}`);
    },
  };
}

/** The messages `policy` reports for a resource with inputs `props`. */
export async function violations(
  policy: ResourceValidationPolicy,
  props: Record<string, unknown>,
  options: ArgsOptions = {},
): Promise<string[]> {
  const messages: string[] = [];
  const validations = [policy.validateResource ?? []].flat();
  for (const validate of validations) await validate(argsFor(props, options), (message) => messages.push(message));
  return messages;
}

/** The inputs `check` hands on for a database that every policy passes, with `overrides`. */
export function compliant(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    label: "orders-db",
    region: "us-east",
    type: "g6-standard-1",
    engineId: "mysql/8.0.30",
    clusterSize: 3,
    encrypted: true,
    sslConnection: true,
    replicationType: "semi_synch",
    allowList: ["203.0.113.7/32", "10.0.0.0/16"],
    ...overrides,
  };
}
