/**
 * Small readers shared by the per-area normalizers: the API may add keys and may leave optional
 * ones out, and the client promises callers that absent optional keys read as null.
 */

/** The value as a plain object; anything else (null, arrays, text) reads as an empty one. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The value, or null when the key was absent or undefined. */
export function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

/** The value when it is an array, else an empty array. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
