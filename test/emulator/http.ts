/** A tiny fetch wrapper for the emulator contract tests: answers status, headers and parsed body. */

/** A parsed JSON body: its shape is what the tests assert, so it is not typed up front. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** What a call answered. */
export interface Answer<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Options of one call. */
export interface CallOptions {
  /** Bearer token; null sends no Authorization header. Default: the emulator's default token. */
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Makes API calls against one base URL (without `/v4`). */
export function apiCaller(baseUrl: () => string) {
  return async function call<T = Json>(method: string, path: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? "emulator-token" : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const url = path.startsWith("/_emulator") ? `${baseUrl()}${path}` : `${baseUrl()}/v4${path}`;
    const res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: Json = undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
}

/** The error entries of an answer, for compact assertions. */
export const errorsOf = (a: Answer) => (a.body as { errors: { field?: string; reason: string }[] }).errors;

/** The fields named by the errors of an answer. */
export const fieldsOf = (a: Answer) => errorsOf(a).map((e) => e.field);
