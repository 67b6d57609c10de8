import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unitsOf } from '../../../../gateway/money/money-units';
import type { FuturesOrderInput } from '../../../../gateway/trading/futures-trading';
import { FuturesWatch } from '../../../../gateway/trading/futures-watch';
import type { SpotOrderInput } from '../../../../gateway/trading/spot-trading';
import { assetOf, makeTradingHarness, pinPerpetual, type TradingHarness } from './trading-support';

const SYMBOL = 'BTCUSDT';

let h: TradingHarness;
/** The perpetual's mark and last price as the gateway reads them, pinned by the test. */
let pinned: ReturnType<typeof pinPerpetual>;
/** A futures watch fed by hand (paper trading's own is not subscribed to any market step here). */
let watch: FuturesWatch;
/** The perpetual's own last price when the test began (the prices below are read from it, not from a pin). */
let start: string;

beforeEach(() => {
  h = makeTradingHarness();
  h.step();
  h.trading.stop();
  start = h.simulator.getTicker('USDT-FUTURES', SYMBOL)!.lastPr;
  pinned = pinPerpetual(h, SYMBOL);
  watch = new FuturesWatch(h.trading.ctx, h.trading.futures);
});
afterEach(() => {
  vi.restoreAllMocks();
  h.close();
});

const spec = () => h.trading.ctx.spec('USDT-FUTURES', SYMBOL);
/** The perpetual's last price when the test began times `factor`, in price units on the tick. */
function near(factor: number): bigint {
  const units = unitsOf(start, spec().pricePlace);
  const scaled = (units * BigInt(Math.round(factor * 10_000))) / 10_000n;
  return scaled - (scaled % BigInt(spec().priceEndStep));
}
const text = (units: bigint) => new Decimal(units.toString()).div(10 ** spec().pricePlace).toFixed(spec().pricePlace);

/** Pins the mark and last price (price units) and lets the watch react to them once. */
function pin(mark: bigint, last: bigint): void {
  pinned.set({ mark: text(mark), last: text(last) });
  watch.onTicker(spec(), h.simulator.getTicker('USDT-FUTURES', SYMBOL)!);
}

async function traderId(email: string): Promise<string> {
  const trader = await h.trader(email);
  h.trading.ctx.ensureAccount(trader.userId);
  return trader.userId;
}

const write = <T>(action: () => T): T => h.db.transaction(action)();

function futuresOrder(fields: Partial<FuturesOrderInput>): FuturesOrderInput {
  return {
    symbol: SYMBOL,
    marginMode: 'crossed',
    side: 'buy',
    tradeSide: null,
    orderType: 'market',
    force: 'gtc',
    price: null,
    size: 100n,
    reduceOnly: false,
    triggerPrice: null,
    presetTp: null,
    presetSl: null,
    clientOid: '',
    ...fields,
  };
}

describe('a futures trigger order watching the mark price', { timeout: 30_000 }, () => {
  it('fires when the mark reaches it and not when only the last price does; the default watches the last', async () => {
    const ann = await traderId('ann@example.com');
    const trigger = near(1.02);
    const onMark = write(() =>
      h.trading.futures.place(ann, futuresOrder({ triggerPrice: trigger, triggerType: 'mark_price' })),
    );
    const onLast = write(() => h.trading.futures.place(ann, futuresOrder({ triggerPrice: trigger })));
    expect(onMark).toMatchObject({ triggerType: 'mark_price', triggerUp: true, planStatus: 'untriggered' });
    expect(onLast.triggerType).toBeUndefined();

    pin(near(1), near(1.03));
    const find = (id: string) => h.trading.ctx.orders.find(ann, 'futures', id)!;
    expect(find(onMark.orderId).planStatus).toBe('untriggered');
    expect(find(onLast.orderId)).toMatchObject({ planStatus: 'triggered', status: 'filled' });
    pin(near(1.03), near(1));
    expect(find(onMark.orderId)).toMatchObject({ planStatus: 'triggered', status: 'filled' });
    // Filled once each: the position is the two orders' sizes.
    pin(near(1.04), near(1.04));
    expect(h.trading.ctx.positions.get(ann, SYMBOL, 'long')?.size).toBe(200n);
  });

  it('takes its direction from the mark when placed', async () => {
    const ann = await traderId('ann@example.com');
    pinned.set({ mark: text(near(1.01)), last: text(near(1)) });
    // Between the last price and the mark: a sell stop below the mark that the mark must fall to.
    const order = write(() =>
      h.trading.futures.place(
        ann,
        futuresOrder({ side: 'sell', triggerPrice: near(1.005), triggerType: 'mark_price' }),
      ),
    );
    expect(order.triggerUp).toBe(false);
  });
});

describe('a trailing futures order (track_plan)', { timeout: 30_000 }, () => {
  it('trails the best price from its activation, fires once at the callback, and keeps its best price stored', async () => {
    const ann = await traderId('ann@example.com');
    write(() => h.trading.futures.place(ann, futuresOrder({ size: 100n })));
    expect(h.trading.ctx.positions.get(ann, SYMBOL, 'long')?.size).toBe(100n);
    const activation = near(1.01);
    const order = write(() =>
      h.trading.futures.place(
        ann,
        futuresOrder({
          side: 'sell',
          reduceOnly: true,
          triggerPrice: activation,
          callbackBps: 100,
          planType: 'track_plan',
        }),
      ),
    );
    const stored = () => h.trading.ctx.orders.find(ann, 'futures', order.orderId)!;
    expect(stored()).toMatchObject({ callbackBps: 100, planType: 'track_plan', planStatus: 'untriggered' });
    expect(stored().trackPrice).toBeUndefined();

    pin(near(1), near(1));
    expect(stored().trackPrice).toBeUndefined();
    pin(near(1.02), near(1.02));
    expect(stored().trackPrice).toBe(near(1.02));
    pin(near(1.03), near(1.03));
    expect(stored().trackPrice).toBe(near(1.03));
    // Half the callback back from the best: still trailing.
    pin(near(1.025), near(1.025));
    expect(stored()).toMatchObject({ planStatus: 'untriggered', trackPrice: near(1.03) });
    // A full 1 % back from the best: it closes the long at market.
    const fire = (near(1.03) * 9_890n) / 10_000n;
    pin(fire, fire);
    expect(stored()).toMatchObject({ planStatus: 'triggered', status: 'filled', baseVolume: 100n });
    expect(h.trading.ctx.positions.get(ann, SYMBOL, 'long')).toBeUndefined();
    pin(near(1.1), near(1.1));
    pin(near(0.99), near(0.99));
    expect(h.trading.ctx.positions.ofUser(ann)).toEqual([]);
  });

  it('is refused with a limit price, without a trigger, or with a callback above 10 %', async () => {
    const ann = await traderId('ann@example.com');
    const bad: Partial<FuturesOrderInput>[] = [
      { orderType: 'limit', price: near(0.99), triggerPrice: near(1.01), callbackBps: 100 },
      { callbackBps: 100 },
      { triggerPrice: near(1.01), callbackBps: 1001 },
      { triggerPrice: near(1.01), callbackBps: 0 },
    ];
    for (const fields of bad)
      expect(() => write(() => h.trading.futures.place(ann, futuresOrder(fields)))).toThrow(/callbackRatio/);
    expect(h.trading.ctx.orders.openOf(ann, 'futures')).toEqual([]);
  });
});

describe('FuturesTrading.modifyTrigger', { timeout: 30_000 }, () => {
  it('changes a waiting trigger order in place and holds the margin of its new size; a refusal changes nothing', async () => {
    const ann = await traderId('ann@example.com');
    const placed = write(() =>
      h.trading.futures.place(ann, futuresOrder({ triggerPrice: near(0.98), clientOid: 'plan-1', size: 100n })),
    );
    const locked = () => h.trading.futures.accountOf(ann).locked;
    const before = locked();
    const changed = write(() =>
      h.trading.futures.modifyTrigger(
        ann,
        placed.orderId,
        futuresOrder({ triggerPrice: near(0.97), triggerType: 'mark_price', size: 300n }),
      ),
    );
    expect(changed).toMatchObject({
      orderId: placed.orderId,
      clientOid: 'plan-1',
      cTime: placed.cTime,
      size: 300n,
      triggerPrice: near(0.97),
      triggerType: 'mark_price',
      status: 'live',
      planStatus: 'untriggered',
    });
    expect(locked()).toBe(before * 3n);
    expect(h.trading.ctx.orders.openOf(ann, 'futures').map((o) => o.orderId)).toEqual([placed.orderId]);

    // More than the account can hold: 43004, and the order keeps its size and hold.
    expect(() =>
      write(() =>
        h.trading.futures.modifyTrigger(
          ann,
          placed.orderId,
          futuresOrder({ triggerPrice: near(0.97), size: 10_000_000n }),
        ),
      ),
    ).toThrow(expect.objectContaining({ code: '43004' }));
    expect(h.trading.ctx.orders.find(ann, 'futures', placed.orderId)).toMatchObject({ size: 300n, status: 'live' });
    expect(locked()).toBe(before * 3n);
  });

  it("refuses another user's order, a triggered one and a plain one (43006)", async () => {
    const ann = await traderId('ann@example.com');
    const bob = await traderId('bob@example.com');
    const plan = write(() => h.trading.futures.place(ann, futuresOrder({ triggerPrice: near(1.02) })));
    const plain = write(() =>
      h.trading.futures.place(ann, futuresOrder({ orderType: 'limit', price: near(0.95), size: 100n })),
    );
    const next = futuresOrder({ triggerPrice: near(1.03) });
    expect(() => write(() => h.trading.futures.modifyTrigger(bob, plan.orderId, next))).toThrow(
      expect.objectContaining({ code: '43006' }),
    );
    expect(() => write(() => h.trading.futures.modifyTrigger(ann, plain.orderId, next))).toThrow(
      expect.objectContaining({ code: '43006' }),
    );
    pin(near(1.03), near(1.03));
    expect(() => write(() => h.trading.futures.modifyTrigger(ann, plan.orderId, next))).toThrow(
      expect.objectContaining({ code: '43006' }),
    );
  });
});

describe('SpotTrading.modifyTrigger', { timeout: 30_000 }, () => {
  it('gives the old hold back and freezes for the new order, keeping id and clientOid', async () => {
    const trader = await h.trader('ann@example.com');
    h.trading.ctx.ensureAccount(trader.userId);
    const spot = h.trading.ctx.spec('SPOT', SYMBOL);
    const last = unitsOf(h.simulator.getTicker('SPOT', SYMBOL)!.lastPr, spot.pricePlace);
    const at = (factor: number) => {
      const scaled = (last * BigInt(Math.round(factor * 1000))) / 1000n;
      return scaled - (scaled % BigInt(spot.priceEndStep));
    };
    const input = (price: bigint, size: bigint): SpotOrderInput => ({
      symbol: SYMBOL,
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price,
      size,
      triggerPrice: price,
      presetTp: null,
      presetSl: null,
      clientOid: 'stop-1',
    });
    const placed = write(() => h.trading.spot.place(trader.userId, input(at(0.95), 1000n)));
    const changed = write(() => h.trading.spot.modifyTrigger(trader.userId, placed.orderId, input(at(0.9), 2000n)));
    expect(changed).toMatchObject({ orderId: placed.orderId, clientOid: 'stop-1', size: 2000n, triggerPrice: at(0.9) });
    const { frozen } = await assetOf(trader, 'USDT');
    // The new form holds its price × size only: a buy pays its fee in the BTC it buys.
    const value = new Decimal(changed.price!.toString()).div(10 ** spot.pricePlace).times('0.002');
    expect(frozen).toBe(value.toFixed(8));
    write(() => h.trading.spot.cancel(trader.userId, SYMBOL, placed.orderId));
    expect(await assetOf(trader, 'USDT')).toMatchObject({ available: '10000.00000000', frozen: '0.00000000' });
  });
});
