/**
 * Managed databases of either platform: the status machine around their records, the checks of a
 * create and an update, and the operations of their routes. What each setting and platform adds
 * is its own file's (fields.ts, platform.ts, todays-changes.ts, fork.ts, engine-config.ts); a
 * database's link to a subnet is given (`DatabaseLink`), as it reads another area.
 */
import { CERTIFICATE, CREDENTIALS, DATABASE, PLATFORM_RULES } from "../../api/index.js";
import { BadRequest, ErrorList, NotFound } from "../failures.js";
import { databaseLabelProblem } from "../rules.js";
import { defaultUpdates, mergeUpdates } from "./window.js";
import type { EngineType } from "../records.js";
import type { BackupRecord, DatabaseCreate, DatabaseRecord, DatabaseUpdate, SnapshotCreate } from "./fields.js";
import { checkStatus, type StatusGate } from "./status.js";
import { DATABASE_KEYS as KEYS } from "../model-names.js";
import type { Actor, Store } from "../store.js";
import { answerOf } from "../stored.js";
import { canSee, checkAccess, checkAddGrant, grantCreator } from "../access.js";
import { land, settle, TRANSIENT_KINDS } from "./lifecycle.js";
import {
  activeSettings,
  applySettings,
  resizeOf,
  settingsAtCreate,
  targetProblem,
  updatedAllowList,
} from "./fields.js";
import { catalogueOf, fullVersion, onToday, platformOf, platformProblems } from "./platform.js";
import { deleteGate, secretsGate } from "./suspension.js";
import { applyEngineConfig, engineConfigAtCreate, engineConfigUpdate } from "./engine-config.js";
import { forkAtCreate } from "./fork.js";
import { newCertificate, newPassword } from "./secrets.js";
import { startChange, upgradeOf } from "./todays-changes.js";

/**
 * What a database's link to another area adds to its life: a create's and an update's part of
 * the body, checked, and what a delete releases. The link to a subnet (private-network.ts) reads
 * the VPCs and compute instances, so the account (account.ts) gives it to the model.
 */
export interface DatabaseLink {
  /** What a new database's record holds of the link (today's platform only): the body's, checked. */
  atCreate(body: DatabaseCreate, actor: Actor, errors: ErrorList): object;
  /** Checks an update body's part (today's platform only); returns what applies it once the whole update passed. */
  update(db: DatabaseRecord, body: DatabaseUpdate, actor: Actor, errors: ErrorList): () => void;
  /** A database was deleted. */
  deleted(db: DatabaseRecord): void;
}

/** Managed MySQL and PostgreSQL databases, their backups, credentials and status machine. */
export class DatabaseModel {
  constructor(
    private readonly store: Store,
    private readonly link: DatabaseLink,
  ) {}

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
    if (!region) errors.add(KEYS.region, "Region not found");
    else if (!region.capabilities.includes("Managed Databases"))
      errors.add(KEYS.region, `Managed Databases are not available in region ${region.id}`);
    else if (region.status !== "ok") errors.add(KEYS.region, `Region ${region.id} is experiencing an outage`);
    const type = state.types.find((t) => t.id === body.type);
    if (!type) errors.add(KEYS.type, "Type not found");
    const platform = this.store.platform;
    platformProblems(DATABASE, body, platform, "create", errors);
    const catalogued = catalogueOf(state, platform).find((e) => e.id === body.engine);
    if (platform !== "rdbms-legacy") {
      // Today's API names any engine id outside its catalogue `invalid engine`, once.
      if ((!catalogued || catalogued.engine !== engine) && !errors.entries.some((e) => e.field === KEYS.engine))
        errors.add(KEYS.engine, "invalid engine");
    } else if (!catalogued)
      errors.add(KEYS.engine, "Engine not found; use an id of the engine catalogue such as mysql/8.0.30");
    else if (catalogued.engine !== engine) errors.add(KEYS.engine, `Engine ${body.engine} is not a ${engine} engine`);
    const settings = settingsAtCreate(engine, body, errors, platform);
    const now = this.store.clock.now();
    const seconds = provisioningSeconds ?? this.store.timings.provisioningSeconds;
    const ready = now + seconds * 1000;
    const todays = platform !== "rdbms-legacy" ? this.todaysAtCreate(engine, body, actor, ready, errors) : {};
    errors.throwIfAny();
    const id = this.store.nextId("database");
    const db: DatabaseRecord = {
      id,
      engine,
      label: body.label,
      region: body.region,
      type: body.type,
      version: catalogued!.version,
      ...settings,
      ...todays,
      status: "provisioning",
      updates: defaultUpdates(platform, id),
      created: now,
      updated: now,
      // Today's root user (todays-platform.md §7.2, PY live tests).
      username: platform !== "rdbms-legacy" ? "akmadmin" : engine === "mysql" ? "root" : "postgres",
      password: newPassword(),
      ca_certificate: newCertificate(),
      backups: [],
      backupsCheckedUntil: now,
      credentialsResetAt: null,
      pending: [
        platform === "rdbms-legacy"
          ? { at: ready, kind: "provisioned" }
          : {
              at: ready,
              kind: "transition",
              from: "provisioning",
              to: "active",
              settings: activeSettings(fullVersion(catalogued!.version)),
            },
      ],
      // A record of the contract's platform holds none, as one saved before platforms existed.
      ...(platform !== "rdbms-legacy" ? { platform } : {}),
    };
    state.databases.push(db);
    grantCreator(actor, "database", db.id);
    return db;
  }

  /**
   * Label, allow list, maintenance window, and a resize. On the contract's platform allow-list and
   * plan changes go `updating`; on today's the plan and cluster size change in place through
   * `resizing`, a newer major version through `updating`, and the rest at once (todays-platform.md §2).
   */
  update(engine: EngineType, id: number, body: DatabaseUpdate, actor: Actor): DatabaseRecord {
    const db = this.get(engine, id, actor, true, { status: ["active"] });
    const platform = platformOf(db);
    const errors = new ErrorList();
    platformProblems(DATABASE, body, platform, "update", errors);
    if (body.label !== undefined) this.checkLabel(body.label, db.id, errors);
    const allowList = updatedAllowList(body, errors, platform);
    const resize = resizeOf(db, body, this.store, errors);
    const upgrade = onToday(db) ? upgradeOf(this.store, db, body.version, resize, errors) : undefined;
    const updates = body.updates && mergeUpdates(db.updates, body.updates, errors, platform);
    const config = onToday(db) ? engineConfigUpdate(db, body, errors) : undefined;
    const applyLink = onToday(db) ? this.link.update(db, body, actor, errors) : undefined;
    errors.throwIfAny();
    applyEngineConfig(db, config);
    applyLink?.();
    const now = this.store.clock.now();
    if (body.label !== undefined) db.label = body.label;
    applySettings(db, body, allowList);
    if (updates) db.updates = updates;
    if (onToday(db)) startChange(this.store, db, resize, upgrade);
    else {
      if (resize) Object.assign(db, resize);
      if (allowList || resize) this.startUpdating(db, this.store.timings.updatingSeconds);
    }
    db.updated = now;
    return db;
  }

  /**
   * What a create on today's platform adds to the record (each checked by its own file): engine
   * settings, a private network (the link's), the first backup's time and the fork it is made by.
   */
  private todaysAtCreate(engine: EngineType, body: DatabaseCreate, actor: Actor, ready: number, errors: ErrorList) {
    const seen = (d: DatabaseRecord) => canSee(actor, "database", d.id);
    return {
      ...engineConfigAtCreate(engine, body, errors),
      ...this.link.atCreate(body, actor, errors),
      ...forkAtCreate(this.store, engine, body, seen, ready, errors),
    };
  }

  /** Deletes a database at once. */
  delete(engine: EngineType, id: number, actor: Actor): void {
    const db = this.get(engine, id, actor, true);
    checkStatus(db, deleteGate(db));
    this.store.state.databases = this.store.state.databases.filter((d) => d !== db);
    this.link.deleted(db);
  }

  /** Completed backups, oldest first. */
  backups(engine: EngineType, id: number, actor: Actor): BackupRecord[] {
    // Today's platform keeps no listable backups (todays-platform.md §8): its list is empty.
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
  snapshot(engine: EngineType, id: number, body: SnapshotCreate, actor: Actor): void {
    const db = this.get(engine, id, actor, true, { status: ["active"] });
    if (!PLATFORM_RULES[platformOf(db)].backups) throw new BadRequest(NO_BACKUPS);
    if (db.pending.some((p) => p.kind === "snapshot"))
      throw new BadRequest("Another backup is in progress; please wait until it completes");
    const errors = new ErrorList();
    if (db.backups.filter((b) => b.type === "snapshot").length >= 3)
      errors.add(undefined, "You may have at most 3 snapshots at a time; delete one before creating another");
    if (db.backups.some((b) => b.label === body.label))
      errors.add(KEYS.label, "Label must be unique among the backups of this database");
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
    // Today's platform answers its keys alphabetically, as every recorded answer of it does.
    const db = this.secretsOf(engine, id, actor);
    return answerOf(CREDENTIALS, db, {}, undefined, undefined, platformOf(db));
  }

  /** Schedules a new random password; the old one stays readable until the reset completes. */
  resetCredentials(engine: EngineType, id: number, actor: Actor): void {
    const db = this.get(engine, id, actor, true);
    db.pending = db.pending.filter((p) => p.kind !== "credentials");
    db.pending.push({
      at: this.store.clock.now() + this.store.timings.credentialsResetSeconds * 1000,
      kind: "credentials",
      password: newPassword(),
    });
  }

  /** Applies OS patches now: the database reads `updating` for a while. */
  patch(engine: EngineType, id: number, actor: Actor): void {
    const db = this.get(engine, id, actor, true, { status: ["active"] });
    this.startUpdating(db, this.store.timings.patchSeconds);
  }

  /** The CA certificate's answer. */
  certificate(engine: EngineType, id: number, actor: Actor): Record<string, unknown> {
    const db = this.secretsOf(engine, id, actor);
    return answerOf(CERTIFICATE, db, {}, undefined, undefined, platformOf(db));
  }

  /** Control API: forces a status and cancels timers that would move it. */
  setStatus(engine: EngineType, id: number, status: DatabaseRecord[typeof KEYS.status]): DatabaseRecord {
    const db = this.get(engine, id, null);
    // Leaving provisioning by hand starts the daily backups now, as the timer would have.
    if (db.status === "provisioning" && status !== "provisioning")
      db.backupsCheckedUntil = Math.max(db.backupsCheckedUntil, this.store.clock.now());
    // A transition to the forced status lands as its timer would have made it (today's full version).
    const landing = db.pending.find((p) => p.kind === "transition" && p.from === db.status && p.to === status);
    if (landing) land(db, landing);
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
    if (problem) errors.add(KEYS.label, problem);
    else if (this.store.state.databases.some((d) => d.label === label && d.id !== selfId))
      errors.add(KEYS.label, "Label must be unique among your databases");
  }
}

/**
 * Why today's platform refuses a snapshot: it keeps no user backups and restores by forking
 * (todays-platform.md §8; the API's text is UNVERIFIED).
 */
export const NO_BACKUPS =
  "Backups are not available on this database's platform (rdbms-default); restore it by creating a fork";
