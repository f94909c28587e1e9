import { Clock } from "./clock.js";
import { readStateFile, writeStateFile } from "./persistence.js";
import { defaultState } from "./seed.js";
import type { EventRecord, State, TokenRecord } from "./records.js";
import { VpcAccount } from "./vpcs/account.js";
import { TODAYS_PLATFORM, type Platform } from "../api/index.js";

/**
 * The shape of database answers: the contract's version (4.176.0), or the answers of late 2024 on
 * (answer-shapes.ts says what changes).
 */
export type AnswerShape = "4.176.0" | "late-2024";

/** The shapes the control API takes. */
export const ANSWER_SHAPES: readonly AnswerShape[] = ["4.176.0", "late-2024"];

/** How long (emulated seconds) each asynchronous database change takes. */
export interface Timings {
  provisioningSeconds: number;
  updatingSeconds: number;
  patchSeconds: number;
  snapshotSeconds: number;
  restoreSeconds: number;
  credentialsResetSeconds: number;
  /** Today's platform: a plan or cluster-size change (`resizing`); the real one takes up to hours. */
  resizeSeconds: number;
  /** Today's platform: a major-version upgrade (`updating`). */
  upgradeSeconds: number;
  /** Today's platform: `suspending` to `suspended`. */
  suspendSeconds: number;
  /** Today's platform: a resume to `active` (the first eighth still `suspended`, then `resuming`). */
  resumeSeconds: number;
  /** Today's platform: from the end of provisioning to the first backup (a fork needs it). */
  firstBackupSeconds: number;
  /** Today's platform: a subnet a database left stays busy (its delete refused) this long. */
  subnetReleaseSeconds: number;
}

/** Defaults: the real 15..30 minute provisioning compressed to a few seconds. */
export const DEFAULT_TIMINGS: Timings = {
  provisioningSeconds: 3,
  updatingSeconds: 1,
  patchSeconds: 1,
  snapshotSeconds: 2,
  restoreSeconds: 2,
  credentialsResetSeconds: 1,
  resizeSeconds: 2,
  upgradeSeconds: 2,
  suspendSeconds: 1,
  resumeSeconds: 2,
  firstBackupSeconds: 0,
  subnetReleaseSeconds: 2,
};

/**
 * Events the account keeps: an event log is a window of recent activity, and one that never
 * shrank would grow the memory and the state file of a long-running emulator without bound.
 */
export const EVENT_WINDOW = 1000;

/** The acting user of a request; null for the operations that need no token. */
export type Actor = TokenRecord | null;

/**
 * The one state store of the emulator: all entities, the id counters, the event log and the
 * clock. Each area's model keeps its rules over it (account.ts puts them together); routes stay thin.
 */
export class Store {
  state: State;
  timings: Timings;
  /** The shape of database answers (answer-shapes.ts); set through the control API, not persisted. */
  answers: AnswerShape = "4.176.0";
  /**
   * The platform new databases are made on: today's by default, the contract's when switched
   * (control API `PUT /_emulator/platform`, CLI `--platform`); a stored database keeps its own.
   * Like `answers`, a setting of the running emulator, not persisted. The region list is the
   * starting platform's (seed.ts): the control API's switch leaves it as it is.
   */
  platform: Platform;
  /** The account's IPv6 access and the prefix lengths regions offer it (vpcs/account.ts). */
  readonly vpcAccount: VpcAccount;

  constructor(
    readonly clock: Clock,
    private readonly baseTimings: Timings,
    private readonly persistFile?: string,
    private readonly basePlatform: Platform = TODAYS_PLATFORM,
    vpcIpv6 = true,
  ) {
    this.state = defaultState(basePlatform);
    this.vpcAccount = new VpcAccount(vpcIpv6);
    this.timings = { ...baseTimings };
    this.platform = basePlatform;
  }

  /** Allocates the next id of an entity kind; kinds count from distinct bases to ease reading logs. */
  nextId(kind: string): number {
    const bases: Record<string, number> = {
      vpc: 100,
      subnet: 1000,
      database: 2000,
      backup: 5000,
      compute: 7000,
      interface: 8000,
      config: 9000,
    };
    const next = this.state.nextId[kind] ?? bases[kind] ?? 1;
    this.state.nextId[kind] = next + 1;
    return next;
  }

  /** Appends to the account event log, which keeps the newest {@link EVENT_WINDOW} events. */
  event(action: string, entity: EventRecord["entity"]): void {
    const events = this.state.events;
    events.push({ id: this.nextId("event"), action, entity, created: this.clock.now() });
    if (events.length > EVENT_WINDOW) events.splice(0, events.length - EVENT_WINDOW);
  }

  /** Back to the default seed, timings and clock. */
  reset(): void {
    this.state = defaultState(this.basePlatform);
    this.timings = { ...this.baseTimings };
    this.answers = "4.176.0";
    this.platform = this.basePlatform;
    this.vpcAccount.reset();
    this.clock.reset();
  }

  /** Writes the state to the persistence file, if there is one (see persistence.ts). */
  save(): void {
    if (!this.persistFile) return;
    writeStateFile(this.persistFile, {
      version: 1,
      now: this.clock.now(),
      scale: this.clock.scale,
      timings: { ...this.timings },
      state: this.state,
    });
  }

  /**
   * Reads the persistence file if it exists; emulated time resumes where it stopped. A file that
   * is not a state this emulator wrote fails here, naming the file, rather than on every route.
   */
  load(): void {
    if (!this.persistFile) return;
    const saved = readStateFile(this.persistFile);
    if (saved === undefined) return;
    this.state = saved.state;
    this.timings = { ...this.baseTimings, ...saved.timings };
    this.clock.reset(saved.now);
    this.clock.setScale(saved.scale);
  }
}
