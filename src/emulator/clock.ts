/**
 * The emulated clock. Every timer of the emulator (provisioning, snapshots, daily backups) is read
 * against this clock, lazily, so advancing it moves statuses at once without waiting for a tick.
 */
export class Clock {
  private anchorReal = Date.now();
  private anchorEmulated: number;
  private rate = 1;

  /** @param start emulated epoch milliseconds to start from (default: the real time). */
  constructor(start?: number) {
    this.anchorEmulated = start ?? this.anchorReal;
  }

  /** Emulated time in epoch milliseconds. */
  now(): number {
    return this.anchorEmulated + (Date.now() - this.anchorReal) * this.rate;
  }

  /** Jumps forward; timers due in the skipped span fire on the next read. */
  advance(seconds: number): void {
    this.reanchor();
    this.anchorEmulated += seconds * 1000;
  }

  /** Emulated seconds per real second from now on. */
  get scale(): number {
    return this.rate;
  }

  /** Changes the speed of time from the current instant (the past stays as it was). */
  setScale(scale: number): void {
    this.reanchor();
    this.rate = scale;
  }

  /** Back to real time at speed 1. */
  reset(start?: number): void {
    this.anchorReal = Date.now();
    this.anchorEmulated = start ?? this.anchorReal;
    this.rate = 1;
  }

  private reanchor(): void {
    const now = this.now();
    this.anchorReal = Date.now();
    this.anchorEmulated = now;
  }
}

/** The API's timestamp form: ISO 8601 without zone designator or fraction. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}
