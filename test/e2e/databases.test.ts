/**
 * Managed databases through the real engine: `up` waits out provisioning and shows hosts, port and
 * status, the credentials, CA certificate and connection URIs stay secret (also in the raw state files), a preview
 * right after `up` is clean, an allow-list change is an in-place update that leaves no diff behind,
 * and a region change replaces the database even though the label stays the same.
 */
import type { TestStack } from "../support/pulumi";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { PostgresqlDatabase } from "../../src/resources/postgresql-database/class";
import { api, list, readStateFiles, useE2e } from "./helpers";

interface ApiDatabase {
  id: number;
  label: string;
  region: string;
  status: string;
  allow_list: string[];
}

const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 2, updatingSeconds: 1 }));
let testStack: TestStack;

/** What the program asks for; the stories change it between runs. */
const wanted = { region: "us-east", allowList: ["10.0.0.0/16"] };

beforeAll(async () => {
  testStack = await e2e.stack(async () => {
    const orders = new MysqlDatabase("orders", {
      label: "orders-db",
      region: wanted.region,
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
      allowList: wanted.allowList,
    });
    const analytics = new PostgresqlDatabase("analytics", {
      label: "analytics-db",
      region: "us-west",
      type: "g6-nanode-1",
      engineId: "postgresql/14.6",
      clusterSize: 3,
      // The API answers "async" for PostgreSQL while the state keeps one spelling: no diff either way.
      replicationType: "async",
    });
    return {
      ordersId: orders.instanceId,
      ordersRegion: orders.region,
      ordersAllowList: orders.allowList,
      ordersHosts: orders.hosts,
      ordersPort: orders.port,
      ordersStatus: orders.status,
      ordersUser: orders.rootUsername,
      ordersPassword: orders.rootPassword,
      ordersCa: orders.caCertificate,
      ordersUri: orders.connectionUri,
      ordersSecondaryUri: orders.secondaryConnectionUri,
      analyticsId: analytics.instanceId,
      analyticsHosts: analytics.hosts,
      analyticsPort: analytics.port,
      analyticsStatus: analytics.status,
      analyticsUser: analytics.rootUsername,
      analyticsPassword: analytics.rootPassword,
      analyticsUri: analytics.connectionUri,
    };
  });
}, 120_000);

test("up waits until both databases are active and shows their hosts, ports and status", async () => {
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toEqual({ create: 3 });

  const o = up.outputs;
  const ordersId = o.ordersId.value as number;
  const analyticsId = o.analyticsId.value as number;
  expect(o.ordersStatus.value).toBe("active");
  expect(o.ordersPort.value).toBe(3306);
  expect(o.ordersHosts.value).toEqual({
    primary: `db-${ordersId}-primary.us-east.emulator.internal`,
    secondary: `db-${ordersId}-secondary.us-east.emulator.internal`,
  });
  expect(o.analyticsStatus.value).toBe("active");
  expect(o.analyticsPort.value).toBe(5432);
  expect((o.analyticsHosts.value as { primary: string }).primary).toBe(
    `db-${analyticsId}-primary.us-west.emulator.internal`,
  );

  const mysql = await api<ApiDatabase>(e2e.emulator, "GET", `/databases/mysql/instances/${ordersId}`);
  expect(mysql).toMatchObject({ label: "orders-db", status: "active", allow_list: ["10.0.0.0/16"] });
  const postgres = await api<ApiDatabase>(e2e.emulator, "GET", `/databases/postgresql/instances/${analyticsId}`);
  expect(postgres).toMatchObject({ label: "analytics-db", status: "active", region: "us-west" });
});

test("root credentials, the CA certificate and the connection URIs are secret outputs and never plain text in the state files", async () => {
  const outputs = await testStack.stack.outputs();
  for (const name of [
    "ordersUser",
    "ordersPassword",
    "ordersCa",
    "ordersUri",
    "ordersSecondaryUri",
    "analyticsUser",
    "analyticsPassword",
    "analyticsUri",
  ]) {
    expect({ name, secret: outputs[name].secret }).toEqual({ name, secret: true });
  }
  for (const name of ["ordersHosts", "ordersPort", "ordersStatus"]) {
    expect({ name, secret: outputs[name].secret }).toEqual({ name, secret: false });
  }

  // The secret values are the real ones, as the API hands them out.
  const ordersId = outputs.ordersId.value as number;
  const analyticsId = outputs.analyticsId.value as number;
  const mysqlCredentials = await api<{ username: string; password: string }>(
    e2e.emulator,
    "GET",
    `/databases/mysql/instances/${ordersId}/credentials`,
  );
  const pgCredentials = await api<{ username: string; password: string }>(
    e2e.emulator,
    "GET",
    `/databases/postgresql/instances/${analyticsId}/credentials`,
  );
  const mysqlCa = await api<{ ca_certificate: string }>(
    e2e.emulator,
    "GET",
    `/databases/mysql/instances/${ordersId}/ssl`,
  );
  expect(outputs.ordersUser.value).toBe("root");
  expect(outputs.ordersPassword.value).toBe(mysqlCredentials.password);
  expect(outputs.ordersCa.value).toBe(mysqlCa.ca_certificate);
  expect(outputs.analyticsUser.value).toBe("postgres");
  expect(outputs.analyticsPassword.value).toBe(pgCredentials.password);
  const secret = (text: string) => encodeURIComponent(text);
  expect(outputs.ordersUri.value).toBe(
    `mysql://root:${secret(mysqlCredentials.password)}@db-${ordersId}-primary.us-east.emulator.internal:3306/?ssl-mode=REQUIRED`,
  );
  expect(outputs.ordersSecondaryUri.value).toBe(
    `mysql://root:${secret(mysqlCredentials.password)}@db-${ordersId}-secondary.us-east.emulator.internal:3306/?ssl-mode=REQUIRED`,
  );
  expect(outputs.analyticsUri.value).toBe(
    `postgresql://postgres:${secret(pgCredentials.password)}@db-${analyticsId}-primary.us-west.emulator.internal:5432/postgres?sslmode=require`,
  );

  const state = readStateFiles(testStack.workDir);
  expect(state).toContain("orders-db"); // the files are the state, not something else
  expect(state).not.toContain(mysqlCredentials.password);
  expect(state).not.toContain(pgCredentials.password);
  expect(state).not.toContain(mysqlCa.ca_certificate);
});

test("a preview right after up shows no changes", async () => {
  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 3 });
});

test("a refresh right after up finds no drift, and the preview after it is still clean", async () => {
  const refresh = await testStack.stack.refresh({ color: "never" });
  expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 3 });
});

test("adding an address to the allow list is an in-place update, and the normalised list leaves no diff", async () => {
  const ordersId = (await testStack.stack.outputs()).ordersId.value as number;
  wanted.allowList = ["10.0.0.0/16", "203.0.113.7"];

  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 2, update: 1 });
  expect(preview.stdout).toContain("allowList");

  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(up.outputs.ordersId.value).toBe(ordersId);
  expect(up.outputs.ordersAllowList.value).toEqual(["10.0.0.0/16", "203.0.113.7/32"]);
  expect(up.outputs.ordersStatus.value).toBe("active");
  const mysql = await api<ApiDatabase>(e2e.emulator, "GET", `/databases/mysql/instances/${ordersId}`);
  expect(mysql.allow_list).toEqual(["10.0.0.0/16", "203.0.113.7/32"]);

  // The program still says "203.0.113.7"; the state says "/32". That is the same list.
  const again = await testStack.stack.preview({ color: "never", diff: true });
  expect(again.changeSummary).toEqual({ same: 3 });
});

test("changing the region replaces the database, deleting the old one first because the label stays", async () => {
  const oldId = (await testStack.stack.outputs()).ordersId.value as number;
  wanted.region = "eu-central";

  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 2, replace: 1 });
  expect(preview.stdout).toContain("region");

  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toEqual({ same: 2, replace: 1 });
  const newId = up.outputs.ordersId.value as number;
  expect(newId).not.toBe(oldId);
  expect(up.outputs.ordersRegion.value).toBe("eu-central");
  expect(up.outputs.ordersStatus.value).toBe("active");

  const mysql = await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances");
  expect(mysql.map((d) => ({ id: d.id, label: d.label, region: d.region }))).toEqual([
    { id: newId, label: "orders-db", region: "eu-central" },
  ]);

  const again = await testStack.stack.preview({ color: "never", diff: true });
  expect(again.changeSummary).toEqual({ same: 3 });
});

test("destroy removes both databases", async () => {
  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
});
