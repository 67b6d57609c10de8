import fc from 'fast-check';
import { expect } from 'vitest';
import type { FundsProgress } from '../../../../gateway/asset/funds-progress';
import { formatUnits, MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import type { Trader, TradingHarness } from '../trading/trading-support';
import { D } from './asset-support';
import { ADDRESSES, grantWithdraw } from './funds-support';
import { addTo, type OutsideFlows } from './ledger-checks';

/**
 * The paper networks as this test knows them, written out here rather than read from the gateway, so the property
 * checks the gateway against the contract: minimums, fees and confirmation counts per coin and chain.
 */
const NETWORKS = [
  { coin: 'USDT', chain: 'TRC20', minDeposit: '1', confirmations: 3, fee: '1', minWithdraw: '10', memo: false },
  { coin: 'USDT', chain: 'ERC20', minDeposit: '5', confirmations: 6, fee: '3', minWithdraw: '20', memo: false },
  {
    coin: 'BTC',
    chain: 'BTC',
    minDeposit: '0.0001',
    confirmations: 2,
    fee: '0.0002',
    minWithdraw: '0.001',
    memo: false,
  },
  {
    coin: 'ETH',
    chain: 'ERC20',
    minDeposit: '0.001',
    confirmations: 6,
    fee: '0.002',
    minWithdraw: '0.01',
    memo: false,
  },
  { coin: 'XRP', chain: 'XRP', minDeposit: '1', confirmations: 2, fee: '0.2', minWithdraw: '20', memo: true },
] as const;
const CONFIRM_MS = 2000;
const COMPLETE_MS = 10_000;
const DAY_MS = 86_400_000;
const DAILY_LIMIT = new D(100_000);
const units = (text: string) => unitsOf(text, MONEY_PLACES);

const user = fc.integer({ min: 0, max: 1 });
const network = fc.nat({ max: NETWORKS.length - 1 });

/** The deposit and withdrawal operations of a ledger property run, through the real routes. */
export const FUNDS_OP_ARBS = [
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('devDeposit' as const),
      user,
      network,
      // Units of 10^-8: from below every minimum up to 10,000 coins.
      amount: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 12n })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('withdrawRoute' as const),
      user,
      network,
      share: fc.integer({ min: 1, max: 120 }),
      byMinimum: fc.boolean(),
      replay: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('chainWait' as const), ms: fc.integer({ min: 500, max: 15_000 }) }),
  },
];

/** What the funds operations of a run keep besides the ledger's own flows. */
export interface FundsState {
  h: TradingHarness;
  traders: Trader[];
  flows: OutsideFlows;
  funds: FundsProgress;
  /** Dev deposits not yet credited by this test's own reckoning: when they have all their confirmations. */
  pending: { coin: string; amount: bigint; creditAt: number }[];
  /** Withdrawals made, per user: their clientOids and USDT values at their time. */
  withdrawn: { clientOid: string; at: number; value: D }[][];
}

/** Runs the progression to the harness clock, and counts the deposits due by then as brought in. */
export function settle(state: FundsState): void {
  const now = state.h.clock.now;
  state.funds.progress(now);
  state.pending = state.pending.filter((deposit) => {
    if (deposit.creditAt > now) return true;
    addTo(state.flows.deposits, deposit.coin, deposit.amount);
    return false;
  });
}

/** The USDT price of a coin at the last prices (the pairs these coins have are all `<COIN>USDT`). */
function usdtPrice(h: TradingHarness, coin: string): D {
  return coin === 'USDT' ? new D(1) : new D(h.simulator.getTicker('SPOT', `${coin}USDT`)!.lastPr);
}

/** A dev deposit through `POST /v1/asset/dev/deposit`: below the network minimum 43003, else pending until confirmed. */
export async function devDeposit(
  state: FundsState,
  op: { user: number; network: number; amount: bigint },
): Promise<void> {
  const net = NETWORKS[op.network]!;
  const trader = state.traders[op.user]!;
  const reply = await trader.post('/v1/asset/dev/deposit', {
    coin: net.coin,
    chain: net.chain,
    amount: formatUnits(op.amount, MONEY_PLACES),
  });
  if (op.amount < units(net.minDeposit)) {
    expect(reply.code, reply.msg).toBe('43003');
    return;
  }
  expect(reply.code, reply.msg).toBe('00000');
  expect(reply.data).toMatchObject({ status: 'pending', confirmations: 0, required: net.confirmations });
  state.pending.push({
    coin: net.coin,
    amount: op.amount,
    creditAt: state.h.clock.now + net.confirmations * CONFIRM_MS,
  });
}

/**
 * A withdrawal (a share of the available balance, or near the network's minimum) through
 * `POST /v1/asset/spot/withdraw` with a fresh step-up: the
 * answer this test expects from the contract's rules (a replayed clientOid, the minimum, the balance with the fee,
 * the 24 h limit at each withdrawal's value), and nothing moved by a refusal.
 */
export async function withdrawRoute(
  state: FundsState,
  op: { user: number; network: number; share: number; byMinimum: boolean; replay: boolean },
): Promise<void> {
  const { h } = state;
  const net = NETWORKS[op.network]!;
  const trader = state.traders[op.user]!;
  const made = state.withdrawn[op.user]!;
  const available = h.trading.ctx.accounts.balance(trader.userId, net.coin).available;
  // A share of the available balance, or of twice the network's minimum (so the minimum is met about half the time).
  const amount = ((op.byMinimum ? 2n * units(net.minWithdraw) : available) * BigInt(op.share)) / 100n;
  if (amount <= 0n) return;
  const fee = units(net.fee);
  const value = new D(formatUnits(amount, MONEY_PLACES)).times(usdtPrice(h, net.coin));
  const used = made.filter((w) => w.at > h.clock.now - DAY_MS).reduce((sum, w) => sum.plus(w.value), new D(0));
  const replayed = op.replay && made.length > 0;
  const clientOid = replayed ? made[made.length - 1]!.clientOid : `w${op.user}-${made.length}`;
  const expected = replayed
    ? '43015'
    : amount < units(net.minWithdraw)
      ? '43003'
      : amount + fee > available
        ? '43004'
        : used.plus(value).gt(DAILY_LIMIT)
          ? '43019'
          : '00000';
  grantWithdraw(h, trader);
  const before = h.trading.ctx.accounts.balances(trader.userId);
  const reply = await trader.post('/v1/asset/spot/withdraw', {
    coin: net.coin,
    chain: net.chain,
    address: ADDRESSES[net.chain],
    ...(net.memo ? { memo: '12345' } : {}),
    amount: formatUnits(amount, MONEY_PLACES),
    clientOid,
  });
  expect(reply.code, `${reply.msg} ${net.coin} ${amount}`).toBe(expected);
  if (expected !== '00000') {
    expect(h.trading.ctx.accounts.balances(trader.userId)).toEqual(before);
    return;
  }
  expect(reply.data).toMatchObject({ status: 'processing', fee: formatUnits(fee, MONEY_PLACES) });
  made.push({ clientOid, at: h.clock.now, value });
  addTo(state.flows.withdrawals, net.coin, amount);
  addTo(state.flows.withdrawalFees, net.coin, fee);
}

/** Waits on the simulated chains (the market steps on), then lets deposits and withdrawals progress. */
export function chainWait(state: FundsState, ms: number): void {
  state.h.step(ms);
  settle(state);
}

/** After a run: every withdrawal made completes 10 s after it was made, and is `completed` with a txId. */
export function completedWithdrawals(state: FundsState): number {
  state.h.clock.now += COMPLETE_MS;
  settle(state);
  const rows = state.h.db.prepare('SELECT status, tx_id FROM asset_withdrawals').all() as {
    status: string;
    tx_id: string | null;
  }[];
  expect(rows.every((row) => row.status === 'completed' && row.tx_id !== null)).toBe(true);
  return rows.length;
}
