import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { SPOT_ASSETS_PATH } from '../../../../gateway/v2-api/spot-account-routes';
import { SPOT_WALLET_PATHS as W } from '../../../../gateway/v2-api/spot-wallet-routes';
import { V2_PLAN_PATHS as P } from '../../../../gateway/v2-api/v2-plan-routes';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { tempDir } from '../support';
import {
  createKey,
  killStarted,
  readDatabase,
  type SocketClient,
  type SocketReply,
  socketClient,
  startGateway,
  stopGateway,
} from './v2-socket-support';

/**
 * Many requests for the same money at once, over a real socket: a gateway process (gateway/main.ts, its own data
 * directory) takes 30 signed transfers at the same time, each for the account's whole balance. Only one may move it;
 * the others are refused as the exchange refuses a transfer beyond the balance, and the ledger still balances.
 */

const PARALLEL = 30;
const TO_FUTURES = { fromType: 'spot', toType: 'usdt_futures', coin: 'USDT' } as const;
const TO_SPOT = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT' } as const;

let removeDir: (() => void) | null = null;
afterEach(() => {
  killStarted();
  removeDir?.();
  removeDir = null;
});

/** The account's USDT: spot available and frozen, futures available and what it may transfer out. */
async function holdings(api: SocketClient) {
  const spot = await api.get(SPOT_ASSETS_PATH, { coin: 'USDT' });
  const mix = await api.get(A.accounts, { productType: 'USDT-FUTURES' });
  expect(spot.reply.code, spot.reply.msg).toBe('00000');
  expect(mix.reply.code, mix.reply.msg).toBe('00000');
  // A coin the account no longer holds may be left out of the assets list.
  const [row = { available: '0.00000000', frozen: '0.00000000' }] = spot.reply.data as {
    available: string;
    frozen: string;
  }[];
  const [account] = mix.reply.data as { available: string; maxTransferOut: string }[];
  return {
    spot: row.available,
    spotFrozen: row.frozen,
    futures: account!.available,
    futuresOut: account!.maxTransferOut,
  };
}

/** Sends `count` transfers at once (each its own connection) and answers every reply. */
function atOnce(count: number, send: (i: number) => Promise<SocketReply>): Promise<SocketReply[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

/** The replies that succeeded, and the codes of the others with their HTTP statuses. */
function split(replies: SocketReply[]) {
  const made = replies.filter((r) => r.reply.code === '00000');
  const refusals = replies.filter((r) => r.reply.code !== '00000').map((r) => `${r.status} ${r.reply.code}`);
  return { made, refusals };
}

describe('30 transfers at once, each for the whole balance, over a socket', () => {
  it('moves the balance once each way; the other 29 are refused (43012 from spot, 40762 from futures)', async () => {
    const dir = tempDir('wallet-race-');
    removeDir = dir.remove;
    const gateway = await startGateway(dir.path);
    const key = await createKey(dir.path, ['transfer']);
    const api = socketClient(gateway.url, key);
    const info = await api.get(W.accountInfo);
    const userId = String(info.reply.data.userId);

    const start = await holdings(api);
    expect(new Decimal(start.spot).gt(0)).toBe(true);
    expect(start.spotFrozen).toBe('0.00000000');
    const whole = start.spot;

    const out = split(
      await atOnce(PARALLEL, (i) => api.post(W.transfer, { ...TO_FUTURES, amount: whole, clientOid: `out-${i}` })),
    );
    expect(out.made).toHaveLength(1);
    expect(out.refusals).toEqual(Array.from({ length: PARALLEL - 1 }, () => '400 43012'));
    const winner = out.made[0]!.reply.data as { transferId: string; clientOid: string };

    const moved = await holdings(api);
    expect(moved.spot).toBe('0.00000000');
    expect(moved.futures).toBe(new Decimal(start.futures).plus(whole).toFixed(8));
    const outRecords = await api.get(W.transferRecords, { coin: 'USDT', fromType: 'spot', limit: '500' });
    expect(outRecords.reply.data).toEqual([
      expect.objectContaining({ transferId: winner.transferId, clientOid: winner.clientOid, size: whole }),
    ]);

    // Back again: the whole futures balance, 30 times at once.
    const all = moved.futuresOut;
    expect(all).toBe(moved.futures);
    const back = split(
      await atOnce(PARALLEL, (i) => api.post(W.transfer, { ...TO_SPOT, amount: all, clientOid: `back-${i}` })),
    );
    expect(back.made).toHaveLength(1);
    expect(back.refusals).toEqual(Array.from({ length: PARALLEL - 1 }, () => '400 40762'));
    const end = await holdings(api);
    expect(end.spot).toBe(all);
    expect(end.futures).toBe('0.00000000');
    const backRecords = await api.get(W.transferRecords, { coin: 'USDT', fromType: 'usdt_futures', limit: '500' });
    expect(backRecords.reply.data).toEqual([
      expect.objectContaining({ transferId: (back.made[0]!.reply.data as { transferId: string }).transferId }),
    ]);

    await stopGateway(gateway);
    readDatabase(dir.path, (db) => {
      expect(unbalancedEntries(db)).toEqual([]);
      expect(balanceMismatches(db)).toEqual([]);
      const rows = db.prepare('SELECT client_oid FROM asset_transfers WHERE user_id = ?').pluck().all(userId);
      const made = [winner.clientOid, (back.made[0]!.reply.data as { clientOid: string }).clientOid];
      expect(rows.sort()).toEqual(made.sort());
    });
  }, 180_000);

  it('with one clientOid, moves the money once and answers every copy with the same transfer', async () => {
    const dir = tempDir('wallet-race-oid-');
    removeDir = dir.remove;
    const gateway = await startGateway(dir.path);
    const key = await createKey(dir.path, ['transfer']);
    const api = socketClient(gateway.url, key);

    const start = await holdings(api);
    // Half the balance, so a second move would still be covered and only the clientOid can stop it.
    const half = new Decimal(start.spot).div(2).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);
    const replies = await atOnce(PARALLEL, () =>
      api.post(W.transfer, { ...TO_FUTURES, amount: half, clientOid: 'once-only' }),
    );
    expect(replies.map((r) => r.reply.code)).toEqual(Array.from({ length: PARALLEL }, () => '00000'));
    const ids = new Set(replies.map((r) => (r.reply.data as { transferId: string }).transferId));
    expect(ids.size).toBe(1);

    const end = await holdings(api);
    expect(end.spot).toBe(new Decimal(start.spot).minus(half).toFixed(8));
    expect(end.futures).toBe(new Decimal(start.futures).plus(half).toFixed(8));
    const records = await api.get(W.transferRecords, { coin: 'USDT', fromType: 'spot', limit: '500' });
    expect(records.reply.data).toEqual([expect.objectContaining({ transferId: [...ids][0], clientOid: 'once-only' })]);

    await stopGateway(gateway);
    readDatabase(dir.path, (db) => {
      expect(unbalancedEntries(db)).toEqual([]);
      expect(balanceMismatches(db)).toEqual([]);
    });
  }, 180_000);

  it('a whole-balance transfer racing plan orders for the same USDT: either the transfer or the plans, never both', async () => {
    const dir = tempDir('wallet-race-plans-');
    removeDir = dir.remove;
    const gateway = await startGateway(dir.path);
    const key = await createKey(dir.path, ['transfer', 'spot_trade']);
    const api = socketClient(gateway.url, key);
    const start = await holdings(api);
    const whole = start.spot;

    // Buys far under the market, each holding about 30% of the balance: three fit, a fourth does not.
    const ticker = (await (await fetch(`${gateway.url}/api/v2/spot/market/tickers?symbol=BTCUSDT`)).json()) as {
      data: { lastPr: string }[];
    };
    const price = new Decimal(ticker.data[0]!.lastPr).times('0.8').toDecimalPlaces(0, Decimal.ROUND_DOWN);
    const size = new Decimal(whole).times('0.3').div(price).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4);
    const plan = (clientOid: string) => ({
      symbol: 'BTCUSDT',
      side: 'buy',
      triggerPrice: price.toFixed(0),
      orderType: 'limit',
      executePrice: price.toFixed(0),
      size,
      clientOid,
    });
    // Twice: first with a transfer sent first, then with a plan sent first, so either may be the one taken first.
    for (const round of [0, 1]) {
      const isTransfer = (i: number) => i % 2 === round;
      const replies = await atOnce(PARALLEL, (i) =>
        isTransfer(i)
          ? api.post(W.transfer, { ...TO_FUTURES, amount: whole, clientOid: `all-${round}-${i}` })
          : api.post(P.spotPlace, plan(`hold-${round}-${i}`)),
      );
      const transfers = replies.filter((r, i) => isTransfer(i) && r.reply.code === '00000');
      const plans = replies.filter((r, i) => !isTransfer(i) && r.reply.code === '00000');
      expect(split(replies).refusals).toEqual(
        Array.from({ length: PARALLEL - transfers.length - plans.length }, () => '400 43012'),
      );
      // The first one taken decides: the whole balance left (no plan could hold anything after it), or plans hold
      // part of it (the whole can no longer leave) and as many as fit.
      if (transfers.length === 1) expect(plans).toEqual([]);
      else expect([transfers.length, plans.length]).toEqual([0, 3]);

      const end = await holdings(api);
      const open = await api.get(P.spotCurrent, { symbol: 'BTCUSDT' });
      expect(open.reply.data.orderList).toHaveLength(plans.length);
      // Nothing was made or lost: what spot holds (free and held) and futures hold is what they held at first.
      const total = (figures: typeof end) => new Decimal(figures.spot).plus(figures.spotFrozen).plus(figures.futures);
      expect(total(end).toFixed(8)).toBe(total(start).toFixed(8));
      if (transfers.length === 1) {
        expect(end).toMatchObject({ spot: '0.00000000', spotFrozen: '0.00000000' });
        expect(end.futures).toBe(new Decimal(start.futures).plus(whole).toFixed(8));
        // Back as it was, for the next round.
        const back = await api.post(W.transfer, { ...TO_SPOT, amount: whole, clientOid: `reset-${round}` });
        expect(back.reply.code, back.reply.msg).toBe('00000');
      } else {
        expect(new Decimal(end.spotFrozen).gte(new Decimal(price).times(size).times(3))).toBe(true);
        expect(end.futures).toBe(start.futures);
        for (const made of plans) {
          const cancelled = await api.post(P.spotCancel, { orderId: made.reply.data.orderId });
          expect(cancelled.reply.code, cancelled.reply.msg).toBe('00000');
        }
      }
      expect(await holdings(api)).toEqual(start);
    }

    await stopGateway(gateway);
    readDatabase(dir.path, (db) => {
      expect(unbalancedEntries(db)).toEqual([]);
      expect(balanceMismatches(db)).toEqual([]);
      const negative = db
        .prepare("SELECT coin FROM trade_balances WHERE available LIKE '-%' OR frozen LIKE '-%'")
        .all();
      expect(negative).toEqual([]);
    });
  }, 180_000);
});
