import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import type { KeyHarness } from '../api-keys/apikey-support';
import { makeKeyHarness } from '../api-keys/apikey-support';
import { ok, priceNear, refused, type V2Client, v2Client } from './v2-trade-support';

const BTC = { productType: 'USDT-FUTURES', marginCoin: 'USDT', symbol: 'BTCUSDT' };

let h: KeyHarness;
let bot: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  bot = await v2Client(h, await h.account('alice@example.com'), ['futures_trade']);
});
afterEach(() => h.close());

/** The leverages the single-account route gives for BTCUSDT. */
async function leverages(client: V2Client) {
  const account = ok(await client.get(A.account, BTC));
  return {
    cross: account.crossedMarginLeverage,
    long: account.isolatedLongLever,
    short: account.isolatedShortLever,
  };
}

describe('v2 set-leverage with holdSide', () => {
  it('sets one isolated side, and an order opening that side is held at it', async () => {
    ok(await bot.post(A.setMarginMode, { ...BTC, marginMode: 'isolated' }));
    expect(ok(await bot.post(A.setLeverage, { ...BTC, leverage: '20', holdSide: 'short' }))).toEqual({
      symbol: 'BTCUSDT',
      marginCoin: 'USDT',
      longLeverage: '10',
      shortLeverage: '20',
      crossMarginLeverage: '10',
      marginMode: 'isolated',
    });
    expect(await leverages(bot)).toEqual({ cross: 10, long: 10, short: 20 });
    const price = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 1.02);
    const rest = { ...BTC, marginMode: 'isolated', orderType: 'limit', price, size: '0.0100' };
    const placed = ok(await bot.post(O.placeOrder, { ...rest, side: 'sell' }));
    const detail = ok(await bot.get(O.detail, { ...BTC, orderId: placed.orderId }));
    expect(detail.leverage).toBe('20');
  });

  it('ignores holdSide in cross margin: the one cross leverage changes', async () => {
    expect(ok(await bot.post(A.setLeverage, { ...BTC, leverage: '8', holdSide: 'long' }))).toMatchObject({
      crossMarginLeverage: '8',
      marginMode: 'crossed',
    });
    expect((await leverages(bot)).cross).toBe(8);
  });

  it('needs holdSide in isolated hedge mode (40019) and refuses a wrong one (40020), changing nothing', async () => {
    ok(await bot.post(A.setPositionMode, { productType: 'USDT-FUTURES', posMode: 'hedge_mode' }));
    ok(await bot.post(A.setMarginMode, { ...BTC, marginMode: 'isolated' }));
    refused(await bot.post(A.setLeverage, { ...BTC, leverage: '20' }), '40019');
    for (const holdSide of ['both', 'net', 5, ['long'], { side: 'short' }]) {
      refused(await bot.post(A.setLeverage, { ...BTC, leverage: '20', holdSide }), '40020');
    }
    refused(await bot.post(A.setLeverage, { ...BTC, leverage: '126', holdSide: 'long' }), '40797');
    expect(await leverages(bot)).toEqual({ cross: 10, long: 10, short: 10 });
    // The exchange reads its enums case-blind, so "LONG" is the long side.
    ok(await bot.post(A.setLeverage, { ...BTC, leverage: '30', holdSide: 'LONG' }));
    expect(await leverages(bot)).toEqual({ cross: 10, long: 30, short: 10 });
  });

  it("leaves another key owner's settings as they were", async () => {
    const other = await v2Client(h, await h.account('bob@example.com'), ['futures_trade']);
    ok(await other.post(A.setMarginMode, { ...BTC, marginMode: 'isolated' }));
    ok(await other.post(A.setLeverage, { ...BTC, leverage: '50', holdSide: 'short' }));
    ok(await bot.post(A.setMarginMode, { ...BTC, marginMode: 'isolated' }));
    ok(await bot.post(A.setLeverage, { ...BTC, leverage: '2', holdSide: 'long' }));
    expect(await leverages(other)).toEqual({ cross: 10, long: 10, short: 50 });
    expect(await leverages(bot)).toEqual({ cross: 10, long: 2, short: 10 });
  });
});
