/** The connection URIs a database gives: the form each engine's clients take, TLS required, credentials escaped. */
import { connectionUri } from "../../src/resources/managed-database/state.js";

const secrets = { rootUsername: "root", rootPassword: "p@ss:w/rd?#%" };

test("a MySQL URI names the host and port, escapes the credentials and requires TLS", () => {
  const uri = connectionUri("mysql", "db-1-primary.example", 3306, secrets)!;
  expect(uri).toBe("mysql://root:p%40ss%3Aw%2Frd%3F%23%25@db-1-primary.example:3306/?ssl-mode=REQUIRED");
  const parsed = new URL(uri);
  expect(decodeURIComponent(parsed.password)).toBe(secrets.rootPassword);
  expect(parsed.hostname).toBe("db-1-primary.example");
});

test("a PostgreSQL URI connects to the postgres database with sslmode=require", () => {
  const uri = connectionUri("postgresql", "db-2-primary.example", 5432, { ...secrets, rootUsername: "postgres" })!;
  const parsed = new URL(uri);
  expect(parsed.protocol).toBe("postgresql:");
  expect(parsed.pathname).toBe("/postgres");
  expect(parsed.searchParams.get("sslmode")).toBe("require");
  expect(decodeURIComponent(parsed.password)).toBe(secrets.rootPassword);
});

test("there is no URI until the host and the credentials are known", () => {
  expect(connectionUri("mysql", null, 3306, secrets)).toBeUndefined();
  expect(connectionUri("mysql", "h", 3306, {})).toBeUndefined();
  expect(connectionUri("postgresql", "h", undefined, secrets)).toBeUndefined();
});
