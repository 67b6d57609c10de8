import type Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTradingHarness, type Trader, type TradingHarness } from '../trading/trading-support';
import { btc8, D, lastOf, transferBody, usdt4, usdtPriceOf } from './asset-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const DAY = 86_400_000;
const RATES = {
  USD: '1',
  KRW: '1380',
  JPY: '150',
  VND: '25400',
  RUB: '92',
  EUR: '0.92',
  TRY: '34',
  CNY: '7.25',
  TWD: '32.5',
  IDR: '16000',
  PHP: '58',
  HKD: '7.8',
  THB: '35.5',
};

type SpotAsset = { coin: string; available: string; frozen: string };

/** Buys BTC and BGB, sells USDT for BRL, rests an ETH buy, opens a BTC long and moves 1,000 USDT to futures. */
async function trade(ann: Trader): Promise<void> {
  const market = { orderType: 'market', side: 'buy' };
  await ann.ok('/v1/trade/spot/place-order', { ...market, symbol: 'BTCUSDT', size: '0.010000' });
  await ann.ok('/v1/trade/spot/place-order', { ...market, symbol: 'BGBUSDT', size: '25.0000' });
  await ann.ok('/v1/trade/spot/place-order', { ...market, symbol: 'USDTBRL', side: 'sell', size: '100.00' });
  const below = lastOf(h, 'ETHUSDT').times('0.95').toFixed(2);
  await ann.ok('/v1/trade/spot/place-order', {
    symbol: 'ETHUSDT',
    side: 'buy',
    orderType: 'limit',
    price: below,
    size: '0.2000',
  });
  await ann.ok('/v1/trade/mix/place-order', {
    ...market,
    symbol: 'BTCUSDT',
    marginMode: 'crossed',
    size: '0.0100',
  });
  await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', '1000'));
}

/** The user's spot holdings (available + frozen) valued in USDT, worked out from the trade routes' balances. */
async function spotValue(ann: Trader): Promise<Decimal> {
  const assets = (await ann.ok('/v1/trade/spot/assets')) as SpotAsset[];
  return assets.reduce((sum, a) => sum.plus(new D(a.available).plus(a.frozen).times(usdtPriceOf(h, a.coin))), new D(0));
}

describe('GET /v1/asset/overview', () => {
  it('values a new account at its two grants, with the seven tabs in order, the BTC price and the rates', async () => {
    const ann = await h.trader('ann@example.com');
    const overview = await ann.ok('/v1/asset/overview');
    expect(overview).toEqual({
      totalUsdt: '20000.0000',
      totalBtc: btc8(h, 20000),
      btcPrice: h.simulator.getTicker('SPOT', 'BTCUSDT')!.lastPr,
      rates: RATES,
      accounts: [
        { account: 'spot', usdt: '10000.0000', btc: btc8(h, 10000) },
        { account: 'futures', usdt: '10000.0000', btc: btc8(h, 10000) },
        ...['margin', 'p2p', 'financial', 'swap', 'reward'].map((account) => ({ account, usdt: '0', btc: '0' })),
      ],
    });
  });

  it('values every spot coin at its last price and futures at its equity after trades and a transfer', async () => {
    const ann = await h.trader('ann@example.com');
    await trade(ann);
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', lastOf(h, 'BTCUSDT').times('1.01').toFixed(1), h.clock.now);
    h.step();
    const spot = await spotValue(ann);
    const futures = new D((await ann.ok('/v1/trade/mix/account')).equity);
    const overview = await ann.ok('/v1/asset/overview');
    expect(overview.accounts.slice(0, 2)).toEqual([
      { account: 'spot', usdt: usdt4(spot), btc: btc8(h, spot) },
      { account: 'futures', usdt: usdt4(futures), btc: btc8(h, futures) },
    ]);
    expect(overview.totalUsdt).toBe(usdt4(spot.plus(futures)));
    expect(overview.totalBtc).toBe(btc8(h, spot.plus(futures)));
    // Fees went out and prices moved, so the total is no longer the 20,000 granted.
    expect(overview.totalUsdt).not.toBe('20000.0000');
  });
});

describe('GET /v1/asset/spot', () => {
  it('lists each held coin and USDT, biggest value first, valuing a coin without a USDT pair through USDT<COIN>', async () => {
    const ann = await h.trader('ann@example.com');
    await trade(ann);
    const assets = (await ann.ok('/v1/trade/spot/assets')) as SpotAsset[];
    const expected = assets
      .map((a) => {
        const value = new D(a.available).plus(a.frozen).times(usdtPriceOf(h, a.coin));
        return { ...a, usdtValue: usdt4(value), btcValue: btc8(h, value), value };
      })
      .sort((a, b) => b.value.comparedTo(a.value));
    const rows = await ann.ok('/v1/asset/spot');
    expect(rows.map((r: { coin: string }) => r.coin)).toEqual(['USDT', 'BTC', 'BGB', 'BRL']);
    expect(rows).toEqual(expected.map(({ value, ...row }) => expect.objectContaining(row)));
    const brl = rows.find((r: { coin: string }) => r.coin === 'BRL');
    expect(brl.usdtValue).toBe(usdt4(new D(brl.available).div(lastOf(h, 'USDTBRL'))));
    expect(brl.places).toBe(2);
  });
});

describe('GET /v1/asset/futures', () => {
  it('splits the wallet into margin in use, order margin and available, and keeps an unrealized loss out of transferable', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok('/v1/trade/mix/place-order', {
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'market',
      size: '0.0500',
    });
    const far = new D(h.simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!.lastPr).times('0.8').toFixed(1);
    await ann.ok('/v1/trade/mix/place-order', {
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'limit',
      price: far,
      size: '0.0100',
    });
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', lastOf(h, 'BTCUSDT').times('0.98').toFixed(1), h.clock.now);
    h.step();
    const account = await ann.ok('/v1/trade/mix/account');
    const [position] = await ann.ok('/v1/trade/mix/positions');
    const figures = await ann.ok('/v1/asset/futures');
    const wallet = new D(account.equity).minus(account.unrealizedPL);
    expect(new D(account.unrealizedPL).isNegative()).toBe(true);
    expect(figures).toEqual({
      marginCoin: 'USDT',
      wallet: wallet.toFixed(8),
      available: account.available,
      marginInUse: new D(position.positionsOpenMarginCount).toFixed(8),
      orderMargin: account.locked,
      unrealizedPL: account.unrealizedPL,
      equity: account.equity,
      transferable: new D(account.available).plus(account.unrealizedPL).toFixed(8),
    });
    expect(new D(figures.available).eq(wallet.minus(figures.marginInUse).minus(figures.orderMargin))).toBe(true);
  });
});

describe('GET /v1/asset/valuation-history', () => {
  it('answers one point per UTC day ending today, today at the overview total', async () => {
    const ann = await h.trader('ann@example.com');
    await trade(ann);
    const today = new Date(h.clock.now).toISOString().slice(0, 10);
    const overview = await ann.ok('/v1/asset/overview');
    const total = overview.totalUsdt;
    for (const [query, count] of [
      ['', 30],
      ['?days=1', 1],
      ['?days=7', 7],
      ['?days=90', 90],
    ] as const) {
      const points = await ann.ok(`/v1/asset/valuation-history${query}`);
      expect(points).toHaveLength(count);
      expect(points.at(-1)).toMatchObject({ day: today, usdt: total, btc: overview.totalBtc });
      for (const [i, point] of points.entries()) {
        const start = Date.parse(`${point.day}T00:00:00Z`);
        expect(point.time).toBe(String(start));
        if (i > 0) expect(start - Number(points[i - 1].time)).toBe(DAY);
      }
    }
  });

  it('values each past day at its end: the holdings then at the closing prices of the day, the futures wallet without unrealized PnL', async () => {
    const ann = await h.trader('ann@example.com');
    await trade(ann);
    const day = new Date(h.clock.now).toISOString().slice(0, 10);
    const assets = (await ann.ok('/v1/trade/spot/assets')) as SpotAsset[];
    const wallet = (await ann.ok('/v1/asset/futures')).wallet;
    // The next day: the clock crosses midnight, and what happens now must not change yesterday's point.
    h.step(DAY);
    await ann.ok('/v1/asset/transfer', transferBody('futures', 'spot', '500'));
    await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'sell',
      orderType: 'market',
      size: '0.005000',
    });
    const close = async (symbol: string) => {
      const candles = await ann.get(`/api/v2/spot/market/candles?symbol=${symbol}&granularity=1Dutc&limit=5`);
      const row = (candles.data as string[][]).find((c) => new Date(Number(c[0])).toISOString().startsWith(day));
      return new D(row![4]!);
    };
    const priceAtClose = async (coin: string) => {
      if (coin === 'USDT') return new D(1);
      if (coin === 'BRL') return new D(1).div(await close('USDTBRL'));
      return close(`${coin}USDT`);
    };
    let expected = new D(wallet);
    for (const a of assets)
      expected = expected.plus(new D(a.available).plus(a.frozen).times(await priceAtClose(a.coin)));
    const points = await ann.ok('/v1/asset/valuation-history?days=3');
    expect(points.map((p: { day: string }) => p.day)[1]).toBe(day);
    expect(points[0].usdt).toBe('0.0000');
    expect(points[1].usdt).toBe(usdt4(expected));
    // In BTC at that day's BTC close, not today's price.
    expect(points[1].btc).toBe(
      expected
        .div(await close('BTCUSDT'))
        .toDecimalPlaces(8, D.ROUND_HALF_UP)
        .toFixed(8),
    );
    expect(points[0].btc).toBe('0.00000000');
    expect(points[2].usdt).toBe((await ann.ok('/v1/asset/overview')).totalUsdt);
    expect(await ann.ok('/v1/asset/valuation-history?days=1')).toEqual([points[2]]);
  });

  it('refuses with 40002 naming days for a count outside 1 to 90 or not a whole number', async () => {
    const ann = await h.trader('ann@example.com');
    for (const days of ['0', '91', 'abc', '1.5', '-3']) {
      const res = await ann.request(`/v1/asset/valuation-history?days=${days}`);
      const reply = await res.json();
      expect([res.status, reply.status, reply.code], days).toEqual([200, 'error', '40002']);
      expect(reply.msg).toContain('days');
    }
  });
});
