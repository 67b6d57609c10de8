import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import type { KeyHarness } from '../api-keys/apikey-support';
import { makeKeyHarness } from '../api-keys/apikey-support';
import { ok, priceNear, refused, type V2Client, v2Client } from './v2-trade-support';

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };

let h: KeyHarness;
let bot: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  bot = await v2Client(h, await h.account('alice@example.com'), ['futures_trade']);
});
afterEach(() => h.close());

describe('a USDT-M position through the v2 routes', () => {
  it('takes leverage and margin mode, opens a long at market, reads it in positions and accounts, and closes', async () => {
    const symbol = { ...USDT_M, symbol: 'BTCUSDT' };
    expect(ok(await bot.post(A.setMarginMode, { ...symbol, marginMode: 'isolated' }))).toMatchObject({
      symbol: 'BTCUSDT',
      marginCoin: 'USDT',
      marginMode: 'isolated',
    });
    expect(ok(await bot.post(A.setLeverage, { ...symbol, leverage: '20' }))).toEqual({
      symbol: 'BTCUSDT',
      marginCoin: 'USDT',
      longLeverage: '20',
      shortLeverage: '20',
      crossMarginLeverage: '20',
      marginMode: 'isolated',
    });

    // As ccxt sends it: force GTC with a market order, marginMode and marginCoin with every order.
    const open = { ...symbol, marginMode: 'isolated', side: 'buy', orderType: 'market', size: '0.0100', force: 'GTC' };
    const placed = ok(await bot.post(O.placeOrder, { ...open, clientOid: 'long-1' }));
    expect(placed).toEqual({ orderId: expect.stringMatching(/^\d{18}$/), clientOid: 'long-1' });
    const detail = ok(await bot.get(O.detail, { ...USDT_M, symbol: 'BTCUSDT', orderId: placed.orderId }));
    expect(detail).toMatchObject({
      orderId: placed.orderId,
      clientOid: 'long-1',
      state: 'filled',
      side: 'buy',
      size: '0.0100',
      baseVolume: '0.0100',
      leverage: '20',
      marginMode: 'isolated',
      marginCoin: 'USDT',
      posMode: 'one_way_mode',
      posSide: 'net',
      tradeSide: 'buy_single',
      reduceOnly: 'NO',
    });
    expect(Number(detail.fee)).toBeLessThan(0);

    const positions = ok(await bot.get(A.allPosition, USDT_M));
    expect(positions).toEqual([
      expect.objectContaining({
        marginCoin: 'USDT',
        symbol: 'BTCUSDT',
        holdSide: 'long',
        total: '0.0100',
        available: '0.0100',
        locked: '0.0000',
        leverage: '20',
        marginMode: 'isolated',
        posMode: 'one_way_mode',
        openDelegateSize: '0.0000',
      }),
    ]);
    const [position] = positions;
    const value = Number(position.openPriceAvg) * 0.01;
    expect(Number(position.marginSize)).toBeCloseTo(value / 20, 2);
    expect(Number(position.liquidationPrice)).toBeLessThan(Number(position.openPriceAvg));
    expect(Number(position.breakEvenPrice)).toBeGreaterThan(Number(position.openPriceAvg));
    expect(ok(await bot.get(A.singlePosition, { ...USDT_M, symbol: 'BTCUSDT' }))).toEqual(positions);

    const [account] = ok(await bot.get(A.accounts, { productType: 'USDT-FUTURES' }));
    expect(account.marginCoin).toBe('USDT');
    expect(Number(account.available)).toBeLessThan(10000 - value / 20);
    expect(Number(account.accountEquity)).toBeCloseTo(10000 - Number(-detail.fee) + Number(position.unrealizedPL), 6);
    expect(ok(await bot.get(A.account, { ...USDT_M, symbol: 'BTCUSDT' }))).toMatchObject({
      isolatedLongLever: 20,
      isolatedShortLever: 20,
      marginMode: 'isolated',
      posMode: 'one_way_mode',
    });

    const close = { ...open, side: 'sell', reduceOnly: 'YES' };
    const closed = ok(await bot.post(O.placeOrder, close));
    expect(ok(await bot.get(A.allPosition, USDT_M))).toEqual([]);
    const history = ok(await bot.get(O.ordersHistory, USDT_M));
    expect(history.entrustedList.map((o: { orderId: string }) => o.orderId)).toEqual([closed.orderId, placed.orderId]);
    expect(history.entrustedList[0]).toMatchObject({ status: 'filled', reduceOnly: 'YES', side: 'sell' });
    expect(history.endId).toBe(placed.orderId);
    const fills = ok(await bot.get(O.fills, { ...USDT_M, symbol: 'BTCUSDT' }));
    expect(fills.fillList).toHaveLength(2);
    expect(fills.fillList[0]).toMatchObject({ orderId: closed.orderId, tradeScope: 'taker', baseVolume: '0.0100' });
    expect(fills.fillList[0].feeDetail[0]).toMatchObject({ feeCoin: 'USDT', deduction: 'no' });
    expect(fills.fillList[0].profit).toBe(history.entrustedList[0].totalProfits);
  });

  it('opens and closes in hedge mode with tradeSide, in the capitals client libraries send', async () => {
    expect(ok(await bot.post(A.setPositionMode, { productType: 'USDT-FUTURES', posMode: 'hedge_mode' }))).toEqual({
      posMode: 'hedge_mode',
    });
    const order = { ...USDT_M, symbol: 'BTCUSDT', marginMode: 'crossed', orderType: 'market', size: '0.0050' };
    refused(await bot.post(O.placeOrder, { ...order, side: 'buy' }), '40019');
    const opened = ok(await bot.post(O.placeOrder, { ...order, side: 'buy', tradeSide: 'Open' }));
    const [long] = ok(await bot.get(A.allPosition, USDT_M));
    expect(long).toMatchObject({ holdSide: 'long', posMode: 'hedge_mode', marginMode: 'crossed', total: '0.0050' });
    // Closing a long in hedge mode is side buy with tradeSide close.
    const closed = ok(await bot.post(O.placeOrder, { ...order, side: 'buy', tradeSide: 'Close' }));
    expect(ok(await bot.get(A.allPosition, USDT_M))).toEqual([]);
    const detail = ok(await bot.get(O.detail, { ...USDT_M, symbol: 'BTCUSDT', orderId: closed.orderId }));
    expect(detail).toMatchObject({ posSide: 'long', tradeSide: 'close', reduceOnly: 'YES', posMode: 'hedge_mode' });
    expect(ok(await bot.get(O.detail, { ...USDT_M, symbol: 'BTCUSDT', clientOid: opened.clientOid })).orderId).toBe(
      opened.orderId,
    );
  });

  it('lists a resting order as pending, cancels it by clientOid, and shows it canceled in history', async () => {
    const price = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
    const body = {
      ...USDT_M,
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.0100',
    };
    const placed = ok(await bot.post(O.placeOrder, { ...body, clientOid: 'rest-1' }));
    const pending = ok(await bot.get(O.ordersPending, USDT_M));
    expect(pending.entrustedList).toEqual([
      expect.objectContaining({ orderId: placed.orderId, status: 'live', price, priceAvg: '', force: 'gtc' }),
    ]);
    const [position] = ok(await bot.get(A.accounts, USDT_M));
    expect(Number(position.locked)).toBeGreaterThan(0);
    expect(ok(await bot.post(O.cancelOrder, { ...USDT_M, symbol: 'BTCUSDT', clientOid: 'rest-1' }))).toEqual(placed);
    expect(ok(await bot.get(O.ordersPending, USDT_M)).entrustedList).toEqual([]);
    const history = ok(await bot.get(O.ordersHistory, { ...USDT_M, symbol: 'BTCUSDT' }));
    expect(history.entrustedList).toEqual([expect.objectContaining({ orderId: placed.orderId, status: 'canceled' })]);
    expect(ok(await bot.get(A.accounts, USDT_M))[0].available).toBe('10000.00000000');
  });

  it('answers the demo product type and margin coin in the form asked, and other product lines empty', async () => {
    const demo = { productType: 'SUSDT-FUTURES', marginCoin: 'SUSDT' };
    const order = {
      ...demo,
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'sell',
      orderType: 'market',
      size: '0.0010',
    };
    ok(await bot.post(O.placeOrder, order));
    const [short] = ok(await bot.get(A.allPosition, demo));
    expect(short).toMatchObject({ marginCoin: 'SUSDT', holdSide: 'short', symbol: 'BTCUSDT' });
    expect(ok(await bot.get(A.allPosition, USDT_M))).toEqual([{ ...short, marginCoin: 'USDT' }]);
    expect(ok(await bot.get(A.accounts, { productType: 'SUSDT-FUTURES' }))[0].marginCoin).toBe('SUSDT');
    expect(ok(await bot.get(A.accounts, { productType: 'COIN-FUTURES' }))).toEqual([]);
    expect(ok(await bot.get(A.allPosition, { productType: 'USDC-FUTURES', marginCoin: 'USDC' }))).toEqual([]);
    refused(await bot.post(O.placeOrder, { ...order, productType: 'COIN-FUTURES' }), '40020');
    refused(await bot.get(A.accounts), '40019');
  });

  it('refuses a leverage above the maximum, and a margin mode change while a position is open', async () => {
    const symbol = { ...USDT_M, symbol: 'BTCUSDT' };
    refused(await bot.post(A.setLeverage, { ...symbol, leverage: '126' }), '40797');
    refused(await bot.post(A.setLeverage, { ...symbol, leverage: 'ten' }), '40020');
    ok(
      await bot.post(O.placeOrder, {
        ...symbol,
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'market',
        size: '0.0010',
      }),
    );
    refused(await bot.post(A.setMarginMode, { ...symbol, marginMode: 'isolated' }), '40017');
    expect(ok(await bot.get(A.account, symbol)).marginMode).toBe('crossed');
  });
});
