/** One clock sample: when the request left, how long the round trip took, and the server's time. */
export interface ClockSample {
  sentAt: number;
  rtt: number;
  serverTime: number;
}

/** How many recent samples are kept (signing contract §6). */
export const CLOCK_SAMPLES_KEPT = 5;
/** The offset is replaced only when the best sample differs by more than this (signing contract §6). */
export const CLOCK_APPLY_THRESHOLD_MS = 1000;

/** Client–server clock offset from POST replies' `request-time` header (signing contract §6, spec §7.7). */
export class ClockOffset {
  private samples: ClockSample[] = [];
  private current = 0;

  /** The offset to add to the local clock, in ms. */
  get offset(): number {
    return this.current;
  }

  /** Adds a sample; returns true when the applied offset changed. */
  add(sample: ClockSample): boolean {
    if (![sample.sentAt, sample.rtt, sample.serverTime].every(Number.isFinite) || sample.rtt < 0) return false;
    this.samples.push(sample);
    if (this.samples.length > CLOCK_SAMPLES_KEPT) this.samples.shift();
    // The sample with the shortest round trip has the least uncertainty about when the server stamped it.
    const best = this.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
    const estimate = Math.round(best.serverTime - (best.sentAt + best.rtt / 2));
    if (Math.abs(estimate - this.current) <= CLOCK_APPLY_THRESHOLD_MS) return false;
    this.current = estimate;
    return true;
  }

  /** Forgets every sample and the offset (used before a resync after `00022`). */
  reset(): void {
    this.samples = [];
    this.current = 0;
  }
}
