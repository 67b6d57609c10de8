import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { V2_PLAN_PATHS as P } from '../../../../gateway/v2-api/v2-plan-routes';
import type { Account, KeyHarness } from '../api-keys/apikey-support';
import { makeKeyHarness } from '../api-keys/apikey-support';
import { ok, priceNear, type V2Client, v2Client } from './v2-trade-support';

/**
 * Issue 39 §3: the trading screens read and cancel orders through the session API; a trigger order a bot placed through
 * the v2 plan routes is the same order there, and one the screen cancels is gone from the bot's plan lists.
 */

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };

let h: KeyHarness;
let trader: Account;
let bot: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  trader = await h.account('screens@example.com');
  bot = await v2Client(h, trader, ['spot_trade', 'futures_trade']);
});
afterEach(() => h.close());

describe('plan orders a bot placed, on the trading screens', () => {
  it('a spot plan order shows in the open orders with its trigger, and the screen’s cancel ends it for the bot too', async () => {
    const trigger = priceNear(h, 'SPOT', 'BTCUSDT', 0.95);
    const placed = ok(
      await bot.post(P.spotPlace, {
        symbol: 'BTCUSDT',
        side: 'buy',
        triggerPrice: trigger,
        orderType: 'market',
        // planType amount (the default): the size in the base coin.
        size: '0.0010',
        triggerType: 'fill_price',
      }),
    );
    const open = await trader.get('/v1/trade/spot/open-orders?symbol=BTCUSDT');
    expect(open.code, open.msg).toBe('00000');
    expect(open.data).toEqual([
      expect.objectContaining({ orderId: placed.orderId, triggerPrice: trigger, planStatus: 'untriggered' }),
    ]);
    const cancelled = await trader.post('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: placed.orderId });
    expect(cancelled.code, cancelled.msg).toBe('00000');
    expect(ok(await bot.get(P.spotCurrent, { symbol: 'BTCUSDT' })).orderList).toEqual([]);
    const [history] = ok(await bot.get(P.spotHistory, { symbol: 'BTCUSDT' })).orderList;
    expect(history).toMatchObject({ orderId: placed.orderId, status: 'cancelled' });
  });

  it('a futures plan order shows in the open orders with its trigger, and the screen’s cancel ends it for the bot too', async () => {
    const trigger = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.95);
    const placed = ok(
      await bot.post(P.mixPlace, {
        ...USDT_M,
        planType: 'normal_plan',
        symbol: 'BTCUSDT',
        marginMode: 'crossed',
        size: '0.0100',
        triggerPrice: trigger,
        triggerType: 'mark_price',
        side: 'buy',
        orderType: 'market',
      }),
    );
    const open = await trader.get('/v1/trade/mix/open-orders?symbol=BTCUSDT');
    expect(open.data).toEqual([
      expect.objectContaining({ orderId: placed.orderId, triggerPrice: trigger, planStatus: 'untriggered' }),
    ]);
    const cancelled = await trader.post('/v1/trade/mix/cancel-order', { symbol: 'BTCUSDT', orderId: placed.orderId });
    expect(cancelled.code, cancelled.msg).toBe('00000');
    expect(ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'normal_plan' })).entrustedList ?? []).toEqual([]);
  });
});
