// The trading screen's endurance windows: the product (book merged in the market worker) left open for ten
// consecutive windows of 30 s under the bench's market pace and CPU throttle, each window's long tasks counted, and
// the main thread's allocation rate read from V8's sampling heap profiler over every window.
import type { Browser, CDPSession } from 'playwright-core';
import type { RunningGateway } from '../../gateway/server';
import type { LongTask } from './page-probes';
import type { ApiClient } from './trade-account';
import { round } from './trade-metrics';
import { openTradeScreen } from './trade-variant';

export interface EnduranceOptions {
  cpuThrottle: number;
  windows: number;
  windowMs: number;
}

/** One window: its long tasks and what the main thread allocated in it. */
export interface EnduranceWindow {
  longTasks: number;
  maxLongTaskMs: number;
  /** Bytes allocated on the main thread per second (sampled: objects since collected count too). */
  allocatedBytesPerSec: number;
}

export interface EnduranceFigures {
  windows: EnduranceWindow[];
  /** Whole run: the main thread's mean allocation rate, and its heap in use before and after. */
  allocatedBytesPerSec: number;
  heapUsedMb: { start: number; end: number };
  /** The sites that allocated most (function@file:line:column → bytes per second), for reading. */
  topSites: [string, number][];
}

/** One sampled allocation site of the heap profile (CDP `HeapProfiler.SamplingHeapProfileNode`). */
interface ProfileNode {
  selfSize: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children: ProfileNode[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every byte the profile attributes to a site: V8 scales each sample by its odds, so the sum estimates the total. */
function bytesOf(node: ProfileNode): number {
  let total = node.selfSize;
  for (const child of node.children) total += bytesOf(child);
  return total;
}

/** Adds each site's own bytes into `sites`, keyed by its function and place in the bundle. */
function addSites(node: ProfileNode, sites: Map<string, number>): void {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'}@${url.split('/').pop() || '(native)'}:${lineNumber + 1}:${columnNumber + 1}`;
  if (node.selfSize > 0) sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
  for (const child of node.children) addSites(child, sites);
}

async function heapUsedMb(cdp: CDPSession): Promise<number> {
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return round(usedSize / 2 ** 20);
}

/**
 * Opens the trading screen (worker variant), lets it settle, then runs `windows` consecutive windows of `windowMs`.
 * The sampling heap profiler keeps objects that minor and major GCs collected, so its total is what the page
 * allocated, not what it kept; a sample every 16 KiB on average costs the page little.
 */
export async function measureEndurance(
  browser: Browser,
  gateway: RunningGateway,
  api: ApiClient,
  options: EnduranceOptions,
): Promise<EnduranceFigures> {
  const { context, cdp, inPage } = await openTradeScreen(browser, gateway, api, 'worker', options.cpuThrottle);
  try {
    await sleep(2000);
    await cdp.send('HeapProfiler.enable');
    const startUsed = await heapUsedMb(cdp);
    const windows: EnduranceWindow[] = [];
    let allocated = 0;
    const sites = new Map<string, number>();
    let measuredMs = 0;
    for (let index = 0; index < options.windows; index += 1) {
      await cdp.send('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      const start = await inPage<number>('performance.now()');
      await sleep(options.windowMs);
      const end = await inPage<number>('performance.now()');
      const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
      const tasks = (await inPage<LongTask[]>('window.__longTasks')).filter((t) => t.start >= start && t.start <= end);
      const bytes = bytesOf(profile.head);
      addSites(profile.head, sites);
      allocated += bytes;
      measuredMs += end - start;
      windows.push({
        longTasks: tasks.length,
        maxLongTaskMs: round(Math.max(0, ...tasks.map((t) => t.duration))),
        allocatedBytesPerSec: Math.round(bytes / ((end - start) / 1000)),
      });
    }
    return {
      windows,
      allocatedBytesPerSec: Math.round(allocated / (measuredMs / 1000)),
      heapUsedMb: { start: startUsed, end: await heapUsedMb(cdp) },
      topSites: [...sites]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([site, bytes]) => [site, Math.round(bytes / (measuredMs / 1000))]),
    };
  } finally {
    await context.close();
  }
}
