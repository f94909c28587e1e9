import { randomBytes } from "node:crypto";
import { CERTIFICATE, CREDENTIALS, DATABASE, type CreateBody, type UpdateBody } from "../../api/index.js";
import { BadRequest, ErrorList, NotFound } from "../failures.js";
import { databaseLabelProblem } from "../rules.js";
import { defaultUpdates, mergeUpdates } from "./window.js";
import type { BackupRecord, DatabaseRecord, EngineType } from "../records.js";
import type { Actor, Store } from "../store.js";
import { answerOf } from "../stored.js";
import { canSee, checkAccess, checkAddGrant, grantCreator } from "../access.js";
import { settle, TRANSIENT_KINDS } from "../lifecycle.js";
import { deleteGate, secretsGate } from "./suspension.js";
import { releaseOnDelete } from "./private-network.js";
import { applySettings, resizeConflict, settingsAtCreate, targetProblem, updatedAllowList } from "./fields.js";

/** Body of database create after schema validation. */
export type DatabaseCreate = CreateBody<typeof DATABASE>;

/** Body of database update after schema validation. */
export type DatabaseUpdate = UpdateBody<typeof DATABASE>;

/** What a status gate allows: a list of statuses, or all but some. */
export interface StatusGate {
  status?: string[];
  statusNot?: string[];
}

const WAIT_FOR: Record<string, string> = {
  provisioning: "provisioning",
  updating: "the update",
  backing_up: "the backup",
  restoring: "the restore",
  resuming: "resuming",
  suspending: "suspending",
};

const random = (bytes: number) => randomBytes(bytes).toString("base64url");

/** Managed MySQL and PostgreSQL databases, their backups, credentials and status machine. */
export class DatabaseModel {
  constructor(private readonly store: Store) {}

  /** Applies due timers to every database; cheap enough to run before every request. */
  settleAll(): void {
    const now = this.store.clock.now();
    for (const db of this.store.state.databases) settle(db, now, () => this.store.nextId("backup"));
  }

  /** Databases the actor can see, of one engine or all. */
  list(actor: Actor, engine?: EngineType): DatabaseRecord[] {
    this.settleAll();
    return this.store.state.databases.filter(
      (d) => (!engine || d.engine === engine) && canSee(actor, "database", d.id),
    );
  }

  /** One database, checked for visibility, write grant and status. */
  get(engine: EngineType, id: number, actor: Actor, write = false, gate: StatusGate = {}): DatabaseRecord {
    this.settleAll();
    const db = this.store.state.databases.find((d) => d.id === id && d.engine === engine);
    if (!db) throw new NotFound();
    checkAccess(actor, "database", id, write);
    checkStatus(db, gate);
    return db;
  }

  /** Starts provisioning a database; `provisioningSeconds` overrides the server timing. */
  create(engine: EngineType, body: DatabaseCreate, actor: Actor, provisioningSeconds?: number): DatabaseRecord {
    checkAddGrant(actor, "add_databases");
    this.settleAll();
    const state = this.store.state;
    const errors = new ErrorList();
    this.checkLabel(body.label, undefined, errors);
    const region = state.regions.find((r) => r.id === body.region);
    if (!region) errors.add("region", "Region not found");
    else if (!region.capabilities.includes("Managed Databases"))
      errors.add("region", `Managed Databases are not available in region ${region.id}`);
    else if (region.status !== "ok") errors.add("region", `Region ${region.id} is experiencing an outage`);
    const type = state.types.find((t) => t.id === body.type);
    if (!type) errors.add("type", "Type not found");
    const catalogued = state.engines.find((e) => e.id === body.engine);
    if (!catalogued) errors.add("engine", "Engine not found; use an id of the engine catalogue such as mysql/8.0.30");
    else if (catalogued.engine !== engine) errors.add("engine", `Engine ${body.engine} is not a ${engine} engine`);
    const settings = settingsAtCreate(engine, body, errors);
    errors.throwIfAny();
    const now = this.store.clock.now();
    const seconds = provisioningSeconds ?? this.store.timings.provisioningSeconds;
    const db: DatabaseRecord = {
      id: this.store.nextId("database"),
      engine,
      label: body.label,
      region: body.region,
      type: body.type,
      version: catalogued!.version,
      ...settings,
      status: "provisioning",
      updates: defaultUpdates(),
      created: now,
      updated: now,
      username: engine === "mysql" ? "root" : "postgres",
      password: random(18),
      ca_certificate: certificate(),
      backups: [],
      backupsCheckedUntil: now,
      credentialsResetAt: null,
      pending: [{ at: now + seconds * 1000, kind: "provisioned" }],
    };
    state.databases.push(db);
    grantCreator(actor, "database", db.id);
    return db;
  }

  /** Label, allow list, resize and maintenance window; allow-list and type changes go `updating`. */
  update(engine: EngineType, id: number, body: DatabaseUpdate, actor: Actor): DatabaseRecord {
    const db = this.get(engine, id, actor, true, { status: ["active"] });
    const errors = new ErrorList();
    if (body.label !== undefined) this.checkLabel(body.label, db.id, errors);
    const allowList = updatedAllowList(body, errors);
    const resize = body.type !== undefined && body.type !== db.type;
    const conflict = resize ? resizeConflict(body) : undefined;
    if (conflict) errors.add("type", conflict);
    else if (resize) {
      const current = this.store.state.types.find((t) => t.id === db.type);
      const next = this.store.state.types.find((t) => t.id === body.type);
      if (!next) errors.add("type", "Type not found");
      else if (current && next.disk <= current.disk)
        errors.add(
          "type",
          `Resizing is only possible to a type with more disk space than ${db.type} (${current.disk} GB)`,
        );
    }
    const updates = body.updates && mergeUpdates(db.updates, body.updates, errors);
    errors.throwIfAny();
    const now = this.store.clock.now();
    if (body.label !== undefined) db.label = body.label;
    applySettings(db, body, allowList);
    if (updates) db.updates = updates;
    if (resize) db.type = body.type!;
    if (allowList || resize) this.startUpdating(db, this.store.timings.updatingSeconds);
    db.updated = now;
    return db;
  }

  /** Deletes a database at once. */
  delete(engine: EngineType, id: number, actor: Actor): void {
    const db = this.get(engine, id, actor, true);
    checkStatus(db, deleteGate(db));
    this.store.state.databases = this.store.state.databases.filter((d) => d !== db);
    releaseOnDelete(this.store, db);
  }

  /** Completed backups, oldest first. */
  backups(engine: EngineType, id: number, actor: Actor): BackupRecord[] {
    return this.get(engine, id, actor, false, { statusNot: ["provisioning"] }).backups;
  }

  /** One completed backup. */
  backup(
    engine: EngineType,
    id: number,
    backupId: number,
    actor: Actor,
    write = false,
  ): { db: DatabaseRecord; backup: BackupRecord } {
    const db = this.get(engine, id, actor, write, { statusNot: ["provisioning"] });
    const backup = db.backups.find((b) => b.id === backupId);
    if (!backup) throw new NotFound();
    return { db, backup };
  }

  /** Starts a snapshot; the backup appears in the list only when it completes. */
  snapshot(engine: EngineType, id: number, body: { label: string; target?: string }, actor: Actor): void {
    const db = this.get(engine, id, actor, true, { status: ["active"] });
    if (db.pending.some((p) => p.kind === "snapshot"))
      throw new BadRequest("Another backup is in progress; please wait until it completes");
    const errors = new ErrorList();
    if (db.backups.filter((b) => b.type === "snapshot").length >= 3)
      errors.add(undefined, "You may have at most 3 snapshots at a time; delete one before creating another");
    if (db.backups.some((b) => b.label === body.label))
      errors.add("label", "Label must be unique among the backups of this database");
    const target = targetProblem(db, body.target);
    if (target) errors.add("target", target);
    errors.throwIfAny();
    db.status = "backing_up";
    db.pending.push({
      at: this.store.clock.now() + this.store.timings.snapshotSeconds * 1000,
      kind: "snapshot",
      snapshot: { label: body.label },
    });
  }

  /** Deletes a backup of either type. */
  deleteBackup(engine: EngineType, id: number, backupId: number, actor: Actor): void {
    const { db, backup } = this.backup(engine, id, backupId, actor, true);
    db.backups = db.backups.filter((b) => b !== backup);
  }

  /** Restores a backup; it ends `failed` when the credentials were reset after the backup was taken. */
  restore(engine: EngineType, id: number, backupId: number, actor: Actor): void {
    const db = this.get(engine, id, actor, true, { status: ["active", "degraded", "failed"] });
    const backup = db.backups.find((b) => b.id === backupId);
    if (!backup) throw new NotFound();
    const resetPending = db.pending.some((p) => p.kind === "credentials");
    const failAfterRestore =
      resetPending || (db.credentialsResetAt !== null && db.credentialsResetAt >= backup.created);
    db.status = "restoring";
    db.pending.push({
      at: this.store.clock.now() + this.store.timings.restoreSeconds * 1000,
      kind: "restored",
      failAfterRestore,
    });
  }

  /** Current root credentials. */
  credentials(engine: EngineType, id: number, actor: Actor): Record<string, unknown> {
    return answerOf(CREDENTIALS, this.secretsOf(engine, id, actor));
  }

  /** Schedules a new random password; the old one stays readable until the reset completes. */
  resetCredentials(engine: EngineType, id: number, actor: Actor): void {
    const db = this.get(engine, id, actor, true);
    db.pending = db.pending.filter((p) => p.kind !== "credentials");
    db.pending.push({
      at: this.store.clock.now() + this.store.timings.credentialsResetSeconds * 1000,
      kind: "credentials",
      password: random(18),
    });
  }

  /** Applies OS patches now: the database reads `updating` for a while. */
  patch(engine: EngineType, id: number, actor: Actor): void {
    const db = this.get(engine, id, actor, true, { status: ["active"] });
    this.startUpdating(db, this.store.timings.patchSeconds);
  }

  /** The CA certificate's answer. */
  certificate(engine: EngineType, id: number, actor: Actor): Record<string, unknown> {
    return answerOf(CERTIFICATE, this.secretsOf(engine, id, actor));
  }

  /** Control API: forces a status and cancels timers that would move it. */
  setStatus(engine: EngineType, id: number, status: DatabaseRecord["status"]): DatabaseRecord {
    const db = this.get(engine, id, null);
    // Leaving provisioning by hand starts the daily backups now, as the timer would have.
    if (db.status === "provisioning" && status !== "provisioning")
      db.backupsCheckedUntil = Math.max(db.backupsCheckedUntil, this.store.clock.now());
    db.status = status;
    db.pending = db.pending.filter((p) => !TRANSIENT_KINDS.has(p.kind));
    return db;
  }

  /** A database whose credentials and certificate may be read now (suspension.ts says when). */
  private secretsOf(engine: EngineType, id: number, actor: Actor): DatabaseRecord {
    const db = this.get(engine, id, actor);
    checkStatus(db, secretsGate(db));
    return db;
  }

  private startUpdating(db: DatabaseRecord, seconds: number): void {
    db.status = "updating";
    db.pending.push({ at: this.store.clock.now() + seconds * 1000, kind: "updated" });
  }

  private checkLabel(label: string, selfId: number | undefined, errors: ErrorList): void {
    const problem = databaseLabelProblem(label);
    if (problem) errors.add("label", problem);
    else if (this.store.state.databases.some((d) => d.label === label && d.id !== selfId))
      errors.add("label", "Label must be unique among your databases");
  }
}

/** Fails with the API's wrong-status message unless the database is in an allowed status. */
export function checkStatus(db: DatabaseRecord, gate: StatusGate): void {
  const allowed = gate.status ? gate.status.includes(db.status) : !(gate.statusNot ?? []).includes(db.status);
  if (allowed) return;
  const wait = WAIT_FOR[db.status];
  throw new BadRequest(
    db.status === "suspended"
      ? SUSPENDED_TEXT
      : wait
        ? `Your database is ${db.status}; please wait until ${wait} is complete to perform this operation.`
        : `Your database is ${db.status}; this operation is not allowed in that status.`,
  );
}

/** The refusal of a suspended database (Cloud Manager's mock text, todays-platform.md §2.3). */
export const SUSPENDED_TEXT =
  "Your database is suspended; please wait until it becomes active to perform this operation.";

/** A fake PEM CA certificate, base64-encoded as the API returns it. */
function certificate(): string {
  const body = randomBytes(96)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n");
  const pem = `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
  return Buffer.from(pem).toString("base64");
}
