/**
 * Removing the API token from text the client passes on (error messages, fields the API echoed).
 * Only the token as a token is replaced: the value after `Bearer` or an `Authorization:` header
 * name, and the token's text where it stands alone; a short token inside a longer word is a word.
 * Replacing every occurrence of a short token's text would mangle messages (`t` turned "Not
 * found" into "No[REDACTED] found") while protecting nothing.
 */

/** Characters a token is made of; the token's text next to one of them is part of a longer word. */
const WORD = "A-Za-z0-9_-";

/** The value of an Authorization header or a `Bearer` credential, whoever's token it is. */
const CREDENTIAL = /\b(Bearer\s+|[Aa]uthorization\s*[:=]\s*(?:Bearer\s+)?)("?)[^\s"',;]+/g;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** From this length on, the token's text is the token wherever it appears: no word is that long by chance. */
const LONG = 16;

/**
 * `text` with credentials and the token replaced by `[REDACTED]`: a token of {@link LONG} or more
 * characters wherever it appears, a shorter one only where it stands alone.
 */
export function redactToken(text: string, token: string | undefined): string {
  const out = text.replace(CREDENTIAL, (_m, lead: string, quote: string) => `${lead}${quote}[REDACTED]`);
  if (!token) return out;
  if (token.length >= LONG) return out.split(token).join("[REDACTED]");
  return out.replace(new RegExp(`(?<![${WORD}])${escape(token)}(?![${WORD}])`, "g"), "[REDACTED]");
}
