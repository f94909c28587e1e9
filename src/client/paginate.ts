/**
 * Pagination of the API's list operations (`{data, page, pages, results}`) as an async iterator,
 * plus a helper that collects every item.
 */
import type { ListOptions, Page } from "./wire-types.js";
import { asRecord } from "./normalize.js";

/** The largest `page_size` the API takes (api-behaviour.md, Pagination): a whole list in the fewest requests. */
export const LARGEST_PAGE = 500;

/** Fetches one page given the query (`page`, `page_size`) to send. */
export type PageFetcher<T> = (query: { page: number; page_size?: number }) => Promise<Page<T>>;

/**
 * Yields every item from `options.page` (default 1) to the last page, `options.pageSize` (default
 * {@link LARGEST_PAGE}) to a page. The options are read, never
 * written, so a caller may reuse one options object for several lists.
 */
export async function* paginate<T>(fetchPage: PageFetcher<T>, options: ListOptions = {}): AsyncGenerator<T> {
  const pageSize = options.pageSize ?? LARGEST_PAGE;
  let page = options.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw new TypeError(`page must be an integer >= 1, got ${page}`);
  for (;;) {
    const result = await fetchPage(pageSize === undefined ? { page } : { page, page_size: pageSize });
    yield* result.data;
    // Stop on an empty page too: a server that misreports `pages` must not make this loop forever.
    if (result.data.length === 0 || page >= result.pages) return;
    page++;
  }
}

/**
 * Every item of a list operation: `get` fetches the raw answer for one page's query, `read` reads
 * each item. The one shape of every `list` of the client's areas.
 */
export function listAll<T>(
  get: (query: Parameters<PageFetcher<T>>[0]) => Promise<unknown>,
  read: (item: unknown) => T,
  options?: ListOptions,
): Promise<T[]> {
  return collectAll(paginate(async (query) => toPage(await get(query), read), options));
}

/** Drains an async iterable into an array. */
export async function collectAll<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * Reads a list answer into a {@link Page}, mapping each item. A bare array is accepted as a single
 * complete page, since some operations answer that way.
 */
export function toPage<T>(raw: unknown, map: (item: unknown) => T): Page<T> {
  if (Array.isArray(raw)) return { data: raw.map(map), page: 1, pages: 1, results: raw.length };
  const body = asRecord(raw);
  const data = Array.isArray(body.data) ? body.data.map(map) : [];
  const page = typeof body.page === "number" ? body.page : 1;
  const pages = typeof body.pages === "number" ? body.pages : 1;
  const results = typeof body.results === "number" ? body.results : data.length;
  return { data, page, pages, results };
}
