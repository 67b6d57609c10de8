import fc from 'fast-check';
import { expect } from 'vitest';
import { deposit, withdraw } from '../../../../gateway/asset/funds';
import type { InstType } from '../../../../gateway/market/instruments';
import { formatUnits, MONEY_PLACES, pow10, unitsOf } from '../../../../gateway/money/money-units';
import { TradeError } from '../../../../gateway/trading/trade-errors';
import type { Reply, Trader } from '../trading/trading-support';
import { addTo } from './ledger-checks';
import { FAMILY_OP_ARBS, type FamilyState, subTransfer } from './ledger-family-ops';
import { chainWait, devDeposit, FUNDS_OP_ARBS, type FundsState, settle, withdrawRoute } from './ledger-funds-ops';

const SPOT_PAIRS = ['BTCUSDT', 'ETHUSDT', 'BGBUSDT', 'USDTBRL'] as const;
const PERPETUALS = ['BTCUSDT', 'ETHUSDT'] as const;
const COINS = ['USDT', 'BTC', 'ETH', 'BRL'] as const;

const user = fc.integer({ min: 0, max: 1 });
const side = fc.constantFrom('buy', 'sell');
/** A share of what the user could spend, in percent. */
const share = fc.integer({ min: 1, max: 100 });
/** A limit price this many basis points from the last price. */
const bps = fc.integer({ min: -60, max: 60 });
const pair = fc.nat({ max: SPOT_PAIRS.length - 1 });
const perpetual = fc.nat({ max: PERPETUALS.length - 1 });

/** One thing a user or the market does in a ledger property run. */
export const opArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('spotLimit' as const), user, pair, side, bps, share }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('spotMarket' as const), user, pair, side, share }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('cancel' as const), user, pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('futuresOpen' as const),
      user,
      perpetual,
      side,
      leverage: fc.constantFrom(2, 10, 50, 125),
      marginMode: fc.constantFrom('isolated', 'crossed'),
      share,
      limitBps: fc.option(bps, { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('futuresClose' as const), user, perpetual }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      user,
      toFutures: fc.boolean(),
      share: fc.integer({ min: 1, max: 120 }),
      replay: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      user,
      coin: fc.constantFrom(...COINS),
      amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('withdraw' as const),
      user,
      coin: fc.constantFrom(...COINS),
      share: fc.integer({ min: 1, max: 120 }),
      fee: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('step' as const), count: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('funding' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('shock' as const),
      perpetual,
      percent: fc.integer({ min: -8, max: 8 }).filter((n) => n !== 0),
    }),
  },
  ...FUNDS_OP_ARBS,
  ...FAMILY_OP_ARBS,
);

/** One generated operation. */
export type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

/** What a run shares between its operations. */
export interface RunState extends FundsState, FamilyState {
  /** The clientOids each user's transfers have used, by user index. */
  clientOids: string[][];
}

/** Replies a route may give an operation: success, a business refusal (43xxx) or a 40002 the sizing ran into. */
function expectHandled(reply: Reply, what: string): void {
  expect(
    reply.code === '00000' || /^43\d{3}$/.test(reply.code) || reply.code === '40002',
    `${what}: ${reply.msg}`,
  ).toBe(true);
}

/** A price `bps` basis points from `last` (units), on the tick. */
function offset(last: bigint, points: number, step: bigint): bigint {
  const raw = (last * BigInt(10_000 + points)) / 10_000n;
  const ticks = (raw / step) * step;
  return ticks > 0n ? ticks : step;
}

/** The size (instrument units, on the lot) that `money` units of the quote coin buy at `price`. */
function sizeFor(money: bigint, price: bigint, pricePlace: number, volumePlace: number, lot: bigint): bigint {
  if (price <= 0n) return 0n;
  const units = (money * pow10(pricePlace + volumePlace)) / (price * pow10(MONEY_PLACES));
  return (units / lot) * lot;
}

/** Runs one operation against the harness and records what it moved in or out of the exchange. */
export async function runOp(state: RunState, op: Op): Promise<void> {
  const { h, flows } = state;
  const ctx = h.trading.ctx;
  const specOf = (instType: InstType, symbol: string) => h.simulator.getInstrument(instType, symbol)!;
  const lastOf = (instType: InstType, symbol: string) =>
    unitsOf(h.simulator.getTicker(instType, symbol)!.lastPr, specOf(instType, symbol).pricePlace);
  const send = async (trader: Trader, path: string, body: unknown) => {
    const reply = await trader.post(path, body);
    expectHandled(reply, `${path} ${JSON.stringify(body)}`);
    return reply;
  };
  switch (op.type) {
    case 'spotLimit':
    case 'spotMarket': {
      const trader = state.traders[op.user]!;
      const spec = specOf('SPOT', SPOT_PAIRS[op.pair]);
      const lot = unitsOf(spec.sizeMultiplier, spec.volumePlace);
      const last = lastOf('SPOT', spec.symbol);
      const price = op.type === 'spotLimit' ? offset(last, op.bps, BigInt(spec.priceEndStep)) : last;
      const coin = op.side === 'buy' ? spec.quoteCoin : spec.baseCoin;
      const spendable = (ctx.accounts.balance(trader.userId, coin).available * BigInt(op.share)) / 100n;
      // A buy keeps 2 % back for the fee and the walk up the order book.
      const size =
        op.side === 'buy'
          ? sizeFor((spendable * 98n) / 100n, price, spec.pricePlace, spec.volumePlace, lot)
          : (spendable / pow10(MONEY_PLACES - spec.volumePlace) / lot) * lot;
      if (size <= 0n) return;
      await send(trader, '/v1/trade/spot/place-order', {
        symbol: spec.symbol,
        side: op.side,
        orderType: op.type === 'spotLimit' ? 'limit' : 'market',
        ...(op.type === 'spotLimit' ? { price: formatUnits(price, spec.pricePlace) } : {}),
        size: formatUnits(size, spec.volumePlace),
      });
      return;
    }
    case 'cancel': {
      const trader = state.traders[op.user]!;
      const open = [...ctx.orders.openOf(trader.userId, 'spot'), ...ctx.orders.openOf(trader.userId, 'futures')];
      const order = open[op.pick % Math.max(1, open.length)];
      if (!order) return;
      const path = order.market === 'spot' ? '/v1/trade/spot/cancel-order' : '/v1/trade/mix/cancel-order';
      const reply = await send(trader, path, { symbol: order.symbol, orderId: order.orderId });
      expect(reply.code, reply.msg).toBe('00000');
      return;
    }
    case 'futuresOpen': {
      const trader = state.traders[op.user]!;
      const spec = specOf('USDT-FUTURES', PERPETUALS[op.perpetual]);
      const lot = unitsOf(spec.sizeMultiplier, spec.volumePlace);
      await send(trader, '/v1/trade/mix/set-leverage', { symbol: spec.symbol, leverage: String(op.leverage) });
      const last = lastOf('USDT-FUTURES', spec.symbol);
      const price = op.limitBps === null ? last : offset(last, op.limitBps, BigInt(spec.priceEndStep));
      // Half of the share of the wallet as margin, so the fee and a moving price rarely make it too much.
      const margin = (ctx.accounts.wallet(trader.userId) * BigInt(op.share)) / 200n;
      const size = sizeFor(margin * BigInt(op.leverage), price, spec.pricePlace, spec.volumePlace, lot);
      if (size <= 0n) return;
      await send(trader, '/v1/trade/mix/place-order', {
        symbol: spec.symbol,
        marginMode: op.marginMode,
        side: op.side,
        orderType: op.limitBps === null ? 'market' : 'limit',
        ...(op.limitBps === null ? {} : { price: formatUnits(price, spec.pricePlace) }),
        size: formatUnits(size, spec.volumePlace),
      });
      return;
    }
    case 'futuresClose': {
      await send(state.traders[op.user]!, '/v1/trade/mix/close-position', { symbol: PERPETUALS[op.perpetual] });
      return;
    }
    case 'transfer':
      return transfer(state, op);
    case 'subTransfer':
      return subTransfer(state, op);
    case 'deposit': {
      const { userId } = state.traders[op.user]!;
      deposit(ctx, { userId, coin: op.coin, amount: op.amount });
      addTo(flows.deposits, op.coin, op.amount);
      return;
    }
    case 'withdraw': {
      const { userId } = state.traders[op.user]!;
      const available = ctx.accounts.balance(userId, op.coin).available;
      const amount = (available * BigInt(op.share)) / 100n;
      if (amount <= 0n) return;
      try {
        withdraw(ctx, { userId, coin: op.coin, amount, fee: op.fee });
        addTo(flows.withdrawals, op.coin, amount);
        addTo(flows.withdrawalFees, op.coin, op.fee);
      } catch (error) {
        expect(error).toBeInstanceOf(TradeError);
        expect(amount + op.fee).toBeGreaterThan(available);
      }
      return;
    }
    case 'devDeposit':
      return devDeposit(state, op);
    case 'withdrawRoute':
      return withdrawRoute(state, op);
    case 'chainWait':
      return chainWait(state, op.ms);
    case 'step':
      for (let i = 0; i < op.count; i += 1) h.step();
      settle(state);
      return;
    case 'funding': {
      // Past the next settlement, so every position open before it pays or gets funding.
      const next = Number(h.simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!.nextFundingTime);
      h.step(Math.max(250, next - h.clock.now + 1000));
      settle(state);
      return;
    }
    case 'shock': {
      const spec = specOf('USDT-FUTURES', PERPETUALS[op.perpetual]);
      const moved = (lastOf('USDT-FUTURES', spec.symbol) * BigInt(100 + op.percent)) / 100n;
      h.simulator.jumpPrice('USDT-FUTURES', spec.symbol, formatUnits(moved, spec.pricePlace), h.clock.now);
      h.step();
      settle(state);
      return;
    }
  }
}

/**
 * A transfer of a share of what the source may give: up to 100 % it must go through, above it 43004; a replayed
 * clientOid must answer 43015 and move nothing.
 */
async function transfer(state: RunState, op: Extract<Op, { type: 'transfer' }>): Promise<void> {
  const trader = state.traders[op.user]!;
  const ctx = state.h.trading.ctx;
  const holdings = () => [ctx.accounts.balance(trader.userId, 'USDT').available, ctx.accounts.wallet(trader.userId)];
  const from = op.toFutures ? 'spot' : 'futures';
  const to = op.toFutures ? 'futures' : 'spot';
  const used = state.clientOids[op.user]!;
  if (op.replay && used.length > 0) {
    const before = holdings();
    const clientOid = used[used.length - 1];
    const reply = await trader.post('/v1/asset/transfer', { from, to, coin: 'USDT', amount: '1', clientOid });
    expect(reply.code, reply.msg).toBe('43015');
    expect(holdings()).toEqual(before);
    return;
  }
  const transferable = op.toFutures
    ? holdings()[0]!
    : unitsOf((await trader.ok('/v1/asset/futures')).transferable, MONEY_PLACES);
  const amount = (transferable * BigInt(op.share)) / 100n;
  if (amount <= 0n) return;
  const clientOid = `t${op.user}-${used.length}`;
  const reply = await trader.post('/v1/asset/transfer', {
    from,
    to,
    coin: 'USDT',
    amount: formatUnits(amount, MONEY_PLACES),
    clientOid,
  });
  expect(reply.code, reply.msg).toBe(amount > transferable ? '43004' : '00000');
  if (reply.code === '00000') used.push(clientOid);
}
