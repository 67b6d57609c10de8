import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { assetOf, makeTradingHarness, type Trader, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const PLACE = '/v1/trade/spot/place-order';
const CANCEL = '/v1/trade/spot/cancel-order';

// biome-ignore lint/suspicious/noExplicitAny: a reply's order, read field by field.
type Order = any;

const last = (symbol = 'BTCUSDT') => new Decimal(h.simulator.getTicker('SPOT', symbol)!.lastPr);
const book = (symbol: string) => h.simulator.getBook('SPOT', symbol, 5)!;
/** The last price moved by `delta`, at 2 places (BTCUSDT's). */
const off = (delta: number) => last().plus(delta).toFixed(2);

/** Moves the last price to `price` and lets the market react. */
function jump(price: string, symbol = 'BTCUSDT') {
  h.simulator.jumpPrice('SPOT', symbol, price, h.clock.now);
  h.step();
}

async function openOrders(trader: Trader, symbol = 'BTCUSDT'): Promise<Order[]> {
  return trader.ok(`/v1/trade/spot/open-orders?symbol=${symbol}`);
}

/** The closing orders a parent's fills placed, take-profit first. */
async function closingOf(trader: Trader, parentId: string, symbol = 'BTCUSDT'): Promise<Order[]> {
  const rows = (await openOrders(trader, symbol)).filter((o: Order) => o.parentOrderId === parentId);
  return rows.sort((a: Order, b: Order) => a.tpslKind.localeCompare(b.tpslKind)).reverse();
}

/**
 * Where a user's frozen balance differs from what their open spot orders hold (a buy its quote coin, a sell its base
 * coin): a coin held twice, or held by no order, shows here as `user coin frozen held`.
 */
function frozenMismatches(): string[] {
  const held = new Map<string, bigint>();
  const orders = h.db
    .prepare(
      "SELECT user_id, symbol, side, frozen FROM trade_orders WHERE market = 'spot' AND status IN ('live', 'partially_filled')",
    )
    .all() as { user_id: string; symbol: string; side: string; frozen: string }[];
  for (const order of orders) {
    const spec = h.simulator.getInstrument('SPOT', order.symbol)!;
    const key = `${order.user_id} ${order.side === 'buy' ? spec.quoteCoin : spec.baseCoin}`;
    held.set(key, (held.get(key) ?? 0n) + BigInt(order.frozen));
  }
  const balances = h.db.prepare('SELECT user_id, coin, frozen FROM trade_balances').all() as {
    user_id: string;
    coin: string;
    frozen: string;
  }[];
  const frozen = new Map(balances.map((b) => [`${b.user_id} ${b.coin}`, BigInt(b.frozen)]));
  const keys = new Set([...held.keys(), ...frozen.keys()]);
  return [...keys]
    .filter((key) => (held.get(key) ?? 0n) !== (frozen.get(key) ?? 0n))
    .map((key) => `${key} ${frozen.get(key) ?? 0n} ${held.get(key) ?? 0n}`);
}

/** A coin's balance of the trader as plain numbers ("0", "6779"), whatever places the assets route shows it with. */
async function holding(trader: Trader, coin: string): Promise<{ available: string; frozen: string }> {
  const row = await assetOf(trader, coin);
  return { available: new Decimal(row.available).toFixed(), frozen: new Decimal(row.frozen).toFixed() };
}
const plain = (value: Decimal.Value) => new Decimal(value).toFixed();

/** The ledger is balanced, the stored balances are its sums, and every frozen coin is held by exactly one open order. */
function expectBooksTrue() {
  expect(unbalancedEntries(h.db)).toEqual([]);
  expect(balanceMismatches(h.db)).toEqual([]);
  expect(frozenMismatches()).toEqual([]);
}

/** A market buy of BTC with presets, filled at once. */
async function boughtWithPresets(trader: Trader, size = '0.010000', tp = off(2000), sl = off(-2000)) {
  const parent = await trader.ok(PLACE, {
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'market',
    size,
    presetTakeProfitPrice: tp,
    presetStopLossPrice: sl,
  });
  expect(parent.status).toBe('filled');
  return { parent, tp, sl };
}

const DOGE = 'DOGEUSDT';

/**
 * A DOGE limit buy at the best ask for twice what that level holds, so it fills the level at once and rests the rest;
 * presets are given as multiples of the ask. Returns the order, the ask and the sizes as the routes write them.
 */
async function halfFilledDoge(trader: Trader, presets: { tp?: number; sl?: number }) {
  const [ask, filled] = book(DOGE).asks[0]!;
  const size = new Decimal(filled).times(2).toFixed(filled.split('.')[1]?.length ?? 0);
  const at = (factor: number) => new Decimal(ask).times(factor).toFixed(ask.split('.')[1]?.length ?? 0);
  const parent = await trader.ok(PLACE, {
    symbol: DOGE,
    side: 'buy',
    orderType: 'limit',
    price: ask,
    size,
    presetTakeProfitPrice: presets.tp === undefined ? undefined : at(presets.tp),
    presetStopLossPrice: presets.sl === undefined ? undefined : at(presets.sl),
  });
  expect(parent).toMatchObject({ status: 'partially_filled', baseVolume: filled });
  return { parent, filled, size, at };
}

describe('spot TP/SL presets are checked', () => {
  it('refuses a wrong side, zero, extra decimals and anything not a decimal string, and changes nothing', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok('/v1/trade/spot/assets');
    const price = off(-100);
    const buy = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price, size: '0.010000' };
    const sell = { ...buy, side: 'sell', price: off(100) };
    const market = { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '0.010000' };
    const before = h.db.prepare('SELECT * FROM trade_balances ORDER BY user_id, coin').all();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['a buy take-profit below its price', { ...buy, presetTakeProfitPrice: off(-200) }, '40002', 'above'],
      ['a buy take-profit at its price', { ...buy, presetTakeProfitPrice: price }, '40002', 'above'],
      ['a buy stop-loss above its price', { ...buy, presetStopLossPrice: off(0) }, '40002', 'below'],
      ['a sell take-profit above its price', { ...sell, presetTakeProfitPrice: off(200) }, '40002', 'below'],
      ['a sell stop-loss below its price', { ...sell, presetStopLossPrice: off(0) }, '40002', 'above'],
      ['a market buy stop-loss above the last price', { ...market, presetStopLossPrice: off(50) }, '40002', 'last'],
      ['a market buy take-profit below the last price', { ...market, presetTakeProfitPrice: off(-50) }, '40002', ''],
      ['a zero take-profit', { ...buy, presetTakeProfitPrice: '0' }, '40002', 'presetTakeProfitPrice'],
      ['a zero stop-loss with decimals', { ...buy, presetStopLossPrice: '0.00' }, '40002', 'presetStopLossPrice'],
      ['too many decimals', { ...buy, presetTakeProfitPrice: `${off(500)}1` }, '43002', 'presetTakeProfitPrice'],
      ['text', { ...buy, presetStopLossPrice: 'cheap' }, '40002', 'presetStopLossPrice'],
      ['a number', { ...buy, presetTakeProfitPrice: 70000 }, '40002', 'presetTakeProfitPrice'],
      ['an exponent', { ...buy, presetStopLossPrice: '5e4' }, '40002', 'presetStopLossPrice'],
      ['a negative price', { ...buy, presetStopLossPrice: '-1' }, '40002', 'presetStopLossPrice'],
      ['an object', { ...buy, presetTakeProfitPrice: { price: '1' } }, '40002', 'presetTakeProfitPrice'],
    ];
    for (const [name, body, code, words] of cases) {
      const reply = await ann.post(PLACE, body);
      expect(reply.code, name).toBe(code);
      expect(reply.msg, name).toContain(words);
    }
    expect(h.db.prepare('SELECT * FROM trade_balances ORDER BY user_id, coin').all()).toEqual(before);
    expect(await ann.ok('/v1/trade/spot/history-orders')).toEqual([]);
  });
});

describe('a filled spot order with presets', () => {
  it('places a sell take-profit and stop-loss trigger order for what it bought, holding the coins once', async () => {
    const ann = await h.trader('ann@example.com');
    const { parent, tp, sl } = await boughtWithPresets(ann);
    expect(parent).toMatchObject({ presetTakeProfitPrice: tp, presetStopLossPrice: sl, parentOrderId: '' });
    const [take, stop] = await closingOf(ann, parent.orderId);
    const closing = { side: 'sell', orderType: 'market', size: '0.010000', status: 'live', planStatus: 'untriggered' };
    expect(take).toMatchObject({ ...closing, tpslKind: 'tp', triggerPrice: tp, parentOrderId: parent.orderId });
    expect(stop).toMatchObject({ ...closing, tpslKind: 'sl', triggerPrice: sl, parentOrderId: parent.orderId });
    // The closing orders carry no presets of their own.
    expect(take).toMatchObject({ presetTakeProfitPrice: '', presetStopLossPrice: '' });
    // The BTC bought is frozen once for the pair, not once per order.
    expect(await holding(ann, 'BTC')).toEqual({ available: '0', frozen: '0.01' });
    expectBooksTrue();
  });

  it('sells at market when the take-profit triggers, and cancels the stop-loss', async () => {
    const ann = await h.trader('ann@example.com');
    const { parent, tp } = await boughtWithPresets(ann);
    const usdt = new Decimal((await assetOf(ann, 'USDT')).available);
    const [take, stop] = await closingOf(ann, parent.orderId);
    jump(new Decimal(tp).plus(10).toFixed(2));
    expect(await openOrders(ann)).toEqual([]);
    const history: Order[] = await ann.ok('/v1/trade/spot/history-orders?symbol=BTCUSDT');
    const done = history.find((o) => o.orderId === take.orderId);
    expect(done).toMatchObject({ planStatus: 'triggered', status: 'filled', baseVolume: '0.010000' });
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({
      status: 'cancelled',
      baseVolume: '0.000000',
    });
    expect(await holding(ann, 'BTC')).toEqual({ available: '0', frozen: '0' });
    const proceeds = new Decimal(done.quoteVolume).minus(done.fee);
    expect(await assetOf(ann, 'USDT')).toMatchObject({
      available: usdt.plus(proceeds).toFixed(8),
      frozen: '0.00000000',
    });
    expectBooksTrue();
  });

  it('sells at market when the stop-loss triggers, and cancels the take-profit', async () => {
    const ann = await h.trader('ann@example.com');
    const { parent, sl } = await boughtWithPresets(ann);
    const [take, stop] = await closingOf(ann, parent.orderId);
    jump(new Decimal(sl).minus(10).toFixed(2));
    const history: Order[] = await ann.ok('/v1/trade/spot/history-orders?symbol=BTCUSDT');
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({ status: 'filled', baseVolume: '0.010000' });
    expect(history.find((o) => o.orderId === take.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await holding(ann, 'BTC')).toEqual({ available: '0', frozen: '0' });
    expectBooksTrue();
  });

  it('of a sell places buy-back trigger orders that hold the proceeds, and a take-profit below buys it back', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(PLACE, { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '0.010000' });
    const tp = off(-2000);
    const sl = off(2000);
    const sold = await ann.ok(PLACE, {
      symbol: 'BTCUSDT',
      side: 'sell',
      orderType: 'market',
      size: '0.010000',
      presetTakeProfitPrice: tp,
      presetStopLossPrice: sl,
    });
    expect(sold.status).toBe('filled');
    const [take, stop] = await closingOf(ann, sold.orderId);
    expect(take).toMatchObject({ side: 'buy', size: '0.010000', triggerPrice: tp, tpslKind: 'tp' });
    expect(stop).toMatchObject({ side: 'buy', size: '0.010000', triggerPrice: sl, tpslKind: 'sl' });
    // The proceeds after the fee are what the buy-back holds.
    const proceeds = new Decimal(sold.quoteVolume).minus(sold.fee);
    expect(new Decimal((await assetOf(ann, 'USDT')).frozen).eq(proceeds)).toBe(true);
    expectBooksTrue();

    jump(new Decimal(tp).minus(10).toFixed(2));
    const history: Order[] = await ann.ok('/v1/trade/spot/history-orders?symbol=BTCUSDT');
    expect(history.find((o) => o.orderId === take.orderId)).toMatchObject({ status: 'filled', baseVolume: '0.010000' });
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await holding(ann, 'BTC')).toEqual({ available: '0.01', frozen: '0' });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ frozen: '0.00000000' });
    expectBooksTrue();
  });
});

describe('cancelling', () => {
  it('an order with presets before any fill places nothing and gives everything back', async () => {
    const ann = await h.trader('ann@example.com');
    const order = await ann.ok(PLACE, {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: off(-500),
      size: '0.010000',
      presetTakeProfitPrice: off(1000),
      presetStopLossPrice: off(-1000),
    });
    expect(order).toMatchObject({ status: 'live', presetTakeProfitPrice: off(1000) });
    await ann.ok(CANCEL, { symbol: 'BTCUSDT', orderId: order.orderId });
    expect(await openOrders(ann)).toEqual([]);
    expect(await ann.ok('/v1/trade/spot/history-orders')).toHaveLength(1);
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '10000.00000000', frozen: '0.00000000' });
    // The market passing the presets later places nothing either.
    jump(off(1500));
    expect(await openOrders(ann)).toEqual([]);
    expectBooksTrue();
  });

  it('a partly filled order keeps the closing orders of what filled; they grow with a later fill and close once', async () => {
    const ann = await h.trader('ann@example.com');
    const symbol = DOGE;
    const { parent, filled, size, at } = await halfFilledDoge(ann, { tp: 1.5, sl: 0.5 });
    let [take, stop] = await closingOf(ann, parent.orderId, symbol);
    expect([take.size, stop.size]).toEqual([filled, filled]);
    expect(await holding(ann, 'DOGE')).toEqual({ available: '0', frozen: plain(filled) });
    expectBooksTrue();

    // The market coming down to the order's price fills the rest as maker: the closing orders grow to the whole size.
    jump(at(0.95), symbol);
    expect((await ann.ok(`/v1/trade/spot/history-orders?symbol=${symbol}`))[0]).toMatchObject({
      orderId: parent.orderId,
      status: 'filled',
    });
    [take, stop] = await closingOf(ann, parent.orderId, symbol);
    expect([take.size, stop.size]).toEqual([size, size]);
    expect(await holding(ann, 'DOGE')).toEqual({ available: '0', frozen: plain(size) });
    expectBooksTrue();

    // Cancelling the take-profit leaves the stop-loss holding everything; cancelling that gives the coins back.
    await ann.ok(CANCEL, { symbol, orderId: take.orderId });
    expect((await closingOf(ann, parent.orderId, symbol)).map((o) => o.orderId)).toEqual([stop.orderId]);
    expect(await holding(ann, 'DOGE')).toEqual({ available: '0', frozen: plain(size) });
    expectBooksTrue();
    await ann.ok(CANCEL, { symbol, orderId: stop.orderId });
    expect(await holding(ann, 'DOGE')).toEqual({ available: plain(size), frozen: '0' });
    expectBooksTrue();
  });

  it('the rest of a partly filled order leaves the closing orders of what filled, for that size only', async () => {
    const ann = await h.trader('ann@example.com');
    const symbol = DOGE;
    const { parent, filled } = await halfFilledDoge(ann, { sl: 0.5 });
    await ann.ok(CANCEL, { symbol, orderId: parent.orderId });
    const closing = await closingOf(ann, parent.orderId, symbol);
    // Only the preset sent becomes a closing order.
    expect(closing).toEqual([expect.objectContaining({ tpslKind: 'sl', size: filled, status: 'live' })]);
    expect(await holding(ann, 'DOGE')).toEqual({ available: '0', frozen: plain(filled) });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ frozen: '0.00000000' });
    expectBooksTrue();
    // Cancel all of the pair takes the closing order too, and nothing stays frozen.
    await ann.ok('/v1/trade/spot/cancel-all-orders', { symbol });
    expect(await holding(ann, 'DOGE')).toEqual({ available: plain(filled), frozen: '0' });
    expectBooksTrue();
  });
});

describe('one market move', () => {
  it('that fills the rest of an order and passes its stop-loss sells the whole filled size', async () => {
    const ann = await h.trader('ann@example.com');
    const symbol = DOGE;
    const { parent, filled, size, at } = await halfFilledDoge(ann, { sl: 0.9 });
    const [stop] = await closingOf(ann, parent.orderId, symbol);
    expect(stop.size).toBe(filled);
    // The order fills as maker first, growing its stop-loss, which the same move then triggers.
    jump(at(0.8), symbol);
    const history: Order[] = await ann.ok(`/v1/trade/spot/history-orders?symbol=${symbol}`);
    expect(history.find((o) => o.orderId === parent.orderId)).toMatchObject({ status: 'filled', baseVolume: size });
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({ status: 'filled', baseVolume: size });
    expect(await holding(ann, 'DOGE')).toEqual({ available: '0', frozen: '0' });
    expectBooksTrue();
  });
});

describe('another user', () => {
  it('cannot cancel a closing order, and one user triggering leaves the other’s orders as they were', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    const { parent, tp } = await boughtWithPresets(ann);
    const bobs = await boughtWithPresets(bob, '0.005000', new Decimal(tp).plus(3000).toFixed(2), off(-3000));
    const [take] = await closingOf(ann, parent.orderId);
    expect((await bob.post(CANCEL, { symbol: 'BTCUSDT', orderId: take.orderId })).code).toBe('43006');
    const before = await closingOf(bob, bobs.parent.orderId);

    jump(new Decimal(tp).plus(10).toFixed(2));
    expect(await closingOf(ann, parent.orderId)).toEqual([]);
    expect(await closingOf(bob, bobs.parent.orderId)).toEqual(before);
    expect(await holding(bob, 'BTC')).toEqual({ available: '0', frozen: '0.005' });
    expectBooksTrue();
  });
});
