import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { assetOf, ledgerBalanceOf, makeTradingHarness, type Trader, type TradingHarness } from './trading-support';

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

const plain = (value: Decimal.Value) => new Decimal(value).toFixed();

const specOf = (symbol = 'BTCUSDT') => h.simulator.getInstrument('SPOT', symbol)!;
/** The fee a buy fill of `size` pays in the base coin it receives: size × rate, rounded up to 8 places. */
const baseFee = (size: Decimal.Value, rate: string) =>
  new Decimal(size).times(rate).toDecimalPlaces(8, Decimal.ROUND_UP);
/** Base coin held for closing orders as the size they sell: cut down to the pair's lot, at its size places. */
function toLot(held: Decimal.Value, symbol = 'BTCUSDT'): string {
  const { sizeMultiplier, volumePlace } = specOf(symbol);
  return new Decimal(held).div(sizeMultiplier).floor().times(sizeMultiplier).toFixed(volumePlace);
}
/** What a taker buy of `size` delivers for its closing orders: the base bought less the fee paid in it. */
const heldAfterTakerBuy = (size: Decimal.Value, symbol = 'BTCUSDT') =>
  new Decimal(size).minus(baseFee(size, specOf(symbol).takerFeeRate));

/** The ledger is balanced, the stored balances are its sums, and every frozen coin is held by exactly one open order. */
function expectBooksTrue() {
  expect(unbalancedEntries(h.db)).toEqual([]);
  expect(balanceMismatches(h.db)).toEqual([]);
  expect(frozenMismatches()).toEqual([]);
}

/**
 * A market buy of BTC with presets, filled at once. The default size leaves dust: the BTC it holds less the fee paid in
 * it is not a whole number of lots.
 */
async function boughtWithPresets(trader: Trader, size = '0.012345', tp = off(2000), sl = off(-2000)) {
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
  it('places a sell take-profit and stop-loss trigger order for what it bought less the fee, holding the coins once', async () => {
    const ann = await h.trader('ann@example.com');
    const { parent, tp, sl } = await boughtWithPresets(ann);
    const fee = baseFee('0.012345', specOf().takerFeeRate);
    expect(parent).toMatchObject({ presetTakeProfitPrice: tp, presetStopLossPrice: sl, parentOrderId: '' });
    expect(parent).toMatchObject({ baseVolume: '0.012345', fee: fee.toFixed(8), feeCoin: 'BTC' });
    const held = heldAfterTakerBuy('0.012345');
    const [take, stop] = await closingOf(ann, parent.orderId);
    // They sell what the buy holds for them cut to the lot; the dust below a lot stays held with it.
    expect(new Decimal(toLot(held)).lt(held)).toBe(true);
    const closing = { side: 'sell', orderType: 'market', size: toLot(held), status: 'live', planStatus: 'untriggered' };
    expect(take).toMatchObject({ ...closing, tpslKind: 'tp', triggerPrice: tp, parentOrderId: parent.orderId });
    expect(stop).toMatchObject({ ...closing, tpslKind: 'sl', triggerPrice: sl, parentOrderId: parent.orderId });
    // The closing orders carry no presets of their own.
    expect(take).toMatchObject({ presetTakeProfitPrice: '', presetStopLossPrice: '' });
    // The BTC bought less the fee is frozen once for the pair, not once per order.
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({ available: '0', frozen: plain(held) });
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
    const held = heldAfterTakerBuy('0.012345');
    expect(done).toMatchObject({ planStatus: 'triggered', status: 'filled', baseVolume: toLot(held), feeCoin: 'USDT' });
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({
      status: 'cancelled',
      baseVolume: '0.000000',
    });
    // Nothing stays frozen: the dust below a lot is back in available.
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({ available: held.minus(toLot(held)).toFixed(), frozen: '0' });
    // A sell still pays its fee in USDT, out of the proceeds.
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
    const held = heldAfterTakerBuy('0.012345');
    const history: Order[] = await ann.ok('/v1/trade/spot/history-orders?symbol=BTCUSDT');
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({
      status: 'filled',
      baseVolume: toLot(held),
    });
    expect(history.find((o) => o.orderId === take.orderId)).toMatchObject({ status: 'cancelled' });
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({ available: held.minus(toLot(held)).toFixed(), frozen: '0' });
    expectBooksTrue();
  });

  it('of a sell places buy-back trigger orders that hold the proceeds, and a take-profit below buys it back', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(PLACE, { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '0.010000' });
    // The buy paid its fee in BTC: what it delivered, a whole number of lots here, is what the sell sells.
    const size = toLot(heldAfterTakerBuy('0.01'));
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({ available: plain(size), frozen: '0' });
    const tp = off(-2000);
    const sl = off(2000);
    const sold = await ann.ok(PLACE, {
      symbol: 'BTCUSDT',
      side: 'sell',
      orderType: 'market',
      size,
      presetTakeProfitPrice: tp,
      presetStopLossPrice: sl,
    });
    expect(sold).toMatchObject({ status: 'filled', feeCoin: 'USDT' });
    const [take, stop] = await closingOf(ann, sold.orderId);
    expect(take).toMatchObject({ side: 'buy', size, triggerPrice: tp, tpslKind: 'tp' });
    expect(stop).toMatchObject({ side: 'buy', size, triggerPrice: sl, tpslKind: 'sl' });
    // The proceeds after the fee are what the buy-back holds.
    const proceeds = new Decimal(sold.quoteVolume).minus(sold.fee);
    expect(new Decimal((await assetOf(ann, 'USDT')).frozen).eq(proceeds)).toBe(true);
    const usdt = new Decimal((await assetOf(ann, 'USDT')).available);
    expectBooksTrue();

    jump(new Decimal(tp).minus(10).toFixed(2));
    const history: Order[] = await ann.ok('/v1/trade/spot/history-orders?symbol=BTCUSDT');
    const bought = history.find((o) => o.orderId === take.orderId);
    // The buy-back pays its taker fee in the BTC it buys.
    const fee = baseFee(size, specOf().takerFeeRate);
    expect(bought).toMatchObject({ status: 'filled', baseVolume: size, fee: fee.toFixed(8), feeCoin: 'BTC' });
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({ status: 'cancelled' });
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({ available: new Decimal(size).minus(fee).toFixed(), frozen: '0' });
    // It spent its cost out of the proceeds it held; what it did not spend is back in available.
    expect(await assetOf(ann, 'USDT')).toMatchObject({
      available: usdt.plus(proceeds).minus(bought.quoteVolume).toFixed(8),
      frozen: '0.00000000',
    });
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
    const { parent, filled, at } = await halfFilledDoge(ann, { tp: 1.5, sl: 0.5 });
    // The first fill took the ask: it holds the DOGE bought less the taker fee, and its closing orders sell that cut
    // to the lot.
    const first = heldAfterTakerBuy(filled, symbol);
    let [take, stop] = await closingOf(ann, parent.orderId, symbol);
    expect([take.size, stop.size]).toEqual([toLot(first, symbol), toLot(first, symbol)]);
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({ available: '0', frozen: plain(first) });
    expectBooksTrue();

    // The market coming down to the order's price fills the rest as maker: the closing orders grow to all it holds.
    jump(at(0.95), symbol);
    expect((await ann.ok(`/v1/trade/spot/history-orders?symbol=${symbol}`))[0]).toMatchObject({
      orderId: parent.orderId,
      status: 'filled',
    });
    const held = first.plus(filled).minus(baseFee(filled, specOf(symbol).makerFeeRate));
    [take, stop] = await closingOf(ann, parent.orderId, symbol);
    expect([take.size, stop.size]).toEqual([toLot(held, symbol), toLot(held, symbol)]);
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({ available: '0', frozen: plain(held) });
    expectBooksTrue();

    // Cancelling the take-profit leaves the stop-loss holding everything; cancelling that gives the coins back, dust
    // included.
    await ann.ok(CANCEL, { symbol, orderId: take.orderId });
    expect((await closingOf(ann, parent.orderId, symbol)).map((o) => o.orderId)).toEqual([stop.orderId]);
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({ available: '0', frozen: plain(held) });
    expectBooksTrue();
    await ann.ok(CANCEL, { symbol, orderId: stop.orderId });
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({ available: plain(held), frozen: '0' });
    expectBooksTrue();
  });

  it('the rest of a partly filled order leaves the closing orders of what filled, for that size only', async () => {
    const ann = await h.trader('ann@example.com');
    const symbol = DOGE;
    const { parent, filled } = await halfFilledDoge(ann, { sl: 0.5 });
    await ann.ok(CANCEL, { symbol, orderId: parent.orderId });
    const held = heldAfterTakerBuy(filled, symbol);
    const closing = await closingOf(ann, parent.orderId, symbol);
    // Only the preset sent becomes a closing order, selling what the fill delivered less its fee, cut to the lot.
    expect(closing).toEqual([expect.objectContaining({ tpslKind: 'sl', size: toLot(held, symbol), status: 'live' })]);
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({ available: '0', frozen: plain(held) });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ frozen: '0.00000000' });
    expectBooksTrue();
    // Cancel all of the pair takes the closing order too, and nothing stays frozen.
    await ann.ok('/v1/trade/spot/cancel-all-orders', { symbol });
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({ available: plain(held), frozen: '0' });
    expectBooksTrue();
  });
});

describe('a fill under one lot after its fee', () => {
  it('leaves a closing order that sells nothing: when triggered it ends and gives its hold back, and the pair goes on', async () => {
    const [amy, ann, bob] = [
      await h.trader('amy@example.com'),
      await h.trader('ann@example.com'),
      await h.trader('bob@example.com'),
    ];
    const [ask, level] = book(DOGE).asks[0]!;
    const places = ask.split('.')[1]?.length ?? 0;
    // Amy takes the best ask but 0.1 DOGE; Ann's buy at that ask then fills 0.1, and 0.0999 DOGE is left after its fee.
    await amy.ok(PLACE, {
      symbol: DOGE,
      side: 'buy',
      orderType: 'market',
      size: new Decimal(level).minus('0.1').toFixed(1),
    });
    const parent = await ann.ok(PLACE, {
      symbol: DOGE,
      side: 'buy',
      orderType: 'limit',
      price: ask,
      size: '100.0',
      presetStopLossPrice: new Decimal(ask).times(0.5).toFixed(places),
    });
    expect(parent).toMatchObject({ status: 'partially_filled', baseVolume: '0.1' });
    await ann.ok(CANCEL, { symbol: DOGE, orderId: parent.orderId });
    const held = heldAfterTakerBuy('0.1', DOGE);
    const [stop] = await closingOf(ann, parent.orderId, DOGE);
    expect(stop).toMatchObject({ tpslKind: 'sl', size: toLot(held, DOGE), status: 'live' });
    expect(new Decimal(stop.size).isZero()).toBe(true);
    // Bob's buy rests above where the price is going.
    const bid = await bob.ok(PLACE, {
      symbol: DOGE,
      side: 'buy',
      orderType: 'limit',
      price: new Decimal(ask).times(0.9).toFixed(places),
      size: '20.0',
    });
    jump(new Decimal(ask).times(0.45).toFixed(places), DOGE);
    jump(new Decimal(ask).times(0.45).toFixed(places), DOGE);
    // The stop-loss ended without selling and its 0.0999 DOGE is Ann's again; Bob's crossed buy filled on that move.
    const history = await ann.ok(`/v1/trade/spot/history-orders?symbol=${DOGE}&limit=10`);
    expect(history.find((o: Order) => o.orderId === stop.orderId)).toMatchObject({
      status: 'cancelled',
      baseVolume: '0.0',
    });
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({ available: plain(held), frozen: '0' });
    const bobs = await bob.ok(`/v1/trade/spot/history-orders?symbol=${DOGE}&limit=10`);
    expect(bobs.find((o: Order) => o.orderId === bid.orderId)).toMatchObject({ status: 'filled' });
    expectBooksTrue();
  });
});

describe('one market move', () => {
  it('that fills the rest of an order and passes its stop-loss sells all the fills delivered', async () => {
    const ann = await h.trader('ann@example.com');
    const symbol = DOGE;
    const { parent, filled, size, at } = await halfFilledDoge(ann, { sl: 0.9 });
    const first = heldAfterTakerBuy(filled, symbol);
    const [stop] = await closingOf(ann, parent.orderId, symbol);
    expect(stop.size).toBe(toLot(first, symbol));
    // The order fills as maker first, growing its stop-loss, which the same move then triggers.
    jump(at(0.8), symbol);
    const held = first.plus(filled).minus(baseFee(filled, specOf(symbol).makerFeeRate));
    const history: Order[] = await ann.ok(`/v1/trade/spot/history-orders?symbol=${symbol}`);
    expect(history.find((o) => o.orderId === parent.orderId)).toMatchObject({
      status: 'filled',
      baseVolume: size,
      fee: new Decimal(filled)
        .minus(first)
        .plus(baseFee(filled, specOf(symbol).makerFeeRate))
        .toFixed(8),
      feeCoin: 'DOGE',
    });
    expect(history.find((o) => o.orderId === stop.orderId)).toMatchObject({
      status: 'filled',
      baseVolume: toLot(held, symbol),
    });
    // Nothing stays frozen: the dust below a lot is back in available.
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({
      available: held.minus(toLot(held, symbol)).toFixed(),
      frozen: '0',
    });
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
    expect(ledgerBalanceOf(h, bob, 'BTC')).toEqual({ available: '0', frozen: plain(heldAfterTakerBuy('0.005')) });
    expectBooksTrue();
  });
});
