// The trading-screen bench's arithmetic on what it read: one-decimal rounding, percentiles, main-thread busy time from
// CDP `Performance.getMetrics`, and the feed counters' change over a window.
import type { CDPSession } from 'playwright-core';
import type { FeedCounters } from '../../engine/market/trade-frame';

/** Main-thread time over a window (CDP `Performance.getMetrics` deltas: TaskDuration, ScriptDuration, LayoutDuration, RecalcStyleDuration). */
export interface BusyFigures {
  windowMs: number;
  busyMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

export const round = (n: number) => Math.round(n * 10) / 10;
/** The display's frame interval at 60 Hz (ms). */
export const VSYNC_MS = 1000 / 60;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const BUSY_METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

export async function busyMetrics(cdp: CDPSession): Promise<Record<(typeof BUSY_METRICS)[number], number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  return {
    TaskDuration: value('TaskDuration'),
    ScriptDuration: value('ScriptDuration'),
    LayoutDuration: value('LayoutDuration'),
    RecalcStyleDuration: value('RecalcStyleDuration'),
  };
}

export function busyBetween(
  start: Record<(typeof BUSY_METRICS)[number], number>,
  end: Record<(typeof BUSY_METRICS)[number], number>,
  windowMs: number,
): BusyFigures {
  const ms = (key: (typeof BUSY_METRICS)[number]) => round((end[key] - start[key]) * 1000);
  return {
    windowMs: round(windowMs),
    busyMs: ms('TaskDuration'),
    scriptMs: ms('ScriptDuration'),
    layoutMs: ms('LayoutDuration'),
    styleMs: ms('RecalcStyleDuration'),
  };
}

export function counterDelta(end: FeedCounters | null, start: FeedCounters | null): FeedCounters | null {
  if (!end) return null;
  const out = { ...end };
  if (start) for (const key of Object.keys(out) as (keyof FeedCounters)[]) out[key] = end[key] - start[key];
  return out;
}
