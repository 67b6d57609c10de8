import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { createUserStore } from '../auth/user-store';
import type { InstrumentSpec, InstType } from '../market/instruments';
import type { MarketSimulator } from '../market/simulator';
import { type AccountStore, createAccountStore } from './account-store';
import { unitsOf } from '../money/money-units';
import { createFuturesFillStore, type FuturesFillStore } from './futures-fill-store';
import { createOrderStore, type OrderStore } from './order-store';
import { createPositionHistory } from './position-history';
import { createPositionStore, type PositionStore } from './position-store';
import type { TradeChanges } from './trade-changes';
import { unknownSymbol } from './trade-errors';
import { MONEY_PLACES } from '../money/money-units';

/** Starting balances (paper-trading contract): main and sub accounts, and demo accounts (spec §7.5). */
export const STARTING_USDT = { regular: '10000', demo: '50000' } as const;

/** What every part of paper trading shares: the stores, the market, the clock and the change feed. */
export interface TradingContext {
  db: Database;
  simulator: MarketSimulator;
  accounts: AccountStore;
  orders: OrderStore;
  positions: PositionStore;
  /** Each USDT-M fill on its own. */
  futuresFills: FuturesFillStore;
  changes: TradeChanges;
  now: () => number;
  /** A fresh order id: 18 digits, as the exchange's ids look. */
  newOrderId(): string;
  /** The instrument, or a 43001 refusal. */
  spec(instType: InstType, symbol: string): InstrumentSpec;
  /** Creates the user's paper accounts on first use (demo accounts get the larger balances). */
  ensureAccount(userId: string): void;
  /** Whether the user is a demo account. */
  isDemo(userId: string): boolean;
}

/** Builds the shared context over a migrated database. */
export function createTradingContext(deps: {
  db: Database;
  simulator: MarketSimulator;
  changes: TradeChanges;
  now: () => number;
}): TradingContext {
  const users = createUserStore(deps.db);
  const accounts = createAccountStore(deps.db);
  const isDemo = (userId: string) => users.findById(userId)?.isDemo ?? false;
  return {
    ...deps,
    accounts,
    orders: createOrderStore(deps.db),
    positions: createPositionStore(deps.db, createPositionHistory(deps.db).record),
    futuresFills: createFuturesFillStore(deps.db),
    newOrderId: () =>
      `${randomInt(1, 10)}${String(randomInt(0, 2 ** 47)).padStart(15, '0')}${String(randomInt(0, 100)).padStart(2, '0')}`,
    spec: (instType, symbol) => {
      const spec = deps.simulator.getInstrument(instType, symbol);
      if (!spec) throw unknownSymbol(symbol);
      return spec;
    },
    ensureAccount: (userId) => {
      if (accounts.exists(userId)) return;
      const amount = unitsOf(isDemo(userId) ? STARTING_USDT.demo : STARTING_USDT.regular, MONEY_PLACES);
      accounts.create(userId, amount, amount, deps.now());
    },
    isDemo,
  };
}
