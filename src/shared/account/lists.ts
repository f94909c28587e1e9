/**
 * What `check` reads from the account so that a preview refuses what the API would refuse at
 * `up`: a label another object holds, a subnet range that overlaps one the VPC already has. Reads
 * happen only for a create or a changed label or range, and are shared: each read (the VPCs or the
 * databases that hold one label, asked with the API's `X-Filter` so that it is one request whatever
 * the account holds; the subnets of one VPC; the backups of one database) is made at most once per
 * provider process, which serves every resource of one preview or `up` (the promise is kept, so
 * concurrent checks share one read). The labels that checks ask for together go in one request
 * (the VPCs, or the databases, holding any of them: batch.ts). A list that cannot be read (no
 * token, network trouble) skips the check: the API then has the last word at `up`, as with the
 * catalogue (catalogue.ts).
 */
import type {
  CloudClient,
  Database,
  DatabaseBackup,
  DatabaseSummary,
  EngineType,
  Subnet,
  Vpc,
} from "../../client/index.js";
import { accountClient, onReconfigure } from "../runtime/context.js";
import { anyOf, batched } from "./batch.js";
import type { LabelHolder } from "./label-claim.js";
import { isReleased } from "./this-run.js";
import { rangesOverlap } from "../../api/ipv4.js";
import { DATABASE_SUMMARY, VPC, wireKeys } from "../../api/index.js";
import type { Unchecked } from "../fields/validate.js";

const lists = new Map<string, Promise<unknown[]>>();

/** The account's client; `shared` asks for a read only when there is one. */
function api(): CloudClient {
  const account = accountClient();
  if (!account) throw new Error("no account to read");
  return account;
}

/**
 * The holders of the labels that checks ask for together, one request per batch. No wait for more:
 * the engine calls `check` for one resource at a time (its step generator), so a wait would hold
 * every later check of the run; checks called together (the plugin's, a program's own) share.
 */
const holdersOf = () => ({
  vpcs: batched((labels: string[]) => api().vpcs.list({ filter: anyOf(wireKeys(VPC).label, labels) })),
  databases: batched((labels: string[]) =>
    api().databases.list({ filter: anyOf(wireKeys(DATABASE_SUMMARY).label, labels) }),
  ),
});
let holders = holdersOf();

onReconfigure(() => {
  lists.clear();
  holders = holdersOf();
});

async function shared<T>(name: string, read: (api: CloudClient) => Promise<T[]>): Promise<T[] | undefined> {
  const api = accountClient();
  if (!api) return undefined;
  if (!lists.has(name)) lists.set(name, read(api));
  try {
    return (await lists.get(name)) as T[];
  } catch {
    return undefined;
  }
}

/** The VPC that holds `label`, unless a resource of this run renames it away. */
export async function vpcHolder(label: string): Promise<LabelHolder | undefined> {
  if (isReleased("vpc", label)) return undefined;
  const vpc = (await shared<Vpc>(`vpc:${label}`, () => holders.vpcs(label)))?.find((v) => v.label === label);
  return vpc && vpcAsHolder(vpc);
}

/** A VPC as the holder of a label. */
export function vpcAsHolder(vpc: Vpc): LabelHolder {
  return {
    what: `VPC ${vpc.id}`,
    apiId: vpc.id,
    created: vpc.created,
    adoptWith: `adoptId: ${vpc.id}`,
  };
}

/**
 * Notes the subnets of a VPC this process has just made, as the create answered them: the checks
 * of this run's subnets in it compare with them instead of reading the list (a preview cannot
 * look at a VPC still to be made at all, and the API judges at `up` either way).
 */
export function noteNewVpc(vpc: Vpc): void {
  const name = `subnets:${vpc.id}`;
  if (!lists.has(name)) lists.set(name, Promise.resolve(vpc.subnets));
  if (!lists.has(`vpc:${vpc.id}`)) lists.set(`vpc:${vpc.id}`, Promise.resolve([vpc]));
}

/**
 * A VPC as this process knows it (made by this run, or read once), for the checks of its subnets'
 * ranges; undefined when it cannot be read (no API configured, gone): the API judges at `up`.
 */
export async function knownVpc(vpcId: number): Promise<Vpc | undefined> {
  return (await shared<Vpc>(`vpc:${vpcId}`, async (api) => [await api.vpcs.get(vpcId)]))?.[0];
}

/** A subnet's place in its VPC; the resource's own current subnet (from its old inputs) is not another's. */
export interface SubnetWish {
  vpcId: number;
  label: string | undefined;
  ipv4: string | undefined;
  own?: Unchecked<Subnet>;
}

/** A subnet as the holder of a label in its VPC. */
export function subnetAsHolder(vpcId: number, subnet: Subnet): LabelHolder {
  return {
    what: `subnet ${subnet.id} (${subnet.ipv4}) of VPC ${vpcId}`,
    apiId: subnet.id,
    created: subnet.created,
    adoptWith: `adoptId: ${subnet.id}`,
  };
}

/** The sibling that holds the wished label, and why a range that overlaps siblings fails (the range's own). */
export async function subnetConflicts(wish: SubnetWish): Promise<{ holder?: LabelHolder; overlap?: string }> {
  const subnets = await shared<Subnet>(`subnets:${wish.vpcId}`, (api) => api.subnets.list(wish.vpcId));
  if (!subnets) return {};
  const others = subnets.filter((s) => !(s.label === wish.own?.label && s.ipv4 === wish.own?.ipv4));
  const sibling = wish.label === undefined ? undefined : others.find((s) => s.label === wish.label);
  const released = wish.label !== undefined && isReleased(`vpc/${wish.vpcId}/subnet`, wish.label);
  const overlapping = wish.ipv4 ? others.filter((s) => s.ipv4 !== null && rangesOverlap(s.ipv4, wish.ipv4!)) : [];
  return {
    holder: sibling && !released ? subnetAsHolder(wish.vpcId, sibling) : undefined,
    overlap:
      overlapping.length === 0
        ? undefined
        : `ipv4 ${wish.ipv4} overlaps ${overlapping.map((s) => `subnet ${s.id} "${s.label}" (${s.ipv4})`).join(", ")} ` +
          `of VPC ${wish.vpcId}; ranges in a VPC must not overlap`,
  };
}

/**
 * The database that holds `label`: labels are unique among all the account's databases, MySQL and
 * PostgreSQL alike, so the cross-engine list is read; one of the other engine can never be adopted.
 */
export async function databaseHolder(engine: EngineType, label: string): Promise<LabelHolder | undefined> {
  if (isReleased("database", label)) return undefined;
  const db = (await shared<DatabaseSummary>(`database:${label}`, () => holders.databases(label)))?.find(
    (d) => d.label === label,
  );
  return db && databaseAsHolder(engine, db);
}

/** A database of either engine as the holder of a label a database of `engine` wants. */
export function databaseAsHolder(engine: EngineType, db: Database | DatabaseSummary): LabelHolder {
  return {
    what: `${db.engine} database ${db.id}`,
    apiId: db.id,
    created: db.created,
    adoptWith: `adoptId: ${db.id}`,
    ...(db.engine !== engine
      ? { foreign: `database labels are unique across MySQL and PostgreSQL, and a ${engine} database cannot adopt it` }
      : {}),
  };
}

/** The backup of the database that holds `label`; undefined while its backups cannot be listed. */
export async function backupHolder(
  engine: EngineType,
  instanceId: number,
  label: string,
): Promise<LabelHolder | undefined> {
  const backup = (
    await shared<DatabaseBackup>(`backups:${engine}/${instanceId}`, (api) =>
      api.database(engine).listBackups(instanceId),
    )
  )?.find((b) => b.label === label);
  return backup && backupAsHolder(engine, instanceId, backup);
}

/** A backup as the holder of a label among its database's backups. */
export function backupAsHolder(engine: EngineType, instanceId: number, backup: DatabaseBackup): LabelHolder {
  const id = `${engine}/${instanceId}/${backup.id}`;
  return {
    what: `backup ${backup.id} of ${engine} database ${instanceId}`,
    apiId: backup.id,
    created: backup.created,
    adoptWith: `adoptId: "${id}"`,
    ...(backup.type === "snapshot" ? {} : { foreign: "it is an automatic backup, which no snapshot resource can own" }),
  };
}
