import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type Bitget, bitgetAt } from '../../../e2e/client-library-support';
import { MONEY_PLACES } from '../../../../gateway/money/money-units';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { tempDir } from '../support';
import { createKey, killStarted, readDatabase, stopGateway, startGateway } from './v2-socket-support';

/**
 * A compressed bot soak: the loop a freqtrade- or hummingbot-style bot runs, driven through ccxt's `bitget` (rate
 * limiter on, demo-trading header on) against a gateway process on a socket with the per-route limits on, as a real
 * deployment runs. A fixed number of cycles of market reads, spot limit orders placed, edited or replaced and
 * cancelled, spot market round trips, swap positions opened with a stop and closed, transfers and ledger reads; not
 * one call may be refused, nothing may be left open, and the money must reconcile with what the fills and fees say.
 */

const SPOT = 'BTC/USDT';
const SWAP = 'BTC/USDT:USDT';
const CYCLES = 14;
const ZERO = new Decimal(0);

let removeDir: (() => void) | null = null;
afterEach(() => {
  killStarted();
  removeDir?.();
  removeDir = null;
});

type Trade = Awaited<ReturnType<Bitget['fetchMyTrades']>>[number];
type Order = Awaited<ReturnType<Bitget['fetchOrder']>>;
// biome-ignore lint/suspicious/noExplicitAny: the exchange's raw rows are read field by field.
type Raw = any;

/** A fee as the exchange writes a charge (negative) turned into the amount paid. */
const paid = (charge: string | number | undefined) => new Decimal(charge ?? 0).abs();

/** What a spot fill paid, from its raw `feeDetail`. */
const spotTradeFee = (trade: Trade) => paid((trade.info as Raw).feeDetail.totalFee);

/** What a swap fill paid, from its raw `feeDetail` list. */
const swapTradeFee = (trade: Trade) =>
  ((trade.info as Raw).feeDetail as { totalFee: string }[]).reduce((sum, f) => sum.plus(paid(f.totalFee)), ZERO);

/** What an order paid in all, from its raw reply: spot in its `feeDetail` text, swap in `fee`. */
function orderFee(order: Order): Decimal {
  const info = order.info as Raw;
  if (order.symbol === SPOT) return paid(JSON.parse(info.feeDetail).newFees.t);
  return paid(info.fee);
}

/** `value` rounded up to a multiple of `step`. */
const upTo = (value: number, step: number) => new Decimal(value).div(step).ceil().times(step).toNumber();

describe('a trading bot through ccxt against a rate-limited gateway', () => {
  it('runs its cycles with not one call refused, leaves nothing open, and the money reconciles', async () => {
    const dir = tempDir('v2-bot-soak-');
    removeDir = dir.remove;
    const gateway = await startGateway(dir.path, { rateLimits: true });
    const key = await createKey(dir.path, ['spot_trade', 'futures_trade', 'transfer']);
    const bitget = bitgetAt(gateway.url, key);
    bitget.enableRateLimit = true;
    bitget.setSandboxMode(true);

    const errors: string[] = [];
    const mismatches: string[] = [];
    const calls = new Map<string, number>();
    let made = 0;
    /** One ccxt call, counted; a thrown error is kept (with the call's name) and answers undefined. */
    async function call<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
      made += 1;
      calls.set(name, (calls.get(name) ?? 0) + 1);
      try {
        return await run();
      } catch (error) {
        const message = error instanceof Error ? `${error.constructor.name} ${error.message}` : String(error);
        // The request ccxt sent, so a refusal reads with what it refused.
        const sent = `${bitget.last_request_url ?? ''} ${bitget.last_request_body ?? ''}`.replace(gateway.url, '');
        errors.push(`${name}: ${message} <- ${sent.trim()}`);
        return undefined;
      }
    }
    const check = (what: string, actual: unknown, expected: unknown) => {
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        mismatches.push(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    };
    /** Reads an order until it is final (a market order fills as it is placed; a bot checks all the same). */
    async function settledOrder(id: string, symbol: string): Promise<Order | undefined> {
      for (let tries = 0; tries < 5; tries += 1) {
        const order = await call('fetchOrder', () => bitget.fetchOrder(id, symbol));
        if (order === undefined || order.status === 'closed' || order.status === 'canceled') return order;
      }
      mismatches.push(`order ${id} of ${symbol} never final`);
      return undefined;
    }

    const began = performance.now();
    // Start-up, as a bot begins.
    await call('loadMarkets', () => bitget.loadMarkets());
    await call('fetchTime', () => bitget.fetchTime());
    const spotStart = await call('fetchBalance', () => bitget.fetchBalance());
    const swapStart = await call('fetchBalance', () => bitget.fetchBalance({ type: 'swap' }));
    await call('fetchTradingFees', () => bitget.fetchTradingFees());
    await call('fetchTradingFee', () => bitget.fetchTradingFee(SPOT));
    await call('fetchTradingFee', () => bitget.fetchTradingFee(SWAP));
    await call('setPositionMode', () => bitget.setPositionMode(false, SWAP));
    await call('setMarginMode', () => bitget.setMarginMode('cross', SWAP));
    await call('setLeverage', () => bitget.setLeverage(5, SWAP));
    expect(errors).toEqual([]);

    const spotRow = (balance: typeof spotStart, coin: string) => {
      const row = ((balance?.info ?? []) as Raw[]).find((r) => r.coin === coin);
      return row === undefined
        ? ZERO
        : new Decimal(row.available)
            .plus(row.frozen)
            .plus(row.locked ?? 0)
            .plus(row.limitAvailable ?? 0);
    };
    const swapEquity = (balance: typeof swapStart) =>
      new Decimal(((balance?.info ?? []) as Raw[]).find((r) => r.marginCoin === 'USDT')?.accountEquity ?? 0);
    const usdtStart = spotRow(spotStart, 'USDT');
    const btcStart = spotRow(spotStart, 'BTC');
    const equityStart = swapEquity(swapStart);

    const spotMarket = bitget.market(SPOT);
    const swapMarket = bitget.market(SWAP);
    const spotTicker = (await call('fetchTicker', () => bitget.fetchTicker(SPOT)))!;
    // Each spot order about twice the least the market takes (in size and in value).
    const spotStep = spotMarket.precision.amount!;
    const spotAmount = upTo(
      Math.max(
        (spotMarket.limits.amount?.min ?? spotStep) * 2,
        ((spotMarket.limits.cost?.min ?? 5) * 2) / spotTicker.last!,
      ),
      spotStep,
    );
    const swapStep = swapMarket.precision.amount!;
    const swapAmount = upTo(
      Math.max(
        (swapMarket.limits.amount?.min ?? swapStep) * 2,
        ((swapMarket.limits.cost?.min ?? 5) * 2) / spotTicker.last!,
      ),
      swapStep,
    );

    const spotTrades = new Map<string, Trade>();
    const swapTrades = new Map<string, Trade>();
    const filledOrders = new Map<string, Order>();
    let transferredToSwap = ZERO;

    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const since = Date.now() - 1_000;
      // Market reads.
      const ticker = await call('fetchTicker', () => bitget.fetchTicker(SPOT));
      await call('fetchOrderBook', () => bitget.fetchOrderBook(SPOT, 20));
      await call('fetchOHLCV', () => bitget.fetchOHLCV(SPOT, '1m', undefined, 50));
      if (ticker === undefined) continue;

      // Spot: a limit buy well below the market, seen open, edited (or cancelled and replaced), cancelled.
      const low = Number(bitget.priceToPrecision(SPOT, ticker.bid! * 0.9));
      const resting = await call('createOrder', () => bitget.createOrder(SPOT, 'limit', 'buy', spotAmount, low));
      const restingId = resting?.id;
      if (restingId !== undefined) {
        const open = await call('fetchOpenOrders', () => bitget.fetchOpenOrders(SPOT));
        check(
          `cycle ${cycle} open spot orders`,
          open?.map((o) => o.id),
          [restingId],
        );
        const read = await call('fetchOrder', () => bitget.fetchOrder(restingId, SPOT));
        check(`cycle ${cycle} resting order`, [read?.status, read?.price, read?.amount], ['open', low, spotAmount]);
        const lower = Number(bitget.priceToPrecision(SPOT, ticker.bid! * 0.88));
        let replaced: Order | undefined;
        if (cycle % 2 === 0) {
          replaced = await call('editOrder', () =>
            bitget.editOrder(restingId, SPOT, 'limit', 'buy', spotAmount * 2, lower),
          );
        } else {
          await call('cancelOrder', () => bitget.cancelOrder(restingId, SPOT));
          replaced = await call('createOrder', () => bitget.createOrder(SPOT, 'limit', 'buy', spotAmount * 2, lower));
        }
        const replacedId = replaced?.id;
        if (replacedId !== undefined) {
          const reopened = await call('fetchOpenOrders', () => bitget.fetchOpenOrders(SPOT));
          check(
            `cycle ${cycle} replaced spot orders`,
            reopened?.map((o) => [o.id, o.price]),
            [[replacedId, lower]],
          );
          await call('cancelOrder', () => bitget.cancelOrder(replacedId, SPOT));
        }
      }

      // Spot: a market round trip; the buy's fee is paid in BTC, so the sell is the free BTC cut to the lot.
      const bought = await call('createOrder', () =>
        bitget.createOrder(SPOT, 'market', 'buy', spotAmount, ticker.ask!),
      );
      const buy = bought?.id === undefined ? undefined : await settledOrder(bought.id, SPOT);
      if (buy !== undefined) filledOrders.set(buy.id!, buy);
      const afterBuy = await call('fetchBalance', () => bitget.fetchBalance());
      const spare = new Decimal(afterBuy?.BTC?.free ?? 0).minus(btcStart).toNumber();
      const sellAmount = Number(bitget.amountToPrecision(SPOT, spare));
      if (sellAmount > 0) {
        const sold = await call('createOrder', () => bitget.createOrder(SPOT, 'market', 'sell', sellAmount));
        const sell = sold?.id === undefined ? undefined : await settledOrder(sold.id, SPOT);
        if (sell !== undefined) filledOrders.set(sell.id!, sell);
      }
      for (const trade of (await call('fetchMyTrades', () => bitget.fetchMyTrades(SPOT, since))) ?? [])
        spotTrades.set(trade.id!, trade);

      // Swap: a market open, long and short by turns, with a stop (a position stop-loss, or a trigger order).
      const swapTicker = await call('fetchTicker', () => bitget.fetchTicker(SWAP));
      if (cycle % 3 === 0) {
        await call('fetchOrderBook', () => bitget.fetchOrderBook(SWAP, 50));
        await call('fetchOHLCV', () => bitget.fetchOHLCV(SWAP, '5m', undefined, 50));
      }
      const long = cycle % 2 === 0;
      const opened = await call('createOrder', () =>
        bitget.createOrder(SWAP, 'market', long ? 'buy' : 'sell', swapAmount),
      );
      const open = opened?.id === undefined ? undefined : await settledOrder(opened.id, SWAP);
      if (open !== undefined) filledOrders.set(open.id!, open);
      const positions = await call('fetchPositions', () => bitget.fetchPositions([SWAP]));
      check(
        `cycle ${cycle} position`,
        positions?.filter((p) => p.contracts).map((p) => [p.side, p.contracts]),
        [[long ? 'long' : 'short', swapAmount]],
      );
      if (swapTicker !== undefined) {
        const away = Number(bitget.priceToPrecision(SWAP, swapTicker.last! * (long ? 0.8 : 1.2)));
        const holdSide = long ? 'long' : 'short';
        const stopSide = long ? 'sell' : 'buy';
        // By turns a position stop-loss (place-tpsl-order) and a reduce-only stop-market plan order
        // (place-plan-order, a bot's stop-loss kept on the exchange): both a fifth of the price away, on the
        // losing side, where a stop rests until the market falls (or rises) to it.
        const stopLoss = cycle % 4 < 2;
        const stop = stopLoss
          ? await call('createOrder', () =>
              bitget.createOrder(SWAP, 'market', stopSide, swapAmount, undefined, { stopLossPrice: away, holdSide }),
            )
          : await call('createOrder', () =>
              bitget.createOrder(SWAP, 'market', stopSide, swapAmount, undefined, {
                triggerPrice: away,
                reduceOnly: true,
              }),
            );
        // The position's stops are listed under `profit_loss` and cancelled under their own plan type.
        const listType = stopLoss ? { planType: 'profit_loss' } : {};
        const plans = await call('fetchOpenOrders', () =>
          bitget.fetchOpenOrders(SWAP, undefined, undefined, { trigger: true, ...listType }),
        );
        const listed = plans?.find((o) => o.id === stop?.id);
        const planType = stopLoss ? { planType: (listed?.info as Raw)?.planType ?? 'pos_loss' } : {};
        check(
          `cycle ${cycle} swap plans`,
          plans?.map((o) => [o.id, o.triggerPrice]),
          stop?.id === undefined ? [] : [[stop.id, away]],
        );
        const stopId = stop?.id;
        if (stopId !== undefined)
          await call('cancelOrder', () => bitget.cancelOrder(stopId, SWAP, { trigger: true, ...planType }));
      }
      // Closed by turns with a reduce-only order and with closePosition.
      if (cycle % 2 === 0) {
        const closing = await call('createOrder', () =>
          bitget.createOrder(SWAP, 'market', long ? 'sell' : 'buy', swapAmount, undefined, { reduceOnly: true }),
        );
        const close = closing?.id === undefined ? undefined : await settledOrder(closing.id, SWAP);
        if (close !== undefined) filledOrders.set(close.id!, close);
      } else {
        const closing = await call('closePosition', () => bitget.closePosition(SWAP, long ? 'long' : 'short'));
        const close = closing?.id === undefined ? undefined : await settledOrder(closing.id, SWAP);
        if (close !== undefined) filledOrders.set(close.id!, close);
      }
      for (const trade of (await call('fetchMyTrades', () => bitget.fetchMyTrades(SWAP, since))) ?? [])
        swapTrades.set(trade.id!, trade);

      // Every few cycles: a small transfer between spot and swap, and the records a bot keeps.
      if (cycle % 3 === 1) {
        const toSwap = cycle % 2 === 1;
        const amount = toSwap ? 7 : 3;
        const moved = await call('transfer', () =>
          bitget.transfer('USDT', amount, toSwap ? 'spot' : 'swap', toSwap ? 'swap' : 'spot'),
        );
        if (moved !== undefined) transferredToSwap = transferredToSwap.plus(toSwap ? amount : -amount);
        await call('fetchTransfers', () =>
          bitget.fetchTransfers('USDT', since, undefined, { fromAccount: toSwap ? 'spot' : 'swap' }),
        );
        await call('fetchLedger', () => bitget.fetchLedger('USDT', since));
        await call('fetchLedger', () => bitget.fetchLedger('USDT', since, undefined, { type: 'swap' }));
      }
    }

    // Nothing left open: no order, no plan, no position.
    const spotOpen = await call('fetchOpenOrders', () => bitget.fetchOpenOrders(SPOT));
    const spotPlans = await call('fetchOpenOrders', () =>
      bitget.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true }),
    );
    const swapOpen = await call('fetchOpenOrders', () => bitget.fetchOpenOrders(SWAP));
    const swapPlans = await call('fetchOpenOrders', () =>
      bitget.fetchOpenOrders(SWAP, undefined, undefined, { trigger: true }),
    );
    const swapStops = await call('fetchOpenOrders', () =>
      bitget.fetchOpenOrders(SWAP, undefined, undefined, { trigger: true, planType: 'profit_loss' }),
    );
    const positions = await call('fetchPositions', () => bitget.fetchPositions([SWAP]));
    const funding = (await call('fetchFundingHistory', () => bitget.fetchFundingHistory(SWAP))) ?? [];
    const spotEnd = await call('fetchBalance', () => bitget.fetchBalance());
    const swapEnd = await call('fetchBalance', () => bitget.fetchBalance({ type: 'swap' }));
    const wall = (performance.now() - began) / 1000;
    await bitget.close();
    console.log(
      `bot soak: ${made} ccxt calls in ${wall.toFixed(1)} s over ${CYCLES} cycles (${spotTrades.size} spot fills, ${swapTrades.size} swap fills); ${[...calls].map(([name, n]) => `${name} ${n}`).join(', ')}`,
    );
    await stopGateway(gateway);

    expect.soft(errors).toEqual([]);
    expect.soft(mismatches).toEqual([]);
    expect.soft([spotOpen, spotPlans, swapOpen, swapPlans, swapStops]).toEqual([[], [], [], [], []]);
    expect.soft(positions?.filter((p) => p.contracts)).toEqual([]);

    // Every fill belongs to an order of the loop that filled, and each order's fee is the sum of its fills' fees.
    const tradesOf = (id: string) => [...spotTrades.values(), ...swapTrades.values()].filter((t) => t.order === id);
    const strays = [...spotTrades.values(), ...swapTrades.values()].filter((t) => !filledOrders.has(t.order!));
    expect.soft(strays.map((t) => `${t.symbol} ${t.order}`)).toEqual([]);
    for (const order of filledOrders.values()) {
      const fills = tradesOf(order.id!);
      const fee = (order.symbol === SPOT ? fills.map(spotTradeFee) : fills.map(swapTradeFee)).reduce(
        (sum, f) => sum.plus(f),
        ZERO,
      );
      expect.soft(fee.toFixed(), `fee of order ${order.id}`).toBe(orderFee(order).toFixed());
      expect
        .soft(fills.reduce((sum, t) => sum.plus(t.amount!), ZERO).toNumber(), `filled size of order ${order.id}`)
        .toBeCloseTo(order.filled!, 10);
      // ccxt's own parse of the fees agrees with the raw figures.
      for (const t of fills)
        expect
          .soft(t.fee?.cost ?? 0)
          .toBeCloseTo((order.symbol === SPOT ? spotTradeFee(t) : swapTradeFee(t)).toNumber(), 10);
    }

    // Spot: USDT and BTC now are what they were, moved by each fill and its fee and by the transfers.
    let usdt = usdtStart.minus(transferredToSwap);
    let btc = btcStart;
    for (const trade of spotTrades.values()) {
      const info = trade.info as Raw;
      const fee = spotTradeFee(trade);
      if (trade.side === 'buy') {
        usdt = usdt.minus(info.amount);
        btc = btc.plus(info.size);
        if (info.feeDetail.feeCoin === 'BTC') btc = btc.minus(fee);
        else usdt = usdt.minus(fee);
      } else {
        usdt = usdt.plus(info.amount);
        btc = btc.minus(info.size);
        if (info.feeDetail.feeCoin === 'USDT') usdt = usdt.minus(fee);
        else btc = btc.minus(fee);
      }
    }
    expect.soft(spotRow(spotEnd, 'USDT').toFixed()).toBe(usdt.toFixed());
    expect.soft(spotRow(spotEnd, 'BTC').toFixed()).toBe(btc.toFixed());
    // Swap: the equity (no position left) is the start's, moved by the transfers, each fill's profit and fee, and funding.
    let equity = equityStart.plus(transferredToSwap);
    for (const trade of swapTrades.values())
      equity = equity.plus((trade.info as Raw).profit).minus(swapTradeFee(trade));
    for (const entry of funding) equity = equity.plus((entry.info as Raw).amount ?? entry.amount ?? 0);
    expect.soft(swapEquity(swapEnd).toFixed()).toBe(equity.toFixed());

    // The stopped gateway's books: balanced, every balance its ledger sum, nothing negative, and each order's stored
    // fee the sum of the fees ccxt read on its fills.
    readDatabase(dir.path, (db) => {
      expect.soft(unbalancedEntries(db)).toEqual([]);
      expect.soft(balanceMismatches(db)).toEqual([]);
      const negative = db
        .prepare("SELECT coin FROM trade_balances WHERE available LIKE '-%' OR frozen LIKE '-%'")
        .all();
      expect.soft(negative).toEqual([]);
      expect.soft(db.prepare("SELECT user_id FROM trade_accounts WHERE futures_wallet LIKE '-%'").all()).toEqual([]);
      const feeOf = db.prepare('SELECT fee FROM trade_orders WHERE order_id = ?').pluck();
      const orderIds = new Set([...spotTrades.values(), ...swapTrades.values()].map((t) => t.order!));
      for (const id of orderIds) {
        const fills = tradesOf(id);
        const fee = fills.reduce((sum, t) => sum.plus(t.symbol === SPOT ? spotTradeFee(t) : swapTradeFee(t)), ZERO);
        const stored = new Decimal(feeOf.get(id) as string).div(new Decimal(10).pow(MONEY_PLACES));
        expect.soft(stored.toFixed(), `stored fee of order ${id}`).toBe(fee.toFixed());
      }
    });
  }, 240_000);
});
