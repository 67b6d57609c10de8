// The trading-screen section of `npm run bench`: `/futures/usdt/BTCUSDT` signed in with open positions, under a
// hard-pushed simulator and CPU throttling, once with the book merged in the market worker (the product) and once
// with it merged on the main thread (the bench-only `?feed=main` switch), so the worker's saving is measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startGateway } from '../../gateway/server';
import { ApiClient, openPositions } from './trade-account';
import { type EnduranceFigures, type EnduranceOptions, measureEndurance } from './trade-endurance';
import { countStream, type StreamRate } from './trade-stream-rate';
import { measureVariant, type TradeVariantFigures, type VariantOptions } from './trade-variant';

export type { EnduranceFigures } from './trade-endurance';
export type { BusyFigures } from './trade-metrics';
export { VSYNC_MS } from './trade-metrics';
export type { StreamRate } from './trade-stream-rate';
export type { TradeVariantFigures } from './trade-variant';

export interface TradeBenchOptions extends VariantOptions {
  distDir: string;
  /** Simulator pace: ms between steps and random level changes per instrument per step. */
  marketStepMs: number;
  levelChangesPerStep: number;
  /** How long the Node client counts the stream to check its rate. */
  rateWindowMs?: number;
  /** Whether to measure the two variants (worker and main-thread merge). */
  variants: boolean;
  /** The endurance windows of the product variant, or none. */
  endurance: Omit<EnduranceOptions, 'cpuThrottle'> | null;
}

export interface TradeFigures {
  rate: StreamRate;
  positionsOpen: number;
  positionsNote: string;
  variants: TradeVariantFigures[];
  endurance: EnduranceFigures | null;
}

/** Starts a gateway of its own (fast market, plain sign-in), checks the stream rate, opens positions, measures both variants. */
export async function measureTrade(browser: Browser, options: TradeBenchOptions): Promise<TradeFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-trade-bench-'));
  const gateway = await startGateway({
    port: 0,
    dataDir,
    distDir: options.distDir,
    logLevel: 'warn',
    marketStepMs: options.marketStepMs,
    levelChangesPerStep: options.levelChangesPerStep,
    // Plain login and unsigned /v1/trade calls, so the bench signs in over HTTP without the crypto worker.
    signPolicy: { clientOpen: false },
  });
  try {
    const rate = await countStream(gateway.url, options.rateWindowMs ?? 3000);
    const api = new ApiClient(gateway.url);
    const positionsOpen = await openPositions(api);
    const variants: TradeVariantFigures[] = [];
    if (options.variants)
      for (const variant of ['worker', 'main'] as const)
        variants.push(await measureVariant(browser, gateway, api, variant, options));
    const endurance = options.endurance
      ? await measureEndurance(browser, gateway, api, { ...options.endurance, cpuThrottle: options.cpuThrottle })
      : null;
    return {
      rate,
      positionsOpen,
      positionsNote:
        'one position per (symbol, side): hedge mode long + short on each of the 10 perpetuals, all listed on the page',
      variants,
      endurance,
    };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
