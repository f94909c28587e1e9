/**
 * The one reader of the API's answers, driven by the API model (src/api): the API may add keys
 * and may leave optional ones out, and the client promises callers the shapes of its types. Each
 * field reads by its declaration, so no area of the client names a field to normalise it.
 */
import type { Answer, ApiField, Entity } from "../api/index.js";

/** The value as a plain object; anything else (null, arrays, text) reads as an empty one. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The value when it is an array, else an empty array. */
function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * One field's value as the client's types promise it: a list always a list (of the strings in
 * it, or of its entries read in turn) unless the answer may lack it, an object read in turn, a nullable or possibly absent
 * field null when missing, a declared `missing` value for an empty one, an alias or a longer form
 * read as the value it stands for. `undefined` leaves the key as the answer had it.
 */
function readField(field: ApiField, value: unknown): unknown {
  const t = field.type;
  // A list an answer may lack (today's `updates.pending`) is null when it does, not an empty list.
  if (field.absent && typeof t === "object" && "array" in t && (value === undefined || value === null)) return null;
  if (field.separator !== undefined) return entries(value, field.separator);
  if (t === "strings") return asArray(value).filter((v): v is string => typeof v === "string");
  if (t === "integers") return asArray(value).filter((v): v is number => Number.isInteger(v));
  if (typeof t === "object" && "array" in t) return asArray(value).map((v) => readAnswer(t.array, v));
  if (value === undefined || value === null) {
    if (field.missing !== undefined && (value === undefined || !field.nullable)) return field.missing;
    if (field.nullable || field.absent) return null;
    return typeof t === "object" ? readAnswer(t.object, value) : undefined;
  }
  if (typeof t === "object") return readAnswer(t.object, value);
  if (typeof value !== "string") return value;
  const cut = field.cutAt !== undefined ? value.split(field.cutAt)[0]! : value;
  return field.aliases && Object.hasOwn(field.aliases, cut) ? field.aliases[cut] : cut;
}

/** A list held as one string (or, read again, as a list): its trimmed, non-empty entries. */
function entries(value: unknown, separator: string): string[] {
  const parts = Array.isArray(value) ? value : typeof value === "string" ? value.split(separator) : [];
  return parts
    .filter((p): p is string => typeof p === "string")
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

/**
 * Reads an answer of `entity`: every key the answer holds is kept (unknown ones untyped), and each
 * field the answer carries is read by its declaration (see readField). Fields left out of answers
 * (`answer: false`) are not read.
 */
export function readAnswer<E extends Entity>(entity: E, raw: unknown): Answer<E> {
  const r = asRecord(raw);
  const out: Record<string, unknown> = { ...r };
  for (const [wire, field] of Object.entries(entity.fields)) {
    if (field.answer === false) continue;
    const value = readField(field, r[wire]);
    if (value !== undefined) out[wire] = value;
  }
  return out as Answer<E>;
}

/** A reader of `entity`'s answers, for the list and item operations. */
export function reader<E extends Entity>(entity: E): (raw: unknown) => Answer<E> {
  return (raw) => readAnswer(entity, raw);
}
