import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { STARTING_USDT } from '../../../../gateway/trading/trading-context';
import { makeTradingHarness, type Trader, type TradingHarness } from '../trading/trading-support';
import {
  balanceMismatches,
  conservationGaps,
  noFlows,
  systemAccountGaps,
  transitGaps,
  unbalancedEntries,
} from './ledger-checks';
import { createSubOf, switchedSession } from './family-support';
import { createFundsProgress } from '../../../../gateway/asset/funds-progress';
import { createLogger } from '../../../../gateway/log/logger';
import { completedWithdrawals } from './ledger-funds-ops';
import { type Op, opArb, type RunState, runOp } from './ledger-ops';

// Paper trading reports a failure while reacting to the market only to its logger; collect those, so a fill or a
// liquidation that throws (and rolls back) fails the property instead of passing unseen.
const logged = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../../../../gateway/log/logger', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../gateway/log/logger')>();
  return {
    ...original,
    createLogger: (...args: Parameters<typeof original.createLogger>) => {
      const logger = original.createLogger(...args);
      return {
        ...logger,
        error: (msg: string, fields?: Record<string, unknown>) => {
          logged.errors.push(`${msg} ${JSON.stringify(fields)}`);
        },
      };
    },
  };
});

const GRANT_PER_USER = 2n * unitsOf(STARTING_USDT.regular, MONEY_PLACES);

/** A long at 125x, isolated, then the price falls 5 %: a run that surely liquidates. */
const LIQUIDATING_RUN: Op[] = [
  {
    type: 'futuresOpen',
    user: 0,
    perpetual: 0,
    side: 'buy',
    leverage: 125,
    marginMode: 'isolated',
    share: 40,
    limitBps: null,
  },
  { type: 'step', count: 1 },
  { type: 'shock', perpetual: 0, percent: -5 },
];

/**
 * A dev deposit of 10 BTC credited after its confirmations; half of it is over the daily limit, a tenth of that is
 * not, its clientOid replayed is refused; the other user withdraws below the minimum, then some USDT.
 */
const FUNDS_RUN: Op[] = [
  { type: 'devDeposit', user: 0, network: 2, amount: 1_000_000_000n },
  { type: 'chainWait', ms: 4000 },
  { type: 'withdrawRoute', user: 0, network: 2, share: 50, byMinimum: false, replay: false },
  { type: 'withdrawRoute', user: 0, network: 2, share: 5, byMinimum: false, replay: false },
  { type: 'withdrawRoute', user: 0, network: 2, share: 10, byMinimum: false, replay: true },
  { type: 'withdrawRoute', user: 1, network: 0, share: 25, byMinimum: true, replay: false },
  { type: 'withdrawRoute', user: 1, network: 0, share: 10, byMinimum: false, replay: false },
];

/**
 * Ann moves part of her spot USDT to her sub-account's futures wallet from her own session, the sub-account's session
 * sends some back to her spot account, a replayed clientOid and bob's session are refused.
 */
const FAMILY_RUN: Op[] = [
  { type: 'subTransfer', by: 'main', toSub: true, from: 'spot', to: 'futures', share: 30, replay: false },
  { type: 'subTransfer', by: 'sub', toSub: false, from: 'futures', to: 'spot', share: 50, replay: false },
  { type: 'subTransfer', by: 'sub', toSub: false, from: 'spot', to: 'spot', share: 10, replay: true },
  { type: 'subTransfer', by: 'stranger', toSub: true, from: 'spot', to: 'spot', share: 10, replay: false },
  { type: 'subTransfer', by: 'main', toSub: false, from: 'spot', to: 'futures', share: 110, replay: false },
];

/** A signed decimal string of money as money units. */
const signedMoney = (text: string) =>
  text.startsWith('-') ? -unitsOf(text.slice(1), MONEY_PLACES) : unitsOf(text, MONEY_PLACES);

/** The sum of a user's bills per account and coin, read page by page from `GET /v1/asset/bills`. */
async function billSums(trader: Trader): Promise<Map<string, bigint>> {
  const sums = new Map<string, bigint>();
  let cursor: string | null = null;
  do {
    const page: { rows: { account: string; coin: string; amount: string }[]; next: string | null } = await trader.ok(
      `/v1/asset/bills?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    for (const row of page.rows) {
      const key = `${row.account} ${row.coin}`;
      sums.set(key, (sums.get(key) ?? 0n) + signedMoney(row.amount));
    }
    cursor = page.next;
  } while (cursor !== null);
  return sums;
}

/** The user's stored holdings per account and coin as the bills name them (spot = available + frozen). */
function storedHoldings(h: TradingHarness, userId: string): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const b of h.trading.ctx.accounts.balances(userId)) {
    if (b.available + b.frozen !== 0n) held.set(`spot ${b.coin}`, b.available + b.frozen);
  }
  const wallet = h.trading.ctx.accounts.wallet(userId);
  if (wallet !== 0n) held.set('futures USDT', wallet);
  return held;
}

let liquidations = 0;
let routeWithdrawals = 0;
let creditedDeposits = 0;
let subTransfers = 0;

/** Runs one generated sequence on a fresh gateway and checks the ledger's invariants after it. */
async function runSequence(ops: readonly Op[]): Promise<void> {
  const h = makeTradingHarness({ seed: 11 });
  logged.errors.length = 0;
  try {
    h.step();
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    // The third session is ann's, switched into her sub-account: the family transfers move money between the two.
    const traders = [ann, bob, await switchedSession(h, 'ann@example.com', await createSubOf(h, ann, 'desk'))];
    const state: RunState = {
      h,
      traders,
      flows: noFlows(),
      clientOids: [[], []],
      funds: createFundsProgress(h.trading, { logger: createLogger('silent') }),
      pending: [],
      withdrawn: [[], []],
      subClientOids: [[], [], []],
    };
    for (const trader of traders) {
      await trader.ok('/v1/asset/overview');
      state.flows.users.push(trader.userId);
    }
    for (const op of ops) await runOp(state, op);
    routeWithdrawals += completedWithdrawals(state);
    creditedDeposits += (
      h.db.prepare("SELECT COUNT(*) AS n FROM asset_deposits WHERE status = 'credited'").get() as { n: number }
    ).n;

    expect(logged.errors).toEqual([]);
    expect(unbalancedEntries(h.db)).toEqual([]);
    expect(balanceMismatches(h.db)).toEqual([]);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM trade_accounts').get()).toEqual({ n: traders.length });
    expect(conservationGaps(h.db, h.simulator, state.flows, GRANT_PER_USER)).toEqual([]);
    expect(systemAccountGaps(h.db, h.simulator, state.flows, GRANT_PER_USER)).toEqual([]);
    expect(transitGaps(h.db)).toEqual([]);
    for (const trader of traders) {
      const sums = await billSums(trader);
      for (const [key, amount] of sums) if (amount === 0n) sums.delete(key);
      expect(sums).toEqual(storedHoldings(h, trader.userId));
    }
    subTransfers += (h.db.prepare('SELECT COUNT(*) AS n FROM asset_sub_transfers').get() as { n: number }).n;
    liquidations += (
      h.db.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE kind = 'liquidation'").get() as { n: number }
    ).n;
  } finally {
    h.close();
  }
}

describe('the ledger under random trading', () => {
  it('keeps every entry balanced, every balance equal to its lines, each coin conserved against the outside flows and the transit account at zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25, size: 'max' }), (ops) => runSequence(ops)),
      { numRuns: 32, examples: [[LIQUIDATING_RUN], [FUNDS_RUN], [FAMILY_RUN]] },
    );
    // At least the fixed run liquidated a position, so the liquidation entries were part of what was checked.
    expect(liquidations).toBeGreaterThan(0);
    // Likewise the fixed funds run credited a dev deposit and made a withdrawal through the route.
    expect(creditedDeposits).toBeGreaterThan(0);
    expect(routeWithdrawals).toBeGreaterThan(0);
    // And the fixed family run moved money between a main account and its sub-account.
    expect(subTransfers).toBeGreaterThan(0);
  }, 60_000);
});
