import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type RunningGateway, startGateway } from '../../gateway/server';
import { type Bitget, bitgetAt, createKey } from './client-library-support';

/**
 * Issue 39: the calls a trading bot makes beyond placing and cancelling orders — wallet transfers and records, ledgers,
 * fee rates, order edits, bulk futures calls, margin, position history, trigger orders and position TP/SL, and the
 * private fill stream — each driven through ccxt's `bitget` against a gateway of the file's own on a real port, with
 * the key `npm run api-key` makes (here with the `transfer` permission too).
 */

const SPOT = 'BTC/USDT';
const SWAP = 'BTC/USDT:USDT';

test.describe.configure({ mode: 'default' });

let root: string;
let gateway: RunningGateway;
let bitget: Bitget;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'exchange-ccxt-bots-'));
  const dataDir = join(root, 'data');
  gateway = await startGateway({ port: 0, dataDir, logLevel: 'error', simulatorSeed: 39, marketStepMs: 100 });
  bitget = bitgetAt(gateway.url, await createKey(dataDir, 'read,spot_trade,futures_trade,transfer'));
  await bitget.loadHttpProxyAgent();
  await bitget.loadMarkets();
});

test.afterAll(async () => {
  await bitget?.close();
  await gateway?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A spot limit buy above the ask, which fills at once as a taker (the paper account starts with USDT only). */
async function buyNow(amount: number) {
  const { ask } = await bitget.fetchTicker(SPOT);
  return bitget.createOrder(SPOT, 'limit', 'buy', amount, Number(bitget.priceToPrecision(SPOT, ask! * 1.01)));
}

/** A price `factor` of the way from the market (0.9: a tenth below the bid), on the market's tick. */
async function priceOff(symbol: string, factor: number): Promise<number> {
  const { bid } = await bitget.fetchTicker(symbol);
  return Number(bitget.priceToPrecision(symbol, bid! * factor));
}

test.describe('wallet, ledgers and fees', () => {
  test('transfers USDT from spot to futures and back, exactly, and finds both in the records and the ledgers', async () => {
    const spotBefore = (await bitget.fetchBalance()).USDT!.free!;
    const swapBefore = (await bitget.fetchBalance({ type: 'swap' })).USDT!.free!;
    const out = await bitget.transfer('USDT', 125.5, 'spot', 'swap');
    expect(out.id).toMatch(/^\d+$/);
    expect((await bitget.fetchBalance()).USDT!.free).toBeCloseTo(spotBefore - 125.5, 8);
    expect((await bitget.fetchBalance({ type: 'swap' })).USDT!.free).toBeCloseTo(swapBefore + 125.5, 8);
    await bitget.transfer('USDT', 25.5, 'swap', 'spot');
    expect((await bitget.fetchBalance()).USDT!.free).toBeCloseTo(spotBefore - 100, 8);

    const transfers = await bitget.fetchTransfers('USDT', undefined, undefined, { fromAccount: 'spot' });
    expect(transfers.find((t) => t.id === out.id)).toMatchObject({ amount: 125.5, currency: 'USDT' });
    const ledger = await bitget.fetchLedger('USDT');
    expect(ledger.some((entry) => entry.amount === 125.5)).toBe(true);
    const swapLedger = await bitget.fetchLedger('USDT', undefined, undefined, { type: 'swap' });
    expect(swapLedger.some((entry) => entry.amount === 125.5)).toBe(true);
  });

  test('reads a deposit address and the deposit and withdrawal records', async () => {
    const address = await bitget.fetchDepositAddress('USDT', { network: 'TRC20' });
    expect(address.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(Array.isArray(await bitget.fetchDeposits('USDT'))).toBe(true);
    expect(Array.isArray(await bitget.fetchWithdrawals('USDT'))).toBe(true);
  });

  test("reads the account's own fee rates, the rates its fills pay", async () => {
    const fee = await bitget.fetchTradingFee(SPOT);
    expect(fee.maker).toBeGreaterThan(0);
    expect(fee.taker).toBeGreaterThanOrEqual(fee.maker!);
    const order = await buyNow(0.0002);
    await expect.poll(async () => (await bitget.fetchOrder(order.id!, SPOT)).status).toBe('closed');
    const [trade] = await bitget.fetchMyTrades(SPOT, undefined, 1);
    // A buy pays its fee in the BTC it receives, as the exchange charges it.
    expect(trade!.fee!.currency).toBe('BTC');
    expect(trade!.fee!.cost! / trade!.amount!).toBeCloseTo(fee.taker!, 6);
  });
});

test.describe('order edits and bulk futures calls', () => {
  test('edits a resting spot order into a new one at a new price and size', async () => {
    const first = await bitget.createOrder(SPOT, 'limit', 'buy', 0.001, await priceOff(SPOT, 0.9));
    const price = await priceOff(SPOT, 0.85);
    const edited = await bitget.editOrder(first.id!, SPOT, 'limit', 'buy', 0.002, price);
    const open = await bitget.fetchOpenOrders(SPOT);
    expect(open.map((o) => o.id)).not.toContain(first.id);
    expect(open.find((o) => o.id === edited.id)).toMatchObject({ price, amount: 0.002 });
    await bitget.cancelOrder(edited.id!, SPOT);
  });

  test('places a batch of swap orders, edits one, and cancels them all', async () => {
    const low = await priceOff(SWAP, 0.9);
    const placed = await bitget.createOrders([
      { symbol: SWAP, type: 'limit', side: 'buy', amount: 0.001, price: low },
      { symbol: SWAP, type: 'limit', side: 'buy', amount: 0.002, price: low },
    ]);
    expect(placed.map((o) => o.id)).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
    const price = await priceOff(SWAP, 0.88);
    await bitget.editOrder(placed[0]!.id!, SWAP, 'limit', 'buy', 0.003, price);
    await expect
      .poll(async () => (await bitget.fetchOpenOrders(SWAP)).map((o) => [o.amount, o.price]).sort())
      .toEqual([
        [0.002, low],
        [0.003, price],
      ]);
    await bitget.cancelAllOrders(SWAP);
    expect(await bitget.fetchOpenOrders(SWAP)).toEqual([]);
  });

  test('adds and takes margin on an isolated position, closes it, and finds it in the position history', async () => {
    await bitget.setMarginMode('isolated', SWAP);
    // ccxt sends a margin mode with every swap order (crossed unless told).
    await bitget.createOrder(SWAP, 'market', 'buy', 0.002, undefined, { marginMode: 'isolated' });
    const [opened] = await bitget.fetchPositions([SWAP]);
    await bitget.addMargin(SWAP, 20, { holdSide: 'long' });
    const [added] = await bitget.fetchPositions([SWAP]);
    // The position's own margin (ccxt's collateral moves with the mark as well).
    const margin = (position: typeof opened) => Number(position!.info.marginSize);
    expect(margin(added)).toBeCloseTo(margin(opened) + 20, 8);
    expect(added!.liquidationPrice).toBeLessThan(opened!.liquidationPrice!);
    // ccxt's bitget takes the amount to remove as a negative number.
    await bitget.reduceMargin(SWAP, -10, { holdSide: 'long' });
    expect(margin((await bitget.fetchPositions([SWAP]))[0])).toBeCloseTo(margin(opened) + 10, 8);
    await bitget.createOrder(SWAP, 'market', 'sell', 0.002, undefined, { reduceOnly: true, marginMode: 'isolated' });
    const history = await bitget.fetchPositionsHistory([SWAP]);
    expect(history[0]).toMatchObject({ symbol: SWAP, side: 'long', marginMode: 'isolated' });
    await bitget.setMarginMode('cross', SWAP);
  });
});

test.describe('trigger orders and position TP/SL', () => {
  test('places a spot trigger order, lists it with the trigger orders, and cancels it', async () => {
    const triggerPrice = await priceOff(SPOT, 0.8);
    const order = await bitget.createOrder(SPOT, 'limit', 'buy', 0.001, triggerPrice, { triggerPrice });
    const open = await bitget.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true });
    expect(open.find((o) => o.id === order.id)).toMatchObject({ side: 'buy', amount: 0.001, triggerPrice });
    await bitget.cancelOrder(order.id!, SPOT, { trigger: true });
    expect(
      (await bitget.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true })).map((o) => o.id),
    ).not.toContain(order.id);
  });

  test('places a swap trigger order and a stop-loss on an open position, both listed and cancelled', async () => {
    const triggerPrice = await priceOff(SWAP, 0.8);
    const plan = await bitget.createOrder(SWAP, 'market', 'buy', 0.001, undefined, { triggerPrice });
    const pending = await bitget.fetchOpenOrders(SWAP, undefined, undefined, { trigger: true });
    expect(pending.find((o) => o.id === plan.id)).toMatchObject({ side: 'buy', amount: 0.001, triggerPrice });
    await bitget.cancelOrder(plan.id!, SWAP, { trigger: true });

    await bitget.createOrder(SWAP, 'market', 'buy', 0.001);
    const stopLossPrice = await priceOff(SWAP, 0.7);
    await bitget.createOrder(SWAP, 'market', 'sell', 0.001, undefined, { stopLossPrice, holdSide: 'long' });
    // ccxt leaves a position's TP/SL unparsed: the exchange's own field carries it.
    const [position] = await bitget.fetchPositions([SWAP]);
    expect(Number(position!.info.stopLoss)).toBe(stopLossPrice);
    const planned = await bitget.fetchOpenOrders(SWAP, undefined, undefined, {
      trigger: true,
      planType: 'profit_loss',
    });
    expect(planned.map((o) => o.triggerPrice)).toContain(stopLossPrice);
    await bitget.createOrder(SWAP, 'market', 'sell', 0.001, undefined, { reduceOnly: true });
  });
});

test.describe('the private fill stream', () => {
  test('pushes each of its spot fills to watchMyTrades', async () => {
    // Logged in first (the balance channel answers with a snapshot), so the fill subscription goes out at once and is
    // in place before the order it waits for.
    await bitget.watchBalance();
    const push = bitget.watchMyTrades(SPOT);
    const order = await buyNow(0.0003);
    const trades = await push;
    expect(trades.find((t) => t.order === order.id)).toMatchObject({ symbol: SPOT, side: 'buy', amount: 0.0003 });
  });
});

// The rest of the served routes, each through the ccxt method a bot calls (or, where ccxt has no unified method,
// its signed implicit method of the same endpoint), so the README's route table has a library call behind every row.
test.describe('every other private route through ccxt', () => {
  test('spot: batches, a pair cancel, single reads, history and fills', async () => {
    const price = await priceOff(SPOT, 0.9);
    const batch = await bitget.createOrders([
      { symbol: SPOT, type: 'limit', side: 'buy', amount: 0.001, price },
      { symbol: SPOT, type: 'limit', side: 'buy', amount: 0.001, price },
    ]);
    expect((await bitget.fetchOrder(batch[0]!.id!, SPOT)).status).toBe('open');
    await bitget.cancelOrders([batch[0]!.id!], SPOT);
    expect((await bitget.fetchOrder(batch[0]!.id!, SPOT)).status).toBe('canceled');
    await bitget.cancelAllOrders(SPOT);
    expect(await bitget.fetchOpenOrders(SPOT)).toEqual([]);
    const closed = await bitget.fetchCanceledAndClosedOrders(SPOT);
    expect(closed.map((o) => o.id)).toEqual(expect.arrayContaining(batch.map((o) => o.id)));
    const filled = await buyNow(0.0002);
    expect((await bitget.fetchMyTrades(SPOT)).map((t) => t.order)).toContain(filled.id);

    const trigger = await bitget.createOrder(SPOT, 'limit', 'buy', 0.001, price, { triggerPrice: price });
    await bitget.editOrder(trigger.id!, SPOT, 'limit', 'buy', 0.002, price, { triggerPrice: price });
    await bitget.cancelAllOrders(SPOT, { trigger: true });
    const plans = await bitget.fetchCanceledAndClosedOrders(SPOT, undefined, undefined, { trigger: true });
    expect(plans.find((o) => o.id === trigger.id)).toMatchObject({ status: 'canceled', amount: 0.002 });

    const info = await bitget.privateSpotGetV2SpotAccountInfo();
    expect(info.data.authorities).toEqual(expect.arrayContaining(['stor', 'stow']));
  });

  test('swap: leverage, position mode, single position, fills, history, cancels and closes', async () => {
    await bitget.setLeverage(7, SWAP);
    expect((await bitget.fetchLeverage(SWAP)).longLeverage).toBe(7);
    await bitget.setPositionMode(false, SWAP);
    const opened = await bitget.createOrder(SWAP, 'market', 'buy', 0.002);
    const position = await bitget.fetchPosition(SWAP);
    expect(position).toMatchObject({ symbol: SWAP, side: 'long', contracts: 0.002, leverage: 7 });
    expect((await bitget.fetchOrder(opened.id!, SWAP)).status).toBe('closed');
    expect((await bitget.fetchMyTrades(SWAP)).map((t) => t.order)).toContain(opened.id);
    expect((await bitget.fetchClosedOrders(SWAP)).map((o) => o.id)).toContain(opened.id);

    const stopLossPrice = await priceOff(SWAP, 0.7);
    await bitget.privateMixPostV2MixOrderPlacePosTpsl({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
      holdSide: 'long',
      stopLossTriggerPrice: String(stopLossPrice),
    });
    const [stop] = await bitget.fetchOpenOrders(SWAP, undefined, undefined, { trigger: true, planType: 'profit_loss' });
    const lower = await priceOff(SWAP, 0.65);
    await bitget.editOrder(stop!.id!, SWAP, 'market', 'sell', 0.002, undefined, { stopLossPrice: lower });
    expect(Number((await bitget.fetchPosition(SWAP)).info.stopLoss)).toBe(lower);

    // Reversal: the long of 0.002 becomes a short of 0.002.
    await bitget.privateMixPostV2MixOrderClickBackhand({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
      size: '0.002',
    });
    expect(await bitget.fetchPosition(SWAP)).toMatchObject({ side: 'short', contracts: 0.002 });
    await bitget.closePosition(SWAP, 'short');
    expect((await bitget.fetchPositions([SWAP])).filter((p) => p.contracts)).toEqual([]);

    const resting = await bitget.createOrder(SWAP, 'limit', 'buy', 0.001, await priceOff(SWAP, 0.9));
    await bitget.privateMixPostV2MixOrderCancelAllOrders({ productType: 'USDT-FUTURES', marginCoin: 'USDT' });
    expect((await bitget.fetchOrder(resting.id!, SWAP)).status).toBe('canceled');
    await bitget.createOrder(SWAP, 'market', 'buy', 0.001);
    await bitget.closeAllPositions();
    expect((await bitget.fetchPositions([SWAP])).filter((p) => p.contracts)).toEqual([]);
    await bitget.setLeverage(10, SWAP);
  });
});
