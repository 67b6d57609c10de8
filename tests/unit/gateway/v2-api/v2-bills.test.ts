import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vipVolumesOf } from '../../../../gateway/fees/vip-volumes';
import { formatMoney, MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { SPOT_TRADE_PATHS as S } from '../../../../gateway/v2-api/spot-trade-routes';
import { SPOT_WALLET_PATHS as W } from '../../../../gateway/v2-api/spot-wallet-routes';
import { V2_BILL_PATHS as B } from '../../../../gateway/v2-api/v2-bill-routes';
import { type Account, type KeyHarness, makeKeyHarness, sendSigned } from '../api-keys/apikey-support';
import { T0 } from '../support';
import { ccxtBitget, subAccountKey } from './v2-wallet-support';
import { ok, refused, type V2Client, v2Client } from './v2-trade-support';

let h: KeyHarness;
let alice: Account;
let bot: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await h.account('alice@example.com');
  bot = await v2Client(h, alice, ['spot_trade', 'futures_trade', 'transfer']);
});
afterEach(() => {
  h.trading.stop();
  h.close();
});

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };
const SWAP = 'BTC/USDT:USDT';

interface SpotBill {
  cTime: string;
  coin: string;
  groupType: string;
  businessType: string;
  size: string;
  balance: string;
  fees: string;
  billId: string;
}
interface MixBill {
  billId: string;
  symbol: string;
  amount: string;
  fee: string;
  feeByCoupon: string;
  businessType: string;
  coin: string;
  balance: string;
  cTime: string;
}

const money = (text: string) => unitsOf(text.replace(/^-/, ''), MONEY_PLACES) * (text.startsWith('-') ? -1n : 1n);
const sum = (texts: string[]) => formatMoney(texts.reduce((total, text) => total + money(text), 0n));

async function spotBills(client: V2Client, query: Record<string, string> = {}): Promise<SpotBill[]> {
  return ok(await client.get(B.spotBills, query));
}

async function mixBills(client: V2Client, query: Record<string, string> = {}): Promise<MixBill[]> {
  const page = ok(await client.get(B.mixBill, { productType: 'USDT-FUTURES', ...query }));
  expect(page.endId).toBe(page.bills.at(-1)?.billId ?? null);
  return page.bills;
}

/** A spot market buy of `quote` USDT of BTC through the v2 route; its fills as the v2 fills route lists them. */
async function buyBtc(client: V2Client, quote: string) {
  const { orderId } = ok(
    await client.post(S.placeOrder, { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: quote }),
  );
  const fills = ok(await client.get(S.fills, { symbol: 'BTCUSDT', orderId }));
  return {
    orderId,
    fills: fills as Array<{
      priceAvg: string;
      size: string;
      amount: string;
      feeDetail: { totalFee: string; feeCoin: string };
    }>,
  };
}

/** Checks that each row's balance before (`balance − size − fees`) is the next older row's balance after. */
function expectChained(rows: Array<{ balance: string; change: string }>) {
  for (let i = 0; i + 1 < rows.length; i += 1)
    expect(formatMoney(money(rows[i]!.balance) - money(rows[i]!.change)), `row ${i}`).toBe(rows[i + 1]!.balance);
}

describe('GET /api/v2/spot/account/bills', () => {
  it('shows a fill per coin with its fee, newest first, each balance chained to the one before', async () => {
    const { fills } = await buyBtc(bot, '100');
    expect(fills.length).toBeGreaterThan(0);
    const bills = await spotBills(bot);
    const btc = bills.filter((row) => row.coin === 'BTC');
    const usdt = bills.filter((row) => row.coin === 'USDT');
    expect(btc).toHaveLength(fills.length);
    for (const row of [...btc, ...usdt.slice(0, -1)])
      expect(row).toMatchObject({ groupType: 'transaction', businessType: 'buy', cTime: String(T0) });
    // What the fills bought and paid, and their fees (a buy's in the BTC it received), all in the bills.
    expect(sum(btc.map((row) => row.size))).toBe(sum(fills.map((fill) => fill.size)));
    expect(sum(btc.map((row) => row.fees))).toBe(sum(fills.map((fill) => fill.feeDetail.totalFee)));
    expect(fills.every((fill) => fill.feeDetail.feeCoin === 'BTC' && fill.feeDetail.totalFee !== '0')).toBe(true);
    expect(sum(usdt.slice(0, -1).map((row) => row.size))).toBe(sum(fills.map((fill) => `-${fill.amount}`)));
    expect(usdt.every((row) => row.fees === '0.00000000')).toBe(true);
    // The oldest row is the paper grant; the newest balances are the account's now.
    expect(usdt.at(-1)).toMatchObject({ groupType: 'other', businessType: 'airdrop_rewards', size: '10000.00000000' });
    const assets = ok(await bot.get('/api/v2/spot/account/assets'));
    const held = (coin: string) => assets.find((row: { coin: string }) => row.coin === coin).available;
    expect(money(usdt[0]!.balance)).toBe(money(held('USDT')));
    expect(money(btc[0]!.balance)).toBe(money(held('BTC')));
    expectChained(usdt.map((row) => ({ balance: row.balance, change: sum([row.size, row.fees]) })));
    expectChained([
      ...btc.map((row) => ({ balance: row.balance, change: sum([row.size, row.fees]) })),
      { balance: '0.00000000', change: '0' },
    ]);
    // billIds are unique and fall down the list.
    const ids = bills.map((row) => BigInt(row.billId));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('pages by limit and idLessThan without losing or repeating a row, and filters by coin, type and time', async () => {
    await buyBtc(bot, '60');
    ok(await bot.post(W.transfer, { fromType: 'spot', toType: 'usdt_futures', coin: 'USDT', amount: '5' }));
    const all = await spotBills(bot);
    const paged: SpotBill[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < all.length + 1; guard += 1) {
      const page = await spotBills(bot, { limit: '1', ...(cursor ? { idLessThan: cursor } : {}) });
      if (page.length === 0) break;
      paged.push(...page);
      cursor = page.at(-1)!.billId;
    }
    expect(paged).toEqual(all);
    const middle = all[2]!.billId;
    expect(await spotBills(bot, { idLessThan: middle })).toEqual(all.slice(3));

    expect(await spotBills(bot, { coin: 'btc' })).toEqual(all.filter((row) => row.coin === 'BTC'));
    expect(await spotBills(bot, { groupType: 'transfer' })).toEqual([
      expect.objectContaining({ businessType: 'transfer_out', size: '-5.00000000' }),
    ]);
    // The documented spelling and the wire's read alike.
    expect(await spotBills(bot, { businessType: 'transfer-out' })).toEqual(
      await spotBills(bot, { businessType: 'transfer_out' }),
    );
    expect(await spotBills(bot, { businessType: 'sell' })).toEqual([]);
    expect(await spotBills(bot, { groupType: 'transaction', businessType: 'buy' })).toEqual(
      all.filter((row) => row.groupType === 'transaction'),
    );
    expect(await spotBills(bot, { startTime: String(T0 + 1) })).toEqual([]);
    expect(await spotBills(bot, { startTime: String(T0), endTime: String(T0) })).toEqual(all);
    refused(await bot.get(B.spotBills, { groupType: 'lottery' }), '40020');
    refused(await bot.get(B.spotBills, { businessType: 'lottery' }), '40020');
    refused(await bot.get(B.spotBills, { limit: '501' }), '40020');
    refused(await bot.get(B.spotBills, { idLessThan: '-1' }), '40020');
    refused(await bot.get(B.spotBills, { startTime: String(T0 + 1), endTime: String(T0) }), '40020');
  });

  it("shows only the key owner's own changes: another account, and a sub-account's key, see their own", async () => {
    await buyBtc(bot, '50');
    const desk = await subAccountKey(h, alice, 'desk', []);
    const moved = await alice.post('/v1/asset/sub-transfer', {
      fromUserId: alice.userId,
      toUserId: desk.userId,
      from: 'spot',
      to: 'spot',
      coin: 'USDT',
      amount: '25',
    });
    expect(moved.code, moved.msg).toBe('00000');
    const bob = await v2Client(h, await h.account('bob@example.com'), []);
    const bobs = await spotBills(bob);
    expect(bobs).toEqual([expect.objectContaining({ businessType: 'airdrop_rewards', balance: '10000.00000000' })]);
    const deskBills = ok(await sendSigned(h.app, desk.key, { path: B.spotBills })) as SpotBill[];
    expect(deskBills.map((row) => [row.businessType, row.size, row.balance])).toEqual([
      ['transfer_in', '25.00000000', '10025.00000000'],
      ['airdrop_rewards', '10000.00000000', '10000.00000000'],
    ]);
    const alices = await spotBills(bot);
    expect(alices[0]).toMatchObject({ businessType: 'transfer_out', size: '-25.00000000' });
    expect(alices.some((row) => row.businessType === 'transfer_in')).toBe(false);
    // Another account's billId pages nothing of its owner's into this account's list.
    const deskMix = ok(await sendSigned(h.app, desk.key, { path: `${B.mixBill}?productType=USDT-FUTURES` }));
    expect(deskMix.bills).toEqual([
      expect.objectContaining({ businessType: 'cash_gift_issue', amount: '10000.00000000' }),
    ]);
    expect(await spotBills(bob, { idLessThan: alices[0]!.billId })).toEqual(
      bobs.filter((row) => BigInt(row.billId) < BigInt(alices[0]!.billId)),
    );
  });
});

describe('GET /api/v2/mix/account/bill', () => {
  it('shows a one-way open and close: the fee of each, the realized profit of the close', async () => {
    const order = { ...USDT_M, symbol: 'BTCUSDT', marginMode: 'crossed', orderType: 'market', size: '0.0100' };
    const opened = ok(await bot.post(O.placeOrder, { ...order, side: 'buy' }));
    const closed = ok(await bot.post(O.placeOrder, { ...order, side: 'sell', reduceOnly: 'YES' }));
    const detail = async (orderId: string) => ok(await bot.get(O.detail, { ...USDT_M, symbol: 'BTCUSDT', orderId }));
    const [open, close] = [await detail(opened.orderId), await detail(closed.orderId)];

    const bills = await mixBills(bot);
    const buys = bills.filter((row) => row.businessType === 'buy');
    const sells = bills.filter((row) => row.businessType === 'sell');
    expect(buys.length + sells.length + 1).toBe(bills.length);
    expect(bills.at(-1)).toMatchObject({ businessType: 'cash_gift_issue', amount: '10000.00000000' });
    for (const row of [...buys, ...sells])
      expect(row).toMatchObject({ symbol: 'BTCUSDT', coin: 'USDT', feeByCoupon: '', cTime: String(T0) });
    expect(sum(buys.map((row) => row.fee))).toBe(formatMoney(money(open.fee)));
    expect(sum(buys.map((row) => row.amount))).toBe('0.00000000');
    expect(sum(sells.map((row) => row.fee))).toBe(formatMoney(money(close.fee)));
    expect(sum(sells.map((row) => row.amount))).toBe(formatMoney(money(close.totalProfits)));
    expect(bills[0]!.balance).toBe(formatMoney(h.trading.ctx.accounts.wallet(alice.userId)));
    expectChained(bills.map((row) => ({ balance: row.balance, change: sum([row.amount, row.fee]) })));

    expect(await mixBills(bot, { businessType: 'sell' })).toEqual(sells);
    expect(await mixBills(bot, { symbol: 'ETHUSDT' })).toEqual([]);
    expect(await mixBills(bot, { symbol: 'SBTCSUSDT' })).toEqual([...sells, ...buys]);
    const [first] = await mixBills(bot, { limit: '1' });
    expect(first).toEqual(bills[0]);
    expect(await mixBills(bot, { idLessThan: first!.billId })).toEqual(bills.slice(1));
    // The demo product name reads the same wallet, its coin named as the demo's.
    const demo = ok(await bot.get(B.mixBill, { productType: 'SUSDT-FUTURES' }));
    expect(demo.bills.map((row: MixBill) => row.coin)).toEqual(bills.map(() => 'SUSDT'));
    expect(ok(await bot.get(B.mixBill, { productType: 'COIN-FUTURES' }))).toEqual({ bills: [], endId: null });
    refused(await bot.get(B.mixBill, {}), '40019');
    refused(await bot.get(B.mixBill, { productType: 'USDT-FUTURES', businessType: 'lottery' }), '40020');
    refused(await bot.get(B.mixBill, { productType: 'USDT-FUTURES', symbol: 'NOPEUSDT' }), '40034');
    refused(await bot.get(B.mixBill, { productType: 'USDT-FUTURES', limit: '101' }), '40020');
  });

  it('names hedge-mode fills open_long and close_long', async () => {
    ok(await bot.post(A.setPositionMode, { productType: 'USDT-FUTURES', posMode: 'hedge_mode' }));
    const order = { ...USDT_M, symbol: 'BTCUSDT', marginMode: 'crossed', orderType: 'market', size: '0.0050' };
    ok(await bot.post(O.placeOrder, { ...order, side: 'buy', tradeSide: 'open' }));
    ok(await bot.post(O.placeOrder, { ...order, side: 'buy', tradeSide: 'close' }));
    const types = new Set((await mixBills(bot)).map((row) => row.businessType));
    expect(types).toEqual(new Set(['open_long', 'close_long', 'cash_gift_issue']));
  });

  it('shows a funding settlement as contract_settle_fee, as ccxt fetchFundingHistory reads it', async () => {
    const { simulator } = h.trading.ctx;
    const order = { ...USDT_M, symbol: 'BTCUSDT', marginMode: 'crossed', orderType: 'market', size: '0.1000' };
    ok(await bot.post(O.placeOrder, { ...order, side: 'buy' }));
    const walletBefore = h.trading.ctx.accounts.wallet(alice.userId);
    // Paper trading learns the next funding time from a ticker, then settles when a later ticker moves past it.
    h.trading.start();
    simulator.step(T0 + 250);
    const settleAt = Number(simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!.nextFundingTime);
    simulator.step(settleAt + 1000);
    const paid = h.trading.ctx.accounts.wallet(alice.userId) - walletBefore;
    expect(paid).not.toBe(0n);

    const funding = await mixBills(bot, { businessType: 'contract_settle_fee' });
    expect(funding).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        amount: formatMoney(paid),
        fee: '0.00000000',
        businessType: 'contract_settle_fee',
        balance: formatMoney(h.trading.ctx.accounts.wallet(alice.userId)),
      }),
    ]);
    expect(await mixBills(bot, { businessType: 'contract_settle_fee', symbol: 'ETHUSDT' })).toEqual([]);

    const bitget = ccxtBitget(h.app, bot.key);
    const history = await bitget.fetchFundingHistory(SWAP);
    expect(history).toEqual([
      expect.objectContaining({
        symbol: SWAP,
        code: 'USDT',
        amount: Number(formatMoney(paid)),
        id: funding[0]!.billId,
      }),
    ]);
  });
});

describe('GET /api/v2/common/trade-rate', () => {
  it('answers the rates fills are charged at, at the account’s own VIP level', async () => {
    const rateOf = async (symbol: string, businessType: string) =>
      ok(await bot.get(B.tradeRate, { symbol, businessType }));
    const chargedRates = (orderId: string) =>
      h.db.prepare('SELECT DISTINCT liquidity, rate FROM fee_fills WHERE order_id = ?').all(orderId);
    const spotSpec = h.trading.ctx.spec('SPOT', 'BTCUSDT');
    const level0 = await rateOf('BTCUSDT', 'spot');
    expect(level0).toEqual({ makerFeeRate: spotSpec.makerFeeRate, takerFeeRate: spotSpec.takerFeeRate });

    const { orderId, fills } = await buyBtc(bot, '100');
    expect(chargedRates(orderId)).toEqual([{ liquidity: 'taker', rate: level0.takerFeeRate }]);
    // Each fill's fee is the BTC it bought at that rate, rounded up to the money places, in BTC.
    for (const fill of fills) {
      const fee = new Decimal(fill.size).times(level0.takerFeeRate).toDecimalPlaces(MONEY_PLACES, Decimal.ROUND_UP);
      expect(fill.feeDetail.feeCoin).toBe('BTC');
      expect(new Decimal(fill.feeDetail.totalFee).neg().eq(fee), `${fill.size} at ${fill.priceAvg}`).toBe(true);
    }

    const mixSpec = h.trading.ctx.spec('USDT-FUTURES', 'BTCUSDT');
    const mix = await rateOf('BTCUSDT', 'mix');
    expect(mix).toEqual({ makerFeeRate: mixSpec.makerFeeRate, takerFeeRate: mixSpec.takerFeeRate });
    expect(await rateOf('btcusdt', 'contract')).toEqual(mix);

    // A 30-day spot volume past level 1's threshold (500,000 USDT): both markets' rates step down.
    vipVolumesOf(h.db).record({
      userId: alice.userId,
      orderId: 'volume-seed',
      market: 'spot',
      volume: unitsOf('600000', MONEY_PLACES),
      liquidity: 'taker',
      rate: level0.takerFeeRate,
      at: T0,
    });
    const level1 = await rateOf('BTCUSDT', 'spot');
    expect(level1).toEqual({ makerFeeRate: '0.0008', takerFeeRate: '0.0008' });
    expect(await rateOf('BTCUSDT', 'mix')).toEqual({ makerFeeRate: '0.00016', takerFeeRate: '0.00054' });
    const next = await buyBtc(bot, '100');
    expect(chargedRates(next.orderId)).toEqual([{ liquidity: 'taker', rate: level1.takerFeeRate }]);
    const placed = ok(
      await bot.post(O.placeOrder, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'market',
        size: '0.0010',
      }),
    );
    expect(chargedRates(placed.orderId)).toEqual([{ liquidity: 'taker', rate: '0.00054' }]);

    // Another account keeps its own level.
    const bob = await v2Client(h, await h.account('bob@example.com'), []);
    expect(ok(await bob.get(B.tradeRate, { symbol: 'BTCUSDT', businessType: 'spot' }))).toEqual(level0);
    refused(await bot.get(B.tradeRate, { symbol: 'BTCUSDT', businessType: 'margin' }), '40020');
    refused(await bot.get(B.tradeRate, { symbol: 'BTCUSDT' }), '40019');
    refused(await bot.get(B.tradeRate, { businessType: 'spot' }), '40019');
    refused(await bot.get(B.tradeRate, { symbol: 'NOPEUSDT', businessType: 'spot' }), '40034');
  });
});

describe('the ledger and fee routes through ccxt', () => {
  it('reads fetchLedger (spot and swap) and fetchTradingFee as ccxt asks for them', async () => {
    const bitget = ccxtBitget(h.app, bot.key);
    await buyBtc(bot, '40');
    await bitget.transfer('USDT', 15, 'spot', 'swap');
    // Every change here is at the trading clock's T0, so ccxt's sort by time keeps the gateway's order.
    const spot = await bitget.fetchLedger('USDT');
    const spotTransfer = spot.find((entry) => entry.type === 'transfer');
    expect(spotTransfer).toMatchObject({ direction: 'out', amount: 15, currency: 'USDT', id: spot[0]!.id });
    expect(spotTransfer!.before! - spotTransfer!.after!).toBeCloseTo(15, 8);
    // A buy's fee is in the BTC it bought: its BTC ledger shows the trade with a fee.
    const btcLedger = await bitget.fetchLedger('BTC');
    expect(btcLedger.filter((entry) => entry.type === 'trade' && entry.fee!.cost! > 0).length).toBeGreaterThan(0);
    const swap = await bitget.fetchLedger('USDT', undefined, undefined, { type: 'swap' });
    expect(swap.map((entry) => [entry.type, entry.direction, entry.amount, entry.after])).toEqual([
      ['transfer', 'in', 15, 10015],
      ['cashback', 'in', 10000, 10000],
    ]);

    const spec = h.trading.ctx.spec('SPOT', 'BTCUSDT');
    expect(await bitget.fetchTradingFee('BTC/USDT')).toMatchObject({
      symbol: 'BTC/USDT',
      maker: Number(spec.makerFeeRate),
      taker: Number(spec.takerFeeRate),
    });
    const swapSpec = h.trading.ctx.spec('USDT-FUTURES', 'BTCUSDT');
    expect(await bitget.fetchTradingFee(SWAP)).toMatchObject({
      symbol: SWAP,
      maker: Number(swapSpec.makerFeeRate),
      taker: Number(swapSpec.takerFeeRate),
    });
  });
});
