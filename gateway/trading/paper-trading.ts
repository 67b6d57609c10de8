import type { Database } from 'better-sqlite3';
import type { Logger } from '../log/logger';
import type { MarketEvent } from '../market/market-types';
import type { MarketSimulator } from '../market/simulator';
import { FuturesTrading } from './futures-trading';
import { FuturesWatch } from './futures-watch';
import { SpotTrading } from './spot-trading';
import { TradeChanges } from './trade-changes';
import { createTradingContext, type TradingContext } from './trading-context';

/** How long `GET /v1/trade/changes` waits for a change before answering with no topics (paper-trading contract). */
export const LONG_POLL_MS = 8000;

/** What paper trading is built from. */
export interface PaperTradingOptions {
  db: Database;
  simulator: MarketSimulator;
  logger: Logger;
  /** Clock of order and position times (default Date.now); tests align it with the simulator's time. */
  now?: () => number;
  /** Long-poll wait (default 8 s). */
  longPollMs?: number;
}

/** Paper trading on the gateway: spot and futures accounts over SQLite, the change feed, and the market listener. */
export interface PaperTrading {
  ctx: TradingContext;
  spot: SpotTrading;
  futures: FuturesTrading;
  changes: TradeChanges;
  longPollMs: number;
  /** Starts reacting to the simulator (maker fills, triggers, TP/SL, liquidation, funding); idempotent. */
  start(): void;
  /** Stops reacting and answers every waiting long poll; idempotent. */
  stop(): void;
}

/** Builds paper trading; nothing reacts to the market until `start()`. */
export function createPaperTrading(options: PaperTradingOptions): PaperTrading {
  const changes = new TradeChanges();
  const ctx = createTradingContext({
    db: options.db,
    simulator: options.simulator,
    changes,
    now: options.now ?? Date.now,
  });
  const spot = new SpotTrading(ctx);
  const futures = new FuturesTrading(ctx);
  const watch = new FuturesWatch(ctx, futures);
  let unsubscribe: (() => void) | undefined;
  const onEvent = (event: MarketEvent) => {
    if (event.type !== 'ticker' || !options.db.open) return;
    const spec = options.simulator.getInstrument(event.instType, event.symbol);
    if (!spec) return;
    try {
      if (event.instType === 'SPOT') spot.onTicker(spec, event.ticker);
      else watch.onTicker(spec, event.ticker);
    } catch (error) {
      options.logger.error('paper trading failed on a market event', {
        symbol: event.symbol,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  return {
    ctx,
    spot,
    futures,
    changes,
    longPollMs: options.longPollMs ?? LONG_POLL_MS,
    start: () => {
      unsubscribe ??= options.simulator.subscribe(onEvent);
    },
    stop: () => {
      unsubscribe?.();
      unsubscribe = undefined;
      changes.wakeAll();
    },
  };
}
