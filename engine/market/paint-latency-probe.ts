/**
 * The bench's probe of the painted panels' update-to-paint (README, benchmarks: "the book and tape the market worker
 * paints"): off, and free, unless the bench turns it on. When to read the clock after a paint, and the clock itself,
 * are injected.
 */

/** Samples kept between two takes at most: about 15 minutes of a book painted every frame. */
export const MAX_PAINT_SAMPLES = 50_000;

/** How the probe times a paint: `afterPaint` runs its callback once the paint is on screen; `now` is the stream's clock. */
export interface PaintProbeClock {
  afterPaint(callback: () => void): void;
  now(): number;
}

/** Keeps the ms from the newest stream message a paint reflects to the frame that shows it, while the bench asks. */
export class PaintLatencyProbe {
  private samples: number[] | null = null;

  constructor(private readonly clock: PaintProbeClock) {}

  /** Starts (true) or stops (false) keeping samples. */
  measure(on: boolean): void {
    this.samples = on ? (this.samples ?? []) : null;
  }

  /** A panel was painted with data of stream time `latestTs` (0: no new message); does nothing while off. */
  painted(latestTs: number): void {
    const sink = this.samples;
    if (sink === null || latestTs <= 0 || sink.length >= MAX_PAINT_SAMPLES) return;
    this.clock.afterPaint(() => sink.push(this.clock.now() - latestTs));
  }

  /** The samples kept since the last take, emptying the store. */
  take(): number[] {
    const taken = this.samples ?? [];
    if (this.samples !== null) this.samples = [];
    return taken;
  }
}
