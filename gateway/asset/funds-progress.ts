import type { Logger } from '../log/logger';
import type { PaperTrading } from '../trading/paper-trading';
import { Deposits } from './deposits';
import { Withdrawals } from './withdrawals';

/** How often the running gateway moves deposits and withdrawals along: finer than one confirmation (2 s). */
export const PROGRESS_TICK_MS = 500;

/** The simulated chains' side of deposits and withdrawals: confirmations, credits and completions over time. */
export interface FundsProgress {
  /** Brings every pending deposit and processing withdrawal up to `now` (ms); what the timer calls, and tests. */
  progress(now: number): { credited: number; completed: number };
  /** Starts calling `progress` every PROGRESS_TICK_MS on the trading clock; idempotent. */
  start(): void;
  /** Stops the timer; idempotent. Nothing is lost: the next start (or a restart) catches up from the database. */
  stop(): void;
}

/**
 * Builds the deposit-confirmation and withdrawal-completion progression over paper trading's database, clock and
 * change feed (assets contract, "Deposit", "Withdraw"). Nothing moves until `start()`; the state lives in SQLite, so
 * a gateway stopped midway credits and completes what is due when it runs again.
 */
export function createFundsProgress(
  trading: PaperTrading,
  options: { logger: Logger; tickMs?: number },
): FundsProgress {
  const { ctx } = trading;
  const deposits = new Deposits(ctx);
  const withdrawals = new Withdrawals(ctx);
  let timer: ReturnType<typeof setInterval> | undefined;
  const progress = (now: number) => {
    // A deposit that fails to credit must not hold the withdrawals up either.
    let credited = 0;
    let failure: unknown;
    try {
      credited = deposits.progress(now);
    } catch (error) {
      failure = error;
    }
    const completed = withdrawals.progress(now);
    if (failure !== undefined) throw failure;
    return { credited, completed };
  };
  const tick = () => {
    if (!ctx.db.open) return;
    try {
      progress(ctx.now());
    } catch (error) {
      options.logger.error('deposits and withdrawals failed to progress', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  return {
    progress,
    start: () => {
      timer ??= setInterval(tick, options.tickMs ?? PROGRESS_TICK_MS);
    },
    stop: () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}
