import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTradingHarness, type Trader, type TradingHarness } from './trading-support';
import { expectRefused } from '../refusal-support';

let h: TradingHarness;
let ann: Trader;
let bob: Trader;
beforeAll(async () => {
  h = makeTradingHarness();
  h.step();
  ann = await h.trader('ann@example.com');
  bob = await h.trader('bob@example.com');
  // Paper accounts are created on first use; make both now so each refusal below starts from a settled state.
  await ann.ok('/v1/trade/spot/assets');
  await bob.ok('/v1/trade/spot/assets');
});
afterAll(() => h.close());

const SPOT = '/v1/trade/spot/place-order';
const MIX = '/v1/trade/mix/place-order';
const buy = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '60000.00', size: '0.010000' };
const long = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  side: 'buy',
  orderType: 'limit',
  price: '60000.0',
  size: '0.0100',
};

/** Every balance and order row, to prove a refusal changed nothing. */
function snapshot() {
  return {
    balances: h.db.prepare('SELECT * FROM trade_balances ORDER BY user_id, coin').all(),
    accounts: h.db.prepare('SELECT user_id, futures_wallet, pos_mode FROM trade_accounts ORDER BY user_id').all(),
    orders: h.db.prepare('SELECT order_id, status FROM trade_orders ORDER BY seq').all(),
    positions: h.db.prepare('SELECT * FROM trade_positions').all(),
    settings: h.db.prepare('SELECT * FROM trade_settings').all(),
  };
}

describe('hostile order fields', () => {
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['exponent size', SPOT, { ...buy, size: '1e-2' }, '40002'],
    ['negative size', SPOT, { ...buy, size: '-0.01' }, '40002'],
    ['NaN price', SPOT, { ...buy, price: 'NaN' }, '40002'],
    ['Infinity price', SPOT, { ...buy, price: 'Infinity' }, '40002'],
    ['a number instead of a decimal string', SPOT, { ...buy, size: 0.01 }, '40002'],
    ['an array symbol', SPOT, { ...buy, symbol: ['BTCUSDT'] }, '40002'],
    ['a lowercase symbol', SPOT, { ...buy, symbol: 'btcusdt' }, '40002'],
    ['a 13-digit price', SPOT, { ...buy, price: '1000000000000' }, '40002'],
    ['a zero size', SPOT, { ...buy, size: '0.000000' }, '40002'],
    ['an unknown side', SPOT, { ...buy, side: 'BUY' }, '40002'],
    ['a limit without price', SPOT, { ...buy, price: undefined }, '40002'],
    ['a market post-only', SPOT, { ...buy, orderType: 'market', force: 'post_only' }, '40002'],
    ['a long clientOid', SPOT, { ...buy, clientOid: 'x'.repeat(41) }, '40002'],
    ['an unknown symbol', SPOT, { ...buy, symbol: 'PEPEUSDT' }, '43001'],
    ['more decimals than the lot', SPOT, { ...buy, size: '0.0100001' }, '43002'],
    ['a price off the tick', SPOT, { ...buy, price: '60000.001' }, '43002'],
    ['a value below the minimum', SPOT, { ...buy, size: '0.000001' }, '43003'],
    // Outside the price band (a buy at most 5 % above the last price, down to a hundredth of it): refused before
    // the balance is even looked at.
    ['a price far above the market', SPOT, { ...buy, price: '999999999.00' }, '43011'],
    ['a buy at a hundredth-and-less of the market', SPOT, { ...buy, price: '1.23', size: '5.000000' }, '43011'],
    ['a futures sell far below the market', MIX, { ...long, side: 'sell', price: '1.0' }, '43011'],
    // A trigger waits for the market from either side: only a typo a hundredfold off is refused.
    ['a trigger a thousandfold above', SPOT, { ...buy, orderType: 'market', triggerPrice: '99999999.00' }, '43011'],
    ['a futures trigger a thousandth of it', MIX, { ...long, orderType: 'market', triggerPrice: '10.0' }, '43011'],
    ['a size far beyond the balance', SPOT, { ...buy, size: '999.000000' }, '43004'],
    ['a wrong productType', MIX, { ...long, productType: 'COIN-FUTURES' }, '40002'],
    ['a missing marginMode', MIX, { ...long, marginMode: undefined }, '40002'],
    ['a bad reduceOnly', MIX, { ...long, reduceOnly: true }, '40002'],
    ['a take-profit below a long entry', MIX, { ...long, presetStopSurplusPrice: '59000.0' }, '40002'],
    ['futures size off the lot', MIX, { ...long, size: '0.01001' }, '43002'],
    ['futures beyond the margin', MIX, { ...long, size: '100.0000' }, '43004'],
  ];
  for (const [name, path, body, code] of cases) {
    it(`refuses ${name} with ${code} and changes nothing`, async () => {
      const before = snapshot();
      const reply = await ann.post(path, body);
      expect(reply.code, reply.msg).toBe(code);
      expect(reply.data).toBeNull();
      expect(snapshot()).toEqual(before);
    });
  }

  it('takes stops on the far side of the market, banding a stop-limit price around its trigger', async () => {
    const lastOf = (inst: 'SPOT' | 'USDT-FUTURES') => Number(h.simulator.getTicker(inst, 'BTCUSDT')!.lastPr);
    await ann.ok(SPOT, { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '0.003000' });
    const spotStop = (lastOf('SPOT') * 0.8).toFixed(2);
    // A sell stop 20 % below the market (a stop-loss), market or limit 1 % under its trigger.
    await ann.ok(SPOT, { ...buy, side: 'sell', orderType: 'market', size: '0.001000', triggerPrice: spotStop });
    const limit = (Number(spotStop) * 0.99).toFixed(2);
    await ann.ok(SPOT, { ...buy, side: 'sell', size: '0.001000', triggerPrice: spotStop, price: limit });
    // A stop-limit sell priced 10 % under its trigger would fill far through it once triggered: refused.
    const through = (Number(spotStop) * 0.9).toFixed(2);
    const refused = await ann.post(SPOT, {
      ...buy,
      side: 'sell',
      size: '0.001000',
      triggerPrice: spotStop,
      price: through,
    });
    expect(refused.code, refused.msg).toBe('43011');
    expect(refused.msg).toContain('price must be between');
    // A futures buy stop 20 % above the market (a breakout, or a short's stop-loss).
    const breakout = (lastOf('USDT-FUTURES') * 1.2).toFixed(1);
    await bob.ok(MIX, { ...long, orderType: 'market', triggerPrice: breakout });
  });

  it('answers 40002 (HTTP 200, status error) with a message naming the field', async () => {
    const res = await ann.request(SPOT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...buy, price: '1E5' }),
    });
    await expectRefused(res, '40002', 'price');
  });

  it('refuses malformed JSON (40001) and a huge body (413)', async () => {
    const before = snapshot();
    expect((await ann.post(SPOT, '{"symbol":')).code).toBe('40001');
    const huge = await ann.request(SPOT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...buy, clientOid: 'x'.repeat(100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(snapshot()).toEqual(before);
  });
});

describe('other users and bad ids', () => {
  it("cannot cancel another user's order (43006) and a reused clientOid is refused", async () => {
    const order = await ann.ok(SPOT, { ...buy, clientOid: 'ann-1' });
    const before = snapshot();
    expect(await bob.post('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: order.orderId })).toMatchObject({
      code: '43006',
    });
    expect(await ann.post('/v1/trade/mix/cancel-order', { symbol: 'BTCUSDT', orderId: order.orderId })).toMatchObject({
      code: '43006',
    });
    expect(await ann.post('/v1/trade/spot/cancel-order', { symbol: 'ETHUSDT', orderId: order.orderId })).toMatchObject({
      code: '43006',
    });
    expect(
      await ann.post('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: Number(order.orderId) }),
    ).toMatchObject({ code: '40002' });
    expect(await ann.post(SPOT, { ...buy, clientOid: 'ann-1' })).toMatchObject({ code: '40002' });
    expect(snapshot()).toEqual(before);
    expect((await bob.ok('/v1/trade/spot/open-orders')).length).toBe(0);
    await ann.ok('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: order.orderId });
    expect(await ann.post('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: order.orderId })).toMatchObject({
      code: '43006',
    });
  });

  it('checks queries and leverage', async () => {
    expect((await ann.get('/v1/trade/spot/history-orders?limit=101')).code).toBe('40002');
    expect((await ann.get('/v1/trade/spot/history-orders?limit=-1')).code).toBe('40002');
    expect((await ann.get('/v1/trade/spot/open-orders?symbol=%27%20OR%201%3D1')).code).toBe('40002');
    expect((await ann.get('/v1/trade/mix/positions?symbol=PEPEUSDT')).code).toBe('43001');
    expect((await ann.get('/v1/trade/changes?cursor=abc')).code).toBe('40002');
    expect((await ann.post('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: '1.5' })).code).toBe('40002');
    expect((await ann.post('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: 'NaN' })).code).toBe('40002');
    expect((await ann.post('/v1/trade/mix/set-position-mode', { posMode: 'both' })).code).toBe('40002');
  });
});
