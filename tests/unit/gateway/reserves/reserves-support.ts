import { runMigrations } from '../../../../gateway/db/migration';
import { RESERVES_MIGRATIONS } from '../../../../gateway/reserves/reserves-migrations';
import { SYSTEM_OWNERS } from '../../../../gateway/money/ledger-lines';
import { MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { makeTradingHarness, type TradingHarness } from '../trading/trading-support';

/** The trading harness with the reserves schema (until gateway/migrations.ts lists it, applying it is a no-op after). */
export function makeReservesHarness(): TradingHarness {
  const h = makeTradingHarness();
  runMigrations(h.db, RESERVES_MIGRATIONS);
  return h;
}

/** Opens a paper account (its USDT grant) and deposits `amount` of `coin` into its spot account. */
export function fund(h: TradingHarness, userId: string, coin?: string, amount?: string): void {
  h.trading.ctx.db.transaction(() => h.trading.ctx.ensureAccount(userId))();
  if (!coin || !amount) return;
  const units = unitsOf(amount, MONEY_PLACES);
  h.trading.ctx.accounts.post({
    kind: 'deposit',
    userId,
    ref: `test-${coin}-${amount}`,
    at: h.clock.now,
    lines: [
      { owner: SYSTEM_OWNERS.world, account: 'system', coin, amount: -units },
      { owner: userId, account: 'spot', coin, amount: units },
    ],
  });
}

/** The engine's async hash, over node:crypto. */
export { sha256 } from '../../../../gateway/reserves/liability-tree';
