/** Timers and a clock, injected so the pacing runs the same in a worker, on a page and in tests. */
export interface PacerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Lets one part of a frame through at most once per `intervalMs`, at once when it is urgent, and wakes the feed
 * when a part held back becomes due, so the last change is never left behind. With `graceMs`, that wake-up comes
 * that much later: while the stream flows, the next message after the interval carries the part out, fresh, and
 * the wake-up only sends what the last message left behind.
 */
export class PartPacer {
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly intervalMs: number,
    private readonly clock: PacerClock,
    private readonly wake: () => void,
    private readonly graceMs = 0,
  ) {}

  /** True when the part may go now (and counts it as sent); else false, with a wake-up for when it may. */
  admit(isUrgent = false): boolean {
    const now = this.clock.now();
    const wait = this.intervalMs - (now - this.lastAt);
    if (isUrgent || wait <= 0) {
      this.lastAt = now;
      this.cancel();
      return true;
    }
    this.timer ??= this.clock.setTimeout(() => {
      this.timer = null;
      this.wake();
    }, wait + this.graceMs);
    return false;
  }

  /** Forgets the last send: the next part goes at once. */
  reset(): void {
    this.lastAt = Number.NEGATIVE_INFINITY;
    this.cancel();
  }

  /** Drops a pending wake-up. */
  cancel(): void {
    if (this.timer === null) return;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
