/**
 * Renders store records as the API's response objects, from the API model (stored.ts): each
 * answer is its entity's fields in the model's order, with the fields its area computes.
 */
import { timestamp } from "./clock.js";
import type { BackupRecord, DatabaseRecord, EventRecord, SubnetRecord, VpcRecord } from "./records.js";
import type { Account } from "./account.js";
import { FIELDS_ANSWER, SUMMARY_ANSWER } from "./databases/fields.js";
import { ENGINE_CONFIG_ANSWER } from "./databases/engine-config.js";
import { FORK_ANSWER } from "./databases/fork.js";
import { laterDatabaseView } from "./answer-shapes.js";
import {
  BACKUP,
  CONTRACT_PLATFORM,
  DATABASE,
  DATABASE_SUMMARY,
  SUBNET,
  VPC,
  type Answer,
  type SUBNET_COMPUTE,
} from "../api/index.js";
import { onToday, platformOf } from "./databases/platform.js";
import { answerOf, type Computed } from "./stored.js";
import { networkHosts, PRIVATE_NETWORK_ANSWER, SUBNET_DATABASES_ANSWER } from "./databases/private-network.js";
import { SUBNET_TODAY_ANSWER, VPC_TODAY_ANSWER } from "./vpcs/today.js";

const SUBNET_ANSWER: Computed<SubnetRecord, Account> = {
  computes: (subnet, store) => {
    const computes = new Map<number, Answer<typeof SUBNET_COMPUTE>>();
    for (const i of store.computes.usersOf(subnet.id)) {
      const entry = computes.get(i.computeId) ?? { id: i.computeId, interfaces: [] };
      entry.interfaces.push({ id: i.id, active: i.active });
      computes.set(i.computeId, entry);
    }
    return [...computes.values()];
  },
  ...SUBNET_DATABASES_ANSWER,
  ...SUBNET_TODAY_ANSWER,
};

/** A database answer's fields not held as answered, each from the file of its rules. */
const DATABASE_ANSWER: Computed<DatabaseRecord, Account> = {
  ...FIELDS_ANSWER,
  ...ENGINE_CONFIG_ANSWER,
  ...FORK_ANSWER,
  ...PRIVATE_NETWORK_ANSWER,
  // A database in a VPC subnet answers its hosts by their names there.
  hosts: (db, store) => networkHosts(db, FIELDS_ANSWER.hosts!(db, store) as object),
};

const VPC_ANSWER: Computed<VpcRecord, Account> = {
  subnets: (vpc, store) => store.vpcs.subnetsOf(vpc.id).map((s) => subnetView(store, s)),
  ...VPC_TODAY_ANSWER,
};

/** A subnet with the compute instances whose interfaces use it. */
export function subnetView(store: Account, subnet: SubnetRecord) {
  return answerOf(SUBNET, subnet, SUBNET_ANSWER, store);
}

/** A VPC with its full subnet objects. */
export function vpcView(store: Account, vpc: VpcRecord) {
  return answerOf(VPC, vpc, VPC_ANSWER, store);
}

/** A managed database, in the shape the store answers (answer-shapes.ts). */
export function databaseView(store: Account, db: DatabaseRecord) {
  const platform = platformOf(db);
  const view = answerOf(DATABASE, db, DATABASE_ANSWER, store, db.engine, platform);
  // Today's platform has one shape; the contract's answers follow the store's (answer-shapes.ts).
  return store.answers === "late-2024" && platform === CONTRACT_PLATFORM ? laterDatabaseView(view) : view;
}

/**
 * An entry of the cross-engine list, whose keys come in alphabetical order; a database of today's
 * platform is listed as its full answer (todays-platform.md §7.1, §7.3).
 */
export function databaseSummaryView(store: Account, db: DatabaseRecord) {
  if (onToday(db)) return databaseView(store, db);
  const entry = answerOf(DATABASE_SUMMARY, db, SUMMARY_ANSWER, store);
  const view = Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1)));
  return store.answers === "late-2024" ? laterDatabaseView(view) : view;
}

/** A backup. */
export function backupView(b: BackupRecord) {
  return answerOf(BACKUP, b);
}

/** An account event. */
export function eventView(e: EventRecord) {
  return { id: e.id, action: e.action, entity: e.entity, created: timestamp(e.created) };
}
