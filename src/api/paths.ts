/**
 * The words of the API's paths that name a collection (`/databases/engines`,
 * `/databases/{engine}/instances`). Some are wire names too (a subnet's `databases`, a plan's
 * `engines`), so they are spelled here, with the model, and the client's requests read them.
 */
export const PATH_WORDS = {
  databases: "databases",
  engines: "engines",
  instances: "instances",
} as const;
