/**
 * requestSnapshot against a database whose other backup ends between the refusal and the next read:
 * the API said "please wait", the database already reads active, and the snapshot is asked again
 * instead of failing the create.
 */
import { ApiError, type Database, type DatabaseEngineApi } from "../../src/client/index.js";
import { requestSnapshot } from "../../src/resources/database-snapshot/requests.js";

function fakeApi(refusal: ApiError): { api: DatabaseEngineApi; creates: () => number } {
  let creates = 0;
  const db = { id: 7, status: "active" } as Database;
  const api = {
    get: async () => db,
    listBackups: async () => [],
    createSnapshot: async () => {
      creates += 1;
      if (creates === 1) throw refusal;
      return {};
    },
  } as unknown as DatabaseEngineApi;
  return { api, creates: () => creates };
}

const refused = (reason: string, field?: string) =>
  new ApiError({
    status: 400,
    method: "POST",
    path: "/v4/databases/mysql/instances/7/backups",
    errors: [field === undefined ? { reason } : { field, reason }],
  });

test("a refusal that says the database is busy is asked again once the database is active", async () => {
  const { api, creates } = fakeApi(refused("Another backup is in progress; please wait until it completes"));
  const start = { id: 7, status: "active" } as Database;
  await requestSnapshot("mysql", api, 7, start, { label: "nightly" }, () => 60_000);
  expect(creates()).toBe(2);
});

test("a refusal of the request itself fails at once, naming the field", async () => {
  const { api, creates } = fakeApi(refused("Label must be unique among the database's backups", "label"));
  const start = { id: 7, status: "active" } as Database;
  await expect(requestSnapshot("mysql", api, 7, start, { label: "nightly" }, () => 60_000)).rejects.toThrow(
    /label: Label must be unique/,
  );
  expect(creates()).toBe(1);
});
