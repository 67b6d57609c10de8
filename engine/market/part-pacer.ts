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
 * the wake-up only sends what the last message left behind. With `slackMs`, a part that comes that little before
 * its interval is up goes too: the interval runs from the frame that sent the last one, up to a frame after its
 * message came, so a stream that pushes a part once per interval would otherwise see about every other push held.
 */
export class PartPacer {
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly intervalMs: number,
    private readonly clock: PacerClock,
    private readonly wake: () => void,
    private readonly graceMs = 0,
    private readonly slackMs = 0,
  ) {}

  /**
   * True when the part may go now (and counts it as sent); else false, with a wake-up for when it may. `earlyMs`
   * widens the slack for this call: a frame that goes to the page anyway takes a part that is nearly due, so the
   * page lays out one frame for both instead of two.
   */
  admit(isUrgent = false, earlyMs = 0): boolean {
    const now = this.clock.now();
    const wait = this.intervalMs - (now - this.lastAt);
    if (isUrgent || wait <= Math.max(this.slackMs, earlyMs)) {
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
