/** Timers and a clock, injected so the pacing runs the same in a worker, on a page and in tests. */
export interface PacerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How one call to {@link PartPacer.admit} asks. */
export interface AdmitRequest {
  /** Goes at once, whatever the interval (a first part, a new language, a reset). */
  isUrgent?: boolean;
  /** Widens the slack for this call: a frame that goes to the page anyway takes a part that is nearly due. */
  earlyMs?: number;
  /**
   * Whether the part's newest message came since the feed last asked. A due part that is not fresh waits up to the
   * grace for the next message, so a part flows out when its message comes, not when some other part's frame
   * happens to pass the interval's end with a message up to one push old. Default true.
   */
  isFresh?: boolean;
}

/**
 * Lets one part of a frame through at most once per `intervalMs`, at once when it is urgent, and wakes the feed
 * when a part held back becomes due, so the last change is never left behind. With `graceMs`, a due part goes with
 * the next message that brings it (fresh), and the wake-up, that much after the interval's end, sends what the last
 * message left behind when none came. With `slackMs`, a part that comes that little before its interval is up goes
 * too: the interval runs from the frame that sent the last one, up to a frame after its message came, so a stream
 * that pushes a part once per interval would otherwise see about every other push held.
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

  /** True when the part may go now (and counts it as sent); else false, with a wake-up for when it may. */
  admit({ isUrgent = false, earlyMs = 0, isFresh = true }: AdmitRequest = {}): boolean {
    const now = this.clock.now();
    const wait = this.intervalMs - (now - this.lastAt);
    const isDue = wait <= Math.max(this.slackMs, earlyMs);
    // A stale part goes once the grace is over too (the wake-up's own call); slack absorbs a timer firing a little early.
    if (isUrgent || (isDue && (isFresh || wait <= this.slackMs - this.graceMs))) {
      this.lastAt = now;
      this.cancel();
      return true;
    }
    this.timer ??= this.clock.setTimeout(
      () => {
        this.timer = null;
        this.wake();
      },
      Math.max(0, wait + this.graceMs),
    );
    return false;
  }
  /** Whether a part would be due now (its interval, less the slack, is over); asks nothing and counts nothing. */
  isDue(): boolean {
    return this.intervalMs - (this.clock.now() - this.lastAt) <= this.slackMs;
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
