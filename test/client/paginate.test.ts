import { collectAll, paginate, type ListOptions, type Page } from "../../src/client/index.js";

function pages(total: number, size: number) {
  const calls: { page: number; page_size?: number }[] = [];
  const fetch = async (query: { page: number; page_size?: number }): Promise<Page<number>> => {
    calls.push(query);
    const count = Math.ceil(total / size) || 1;
    const start = (query.page - 1) * size;
    const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i);
    return { data, page: query.page, pages: count, results: total };
  };
  return { calls, fetch };
}

test("iterates every page in order, asking for the largest page the API gives", async () => {
  const { calls, fetch } = pages(7, 3);
  expect(await collectAll(paginate(fetch))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(calls).toEqual([1, 2, 3].map((page) => ({ page, page_size: 500 })));
});

test("sends page_size and starts at the requested page, leaving the options untouched", async () => {
  const { calls, fetch } = pages(7, 3);
  const options: ListOptions = Object.freeze({ page: 2, pageSize: 3 });
  expect(await collectAll(paginate(fetch, options))).toEqual([3, 4, 5, 6]);
  expect(calls).toEqual([
    { page: 2, page_size: 3 },
    { page: 3, page_size: 3 },
  ]);
  expect(options).toEqual({ page: 2, pageSize: 3 });
  // The same options object serves a second listing identically.
  expect(await collectAll(paginate(fetch, options))).toEqual([3, 4, 5, 6]);
});

test("an empty list is one request", async () => {
  const { calls, fetch } = pages(0, 100);
  expect(await collectAll(paginate(fetch))).toEqual([]);
  expect(calls).toHaveLength(1);
});

test("fetches lazily: breaking out early stops requesting", async () => {
  const { calls, fetch } = pages(10, 2);
  for await (const item of paginate(fetch)) {
    if (item === 2) break;
  }
  expect(calls).toHaveLength(2);
});

test("a server that overstates `pages` cannot cause an endless loop", async () => {
  let calls = 0;
  const fetch = async (): Promise<Page<number>> => {
    calls++;
    return { data: calls === 1 ? [1] : [], page: 1, pages: 1000, results: 1 };
  };
  expect(await collectAll(paginate(fetch))).toEqual([1]);
  expect(calls).toBe(2);
});

test("an invalid start page is refused before any request", async () => {
  const { calls, fetch } = pages(3, 3);
  await expect(collectAll(paginate(fetch, { page: 0 }))).rejects.toThrow(/page must be an integer/);
  expect(calls).toHaveLength(0);
});
