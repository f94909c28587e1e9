/**
 * Property bags between the engine's protobuf Structs and the plain bags the resource modules take.
 * The engine wraps a secret as `{ <sig>: SECRET_SIG, value }` and sends an unknown value as the
 * same sentinel string the dynamic-provider host uses; the modules understand the sentinel but not
 * the wrapper, so secrets are unwrapped on the way in and wrapped again on the way out.
 */
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { compact } from "../shared/fields/diff.js";
import type { Bag } from "../shared/fields/validate.js";

/** The key that marks a special value in the engine's property encoding. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret value. */
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A bag with its secrets unwrapped, and the top-level keys that held one. */
export interface Unwrapped {
  bag: Bag;
  secretKeys: Set<string>;
}

function isSecret(value: unknown): value is { value?: unknown } {
  return value !== null && typeof value === "object" && (value as Bag)[SIG_KEY] === SECRET_SIG;
}

function unwrapValue(value: unknown, found: { secret: boolean }): unknown {
  if (isSecret(value)) {
    found.secret = true;
    return unwrapValue(value.value, found);
  }
  if (Array.isArray(value)) return value.map((v) => unwrapValue(v, found));
  if (value !== null && typeof value === "object") {
    const out: Bag = {};
    for (const [k, v] of Object.entries(value)) out[k] = unwrapValue(v, found);
    return out;
  }
  return value;
}

/** The plain bag of a Struct (an absent Struct is an empty bag), remembering which keys were secret. */
export function fromStruct(struct: structproto.Struct | undefined): Unwrapped {
  const raw = (struct?.toJavaScript() ?? {}) as Bag;
  const bag: Bag = {};
  const secretKeys = new Set<string>();
  for (const [key, value] of Object.entries(raw)) {
    const found = { secret: false };
    bag[key] = unwrapValue(value, found);
    if (found.secret) secretKeys.add(key);
  }
  return { bag, secretKeys };
}

/** A secret in the engine's encoding. */
export function secret(value: unknown): Bag {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/**
 * The Struct of `bag`, with the values under `secretKeys` wrapped as secrets when the engine takes
 * secrets (it always does after Configure said so). `undefined` is dropped: a Struct cannot hold it.
 */
export function toStruct(bag: Bag, secretKeys: Iterable<string> = [], acceptSecrets = true): structproto.Struct {
  const out: Bag = compact(bag);
  if (acceptSecrets)
    for (const key of secretKeys) if (out[key] !== undefined && out[key] !== null) out[key] = secret(out[key]);
  return structproto.Struct.fromJavaScript(out as Record<string, structproto.JavaScriptValue>);
}
