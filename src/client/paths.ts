/**
 * The parts of a request's URL: API paths built from escaped segments, engine ids as two segments,
 * and the query without its unset entries.
 */

/** Query values; undefined entries are left out of the URL. */
export type Query = Record<string, string | number | undefined>;

/**
 * Builds an API path from raw segments, escaping each with encodeURIComponent, so an id can never
 * reach a different route. Empty segments are refused: `/vpcs/` would silently be the list; so are
 * `.` and `..`, which URL parsing would resolve (`/regions/..` is `/v4/`).
 */
export function apiPath(...segments: (string | number)[]): string {
  return segments
    .map((segment) => {
      if (typeof segment === "number" && !Number.isFinite(segment)) {
        throw new TypeError(`Invalid path segment ${segment}`);
      }
      const text = String(segment);
      if (text === "") throw new TypeError("Empty path segment");
      // URL parsing resolves `.` and `..` (escaped or not), which would send the call to another route.
      if (text === "." || text === "..") throw new TypeError(`Invalid path segment "${text}"`);
      return `/${encodeURIComponent(text)}`;
    })
    .join("");
}

/**
 * Splits an engine id (`mysql/8.0.30`) into the two path segments the API expects
 * (`/databases/engines/mysql/8.0.30`); each is then escaped on its own by {@link apiPath}.
 */
export function engineIdSegments(engineId: string): string[] {
  const slash = engineId.indexOf("/");
  if (slash <= 0 || slash === engineId.length - 1) {
    throw new TypeError(`Invalid engine id "${engineId}": expected <engine>/<version>, e.g. mysql/8.0.30`);
  }
  return [engineId.slice(0, slash), engineId.slice(slash + 1)];
}

/** The query got sends: unset entries left out; undefined when none is left. */
export function queryParams(query: Query | undefined): Record<string, string | number> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) out[key] = value;
  return Object.keys(out).length > 0 ? out : undefined;
}
