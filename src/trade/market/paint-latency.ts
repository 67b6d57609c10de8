import type { FeedCounters } from '../../../engine/market/trade-frame';

interface BenchScope {
  __paintLatency?: number[];
  __feedCounters?: FeedCounters | null;
  /** The painted panels' update-to-paint samples since the last call, wherever they are painted. */
  __takeCanvasLatency?: () => Promise<number[]>;
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

/** Main-thread painters' samples (the `?feed=main` switch), taken through `window.__takeCanvasLatency`. */
let pageCanvasLatency: number[] = [];

/** For the bench (same opt-in): the update-to-paint of a panel painted on this thread, from its newest message. */
export function recordCanvasLatency(latestTs: number): void {
  if (!isBenchPage() || latestTs <= 0) return;
  requestAnimationFrame(() => setTimeout(() => pageCanvasLatency.push(Date.now() - latestTs), 0));
}

/**
 * For the bench (same opt-in): where the bench takes the painted panels' samples from, the market worker's
 * (`take`) or this thread's when the panels are painted here (no `take`).
 */
export function exposeCanvasLatency(take?: () => Promise<number[]>): void {
  const scope = globalThis as BenchScope;
  if (!isBenchPage()) return;
  scope.__takeCanvasLatency =
    take ??
    (async () => {
      const taken = pageCanvasLatency;
      pageCanvasLatency = [];
      return taken;
    });
}
