/**
 * The shapes the API's database answers have had. The API changes its answers between versions
 * without a new path (api-behaviour.md, "Later versions of the API"): from late 2024 on a database
 * answer lacks the fields the API model marks `lateAnswer: false` (the replication settings), names
 * its second host `hosts.standby` instead of `hosts.secondary`, and adds `platform` (the record's,
 * `rdbms-legacy` for the contract's), `members`, the engine settings, the oldest restore time and
 * `updates.pending`; the maintenance window leaves out
 * its null fields (a weekly window has no week of the month). The
 * shape follows linodego's recordings of 2025 and 2026 (`TestDatabase_MySQL_Suite.yaml`). The
 * control API chooses the shape (`PUT /_emulator/answers`, the store's `AnswerShape`); the default
 * is the contract's.
 */

import { DATABASE, type Answer, type Entity } from "../api/index.js";
import { ENGINE_CONFIG_FIELD } from "./databases/engine-config.js";
import { OLDEST_RESTORE_FIELD } from "./databases/fork.js";

type View = Record<string, unknown>;
/** A database answer of the contract's shape: its fields as the model types them. */
type ContractView = View & Partial<Answer<typeof DATABASE>>;
/** A database answer in a later shape: the model's keys, whose values the later shapes rewrite. */
type LaterView = View & { [K in keyof Answer<typeof DATABASE>]?: unknown };

/** The database fields the answers of late 2024 lack (the list entry's are a subset). */
const DROPPED = new Set(
  Object.entries(DATABASE.fields as Entity["fields"])
    .filter(([, f]) => f.lateAnswer === false)
    .map(([k]) => k),
);

/** The second host under its later name; an answer while provisioning has none. */
function laterHosts(hosts: unknown): View {
  const { secondary, ...rest } = (hosts ?? {}) as View;
  return secondary === null || secondary === undefined ? rest : { ...rest, standby: secondary };
}

/** A database answer (full or list entry) of the contract's shape, in the shape of late 2024. */
export function laterDatabaseView(view: ContractView): LaterView {
  const { hosts, updates, ...kept } = view;
  const rest = Object.fromEntries(Object.entries(kept).filter(([k]) => !DROPPED.has(k)));
  const window = updates as View | null;
  const laterWindow = window
    ? { ...Object.fromEntries(Object.entries(window).filter(([, v]) => v !== null)), pending: [] }
    : window;
  return {
    ...rest,
    hosts: laterHosts(hosts),
    updates: laterWindow,
    // A database keeps its platform: the contract's answers in later shapes as `rdbms-legacy`, as
    // the legacy entry of the 2025-05 list recording does (todays-platform.md §7.1).
    platform: view.platform ?? "rdbms-legacy",
    members: {},
    [ENGINE_CONFIG_FIELD]: {},
    [OLDEST_RESTORE_FIELD]: view.created,
  };
}
