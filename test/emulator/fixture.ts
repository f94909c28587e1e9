import type { TestEmulator } from "../support/emulator.js";
import { apiCaller } from "./http.js";

/** Ids of a small account built for operation tests. */
export interface Fixture {
  vpcId: number;
  subnetId: number;
  db: Record<"mysql" | "postgresql", { id: number; backupId: number }>;
}

/**
 * Resets the emulator and builds a VPC with one subnet, plus one active MySQL and one active
 * PostgreSQL database with one snapshot backup each. Timings are zero so that everything is done
 * by the next read; the caller may set timings again afterwards.
 */
export async function buildFixture(em: TestEmulator): Promise<Fixture> {
  const call = apiCaller(() => em.url);
  await em.control.reset();
  await em.control.setTimings({
    provisioningSeconds: 0,
    snapshotSeconds: 0,
    updatingSeconds: 0,
    restoreSeconds: 0,
    patchSeconds: 0,
    credentialsResetSeconds: 0,
  });
  const vpc = await call("POST", "/vpcs", {
    body: { label: "fixture-vpc", region: "us-east", subnets: [{ label: "fixture-subnet", ipv4: "10.0.0.0/24" }] },
  });
  if (vpc.status !== 200) throw new Error(`fixture VPC: ${vpc.text}`);
  const db = {} as Fixture["db"];
  for (const engine of ["mysql", "postgresql"] as const) {
    const version = engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6";
    const created = await call("POST", `/databases/${engine}/instances`, {
      body: { label: `fixture-${engine}`, region: "us-east", type: "g6-standard-1", engine: version, cluster_size: 3 },
    });
    if (created.status !== 200) throw new Error(`fixture ${engine}: ${created.text}`);
    const id = created.body.id as number;
    const snap = await call("POST", `/databases/${engine}/instances/${id}/backups`, { body: { label: "fixture" } });
    if (snap.status !== 200) throw new Error(`fixture snapshot: ${snap.text}`);
    const backups = await call("GET", `/databases/${engine}/instances/${id}/backups`);
    db[engine] = { id, backupId: backups.body.data[0].id as number };
  }
  return { vpcId: vpc.body.id, subnetId: vpc.body.subnets[0].id, db };
}
