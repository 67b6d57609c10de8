import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIP_LEVELS } from '../../../../gateway/fees/vip-levels';
import { vipVolumesOf } from '../../../../gateway/fees/vip-volumes';
import { MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { makeTradingHarness, type TradingHarness } from '../trading/trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
});
afterEach(() => h.close());

describe('GET /v1/public/vip/levels', () => {
  it('serves the schedule to anyone, signed in or not', async () => {
    const res = await h.app.request('http://localhost/v1/public/vip/levels');
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({ windowDays: 30, basis: 'max', quoteCoin: 'USDT' });
    expect(reply.data.levels).toEqual(VIP_LEVELS);
  });
});

describe('GET /v1/user/vip/overview', () => {
  it('answers 00005 without a session', async () => {
    const res = await h.app.request('http://localhost/v1/user/vip/overview');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('00005');
  });

  it('shows a new account at level 0 with the level 1 thresholds to go', async () => {
    const ann = await h.trader('ann@example.com');
    expect(await ann.ok('/v1/user/vip/overview')).toEqual({
      level: 0,
      windowDays: 30,
      quoteCoin: 'USDT',
      volumes: { spot: '0.00000000', futures: '0.00000000' },
      rates: { spot: { maker: '0.001', taker: '0.001' }, futures: { maker: '0.0002', taker: '0.0006' } },
      next: {
        level: 1,
        spotVolume: '500000',
        futuresVolume: '5000000',
        spotRemaining: '500000.00000000',
        futuresRemaining: '5000000.00000000',
        progress: '0.0000',
      },
      isDemo: false,
      updatedAt: String(h.clock.now),
    });
  });

  it('shows the level, its rates and the progress of the nearer market', async () => {
    const ann = await h.trader('ann@example.com');
    const book = vipVolumesOf(h.db);
    const at = h.clock.now;
    const base = { userId: ann.userId, orderId: 'x', liquidity: 'taker', rate: '0.001', at } as const;
    book.record({ ...base, market: 'spot', volume: unitsOf('1250000', MONEY_PLACES) });
    book.record({ ...base, market: 'futures', volume: unitsOf('15000000', MONEY_PLACES) });
    const overview = await ann.ok('/v1/user/vip/overview');
    expect(overview).toMatchObject({
      level: 1,
      volumes: { spot: '1250000.00000000', futures: '15000000.00000000' },
      rates: { spot: { maker: '0.0008', taker: '0.0008' }, futures: { maker: '0.00016', taker: '0.00054' } },
      next: { level: 2, spotRemaining: '750000.00000000', futuresRemaining: '5000000.00000000', progress: '0.7500' },
    });
  });

  it('shows no next level at the top', async () => {
    const ann = await h.trader('ann@example.com');
    vipVolumesOf(h.db).record({
      userId: ann.userId,
      orderId: 'x',
      market: 'futures',
      volume: unitsOf('3000000000', MONEY_PLACES),
      liquidity: 'taker',
      rate: '0.0006',
      at: h.clock.now,
    });
    expect(await ann.ok('/v1/user/vip/overview')).toMatchObject({ level: VIP_LEVELS.length - 1, next: null });
  });

  it('shows each user only their own volume, whatever the query says', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    vipVolumesOf(h.db).record({
      userId: ann.userId,
      orderId: 'x',
      market: 'spot',
      volume: unitsOf('600000', MONEY_PLACES),
      liquidity: 'taker',
      rate: '0.001',
      at: h.clock.now,
    });
    const reply = await bob.ok(`/v1/user/vip/overview?userId=${ann.userId}`);
    expect(reply).toMatchObject({ level: 0, volumes: { spot: '0.00000000' } });
  });
});
