import { BadRequest } from "./failures.js";
import { applyFilter } from "./x-filter.js";

/** The API's list envelope. */
export interface PageOf<T> {
  data: T[];
  page: number;
  pages: number;
  results: number;
}

/** Query parameters of every list operation, as strings straight from the URL. */
export interface PageQuery {
  page?: string;
  page_size?: string;
}

const INTEGER = /^[0-9]+$/;

/**
 * Slices `items` into the requested page. `page_size` defaults to 100 and must be 25..500;
 * `page` starts at 1. A page past the end answers an empty `data` with the page asked for.
 */
export function paginate<T>(items: T[], query: PageQuery = {}): PageOf<T> {
  const page = query.page === undefined ? 1 : INTEGER.test(query.page) ? Number(query.page) : NaN;
  const size = query.page_size === undefined ? 100 : INTEGER.test(query.page_size) ? Number(query.page_size) : NaN;
  const errors = [];
  if (!(page >= 1)) errors.push({ field: "page", reason: "Must be an integer of at least 1" });
  if (!(size >= 25 && size <= 500)) errors.push({ field: "page_size", reason: "Must be an integer from 25 to 500" });
  if (errors.length > 0) throw new BadRequest(errors);
  const pages = Math.max(1, Math.ceil(items.length / size));
  return { data: items.slice((page - 1) * size, page * size), page, pages, results: items.length };
}

/**
 * One page of a list operation's answer: `items` filtered and ordered by the request's `X-Filter`
 * header (x-filter.ts, `fields` the list's filterable fields), then paginated, so `results` and
 * `pages` count the filtered list.
 */
export function listPage<T>(
  items: T[],
  req: { query: PageQuery; headers: Record<string, string | string[] | undefined> },
  fields: readonly string[],
): PageOf<T> {
  return paginate(applyFilter(items, req.headers["x-filter"], fields), req.query);
}
