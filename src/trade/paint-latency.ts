import type { FeedCounters } from '../../engine/market/trade-frame';

interface BenchScope {
  __paintLatency?: number[];
  __feedCounters?: FeedCounters | null;
}

/** True when the bench opted the page in (it sets `window.__paintLatency` to an array before load). */
export function isBenchPage(): boolean {
  return Array.isArray((globalThis as BenchScope).__paintLatency);
}

/**
 * Update-to-paint latency for the bench: when a page opts in (the bench sets `window.__paintLatency` to an array
 * before load), each applied frame records the time from its newest stream message to the next painted frame.
 * Without the opt-in this costs one property read per frame.
 */
export function recordPaintLatency(latestTs: number): void {
  const sink = (globalThis as BenchScope).__paintLatency;
  if (!sink || latestTs <= 0) return;
  // The frame is painted after the next animation frame's callbacks; a zero timeout after it lands past the paint.
  requestAnimationFrame(() => setTimeout(() => sink.push(Date.now() - latestTs), 0));
}

/** For the bench only (same opt-in): keeps the newest frame's counters (gaps, checksum mismatches…) on `window.__feedCounters`. */
export function recordFeedCounters(counters: FeedCounters | null): void {
  const scope = globalThis as BenchScope;
  if (scope.__paintLatency) scope.__feedCounters = counters;
}
