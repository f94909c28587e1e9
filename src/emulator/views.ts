/** Renders store records as the API's response objects. */
import { timestamp } from "./clock.js";
import { firstHost, maskOf, parseCidr, type Cidr } from "./ipv4.js";
import type { BackupRecord, DatabaseRecord, EventRecord, SubnetRecord, VpcRecord } from "./state.js";
import type { Store } from "./store.js";
import { settingsView } from "./databases/settings.js";
import { laterDatabaseView } from "./answer-shapes.js";
import { SUBNET } from "../api/index.js";
import { plainView } from "./plain.js";

const at = (ms: number | null) => (ms === null ? null : timestamp(ms));

/** A subnet with the compute instances whose interfaces use it. */
export function subnetView(store: Store, subnet: SubnetRecord) {
  const computes = new Map<number, { id: number; interfaces: { id: number; active: boolean }[] }>();
  for (const i of store.computes.usersOf(subnet.id)) {
    const entry = computes.get(i.computeId) ?? { id: i.computeId, interfaces: [] };
    entry.interfaces.push({ id: i.id, active: i.active });
    computes.set(i.computeId, entry);
  }
  return {
    id: subnet.id,
    label: subnet.label,
    ipv4: subnet.ipv4,
    ...plainView(SUBNET, subnet),
    computes: [...computes.values()],
    created: at(subnet.created),
    updated: at(subnet.updated),
  };
}

/** A VPC with its full subnet objects. */
export function vpcView(store: Store, vpc: VpcRecord) {
  return {
    id: vpc.id,
    label: vpc.label,
    description: vpc.description,
    region: vpc.region,
    subnets: store.vpcs.subnetsOf(vpc.id).map((s) => subnetView(store, s)),
    created: at(vpc.created),
    updated: at(vpc.updated),
  };
}

/** VPC IP entries: one per interface address and one per routed range, in a VPC or the account. */
export function ipViews(store: Store, vpcId?: number) {
  return store.computes.interfacesIn(vpcId).flatMap((i) => {
    const subnet = store.state.subnets.find((s) => s.id === i.subnet_id);
    const vpc = store.state.vpcs.find((v) => v.id === i.vpc_id);
    if (!subnet || !vpc) return [];
    const range = parseCidr(subnet.ipv4) as Cidr;
    const common = {
      active: i.active,
      config_id: i.config_id,
      gateway: firstHost(range),
      interface_id: i.id,
      compute_id: i.computeId,
      nat_1_1: i.nat_1_1,
      prefix: range.prefix,
      region: vpc.region,
      subnet_id: subnet.id,
      subnet_mask: maskOf(range.prefix),
      vpc_id: vpc.id,
    };
    return [
      { address: i.address, address_range: null, ...common },
      ...i.ip_ranges.map((r) => ({ address: null, address_range: r, ...common })),
    ];
  });
}

const hosts = (db: DatabaseRecord) =>
  db.status === "provisioning"
    ? { primary: null, secondary: null }
    : {
        primary: `db-${db.id}-primary.${db.region}.emulator.internal`,
        secondary: `db-${db.id}-secondary.${db.region}.emulator.internal`,
      };

/** A managed database; PostgreSQL spells `asynch` as `async`, as the real API may. */
export function databaseView(store: Store, db: DatabaseRecord) {
  const view = contractDatabaseView(store, db);
  return store.answers === "late-2024" ? laterDatabaseView(view) : view;
}

function contractDatabaseView(store: Store, db: DatabaseRecord) {
  const disk = store.state.types.find((t) => t.id === db.type)?.disk ?? null;
  const replication = db.engine === "postgresql" && db.replication_type === "asynch" ? "async" : db.replication_type;
  return {
    id: db.id,
    label: db.label,
    region: db.region,
    type: db.type,
    engine: db.engine,
    version: db.version,
    cluster_size: db.cluster_size,
    ...settingsView(db),
    allow_list: db.allow_list,
    replication_type: replication,
    ...(db.engine === "postgresql" ? { replication_commit_type: db.replication_commit_type } : {}),
    port: db.engine === "mysql" ? 3306 : 5432,
    hosts: hosts(db),
    status: db.status,
    total_disk_size_gb: disk,
    used_disk_size_gb: db.status === "provisioning" ? 0 : 1,
    updates: db.updates,
    created: at(db.created),
    updated: at(db.updated),
  };
}

/** An entry of the cross-engine list. */
export function databaseSummaryView(store: Store, db: DatabaseRecord) {
  const view = {
    allow_list: db.allow_list,
    cluster_size: db.cluster_size,
    created: at(db.created),
    encrypted: db.encrypted,
    engine: db.engine,
    hosts: hosts(db),
    id: db.id,
    instance_uri: `/v4/databases/${db.engine}/instances/${db.id}`,
    label: db.label,
    region: db.region,
    status: db.status,
    type: db.type,
    updated: at(db.updated),
    updates: db.updates,
    version: db.version,
  };
  return store.answers === "late-2024" ? laterDatabaseView(view) : view;
}

/** A backup. */
export function backupView(b: BackupRecord) {
  return { id: b.id, label: b.label, type: b.type, created: at(b.created) };
}

/** An account event. */
export function eventView(e: EventRecord) {
  return { id: e.id, action: e.action, entity: e.entity, created: at(e.created) };
}
