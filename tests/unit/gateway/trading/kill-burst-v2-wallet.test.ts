import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../gateway/money/money-units';
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
} from '../v2-api/v2-socket-support';

/**
 * Transfers and trigger orders under kill -9: a real gateway process takes a burst of signed v2 requests from one key
 * — transfers both ways between spot and USDT-M futures, spot and futures plan orders placed and cancelled — and is
 * killed with SIGKILL while they are in flight. Started again on the same files, its ledger must still balance entry
 * by entry, every stored balance must equal its ledger lines, every transfer and plan order it acknowledged must be
 * listed, a client resending its transfers with the same `clientOid` must not move any money twice, and the funds held
 * for the open plan orders must be what the balances show as frozen and locked.
 */

const BURST = 60;
/** The SIGKILL lands once this many of the burst's replies are in: mid-burst whatever the machine's speed. */
const KILL_AFTER_REPLIES = 20;
const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };
const TO_FUTURES = { fromType: 'spot', toType: 'usdt_futures', coin: 'USDT', amount: '7.5' } as const;
const TO_SPOT = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT', amount: '3.25' } as const;

let removeDir: (() => void) | null = null;
afterEach(() => {
  killStarted();
  removeDir?.();
  removeDir = null;
});

/** A last price of the gateway's market, 0.8 of it, whole (on every BTCUSDT tick): a trigger the burst never reaches. */
async function farBelow(url: string, path: string): Promise<string> {
  const reply = (await (await fetch(`${url}${path}`)).json()) as { data: { lastPr: string }[] };
  return new Decimal(reply.data[0]!.lastPr).times('0.8').toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0);
}

/** The account's USDT: spot available and frozen, futures available and locked. */
async function holdings(api: SocketClient) {
  const spot = await api.get(SPOT_ASSETS_PATH, { coin: 'USDT' });
  const mix = await api.get(A.accounts, { productType: 'USDT-FUTURES' });
  expect(spot.reply.code, spot.reply.msg).toBe('00000');
  expect(mix.reply.code, mix.reply.msg).toBe('00000');
  const [row] = spot.reply.data as { available: string; frozen: string }[];
  const [account] = mix.reply.data as { available: string; locked: string }[];
  return { spot: row!.available, spotFrozen: row!.frozen, futures: account!.available, locked: account!.locked };
}

/** The data of a success reply. */
function dataOf(result: SocketReply) {
  expect(result.reply.code, result.reply.msg).toBe('00000');
  return result.reply.data;
}

type Kind = 'transfer-out' | 'transfer-in' | 'spot-plan' | 'spot-plan-cancel' | 'mix-plan' | 'mix-plan-cancel';

describe('a gateway killed with SIGKILL in a burst of v2 transfers and plan orders', () => {
  it('loses no acknowledged transfer or plan, moves no money twice on resend, and keeps ledger and holds exact', async () => {
    const dir = tempDir('kill-burst-wallet-');
    removeDir = dir.remove;
    const first = await startGateway(dir.path);
    const key = await createKey(dir.path, ['spot_trade', 'futures_trade', 'transfer']);
    const api = socketClient(first.url, key);
    const userId = String(dataOf(await api.get(W.accountInfo)).userId);
    const start = await holdings(api);
    expect(start.spotFrozen).toBe('0.00000000');
    expect(start.locked).toBe('0.00000000');

    const spotTrigger = await farBelow(first.url, '/api/v2/spot/market/tickers?symbol=BTCUSDT');
    const mixTrigger = await farBelow(first.url, '/api/v2/mix/market/ticker?symbol=BTCUSDT&productType=USDT-FUTURES');
    // Buys far under the market: each waits, holding USDT (spot) or margin (futures) until cancelled.
    const spotPlan = (clientOid: string) => ({
      symbol: 'BTCUSDT',
      side: 'buy',
      triggerPrice: spotTrigger,
      orderType: 'limit',
      executePrice: spotTrigger,
      size: '0.001',
      triggerType: 'fill_price',
      clientOid,
    });
    const mixPlan = (clientOid: string) => ({
      ...USDT_M,
      symbol: 'BTCUSDT',
      planType: 'normal_plan',
      marginMode: 'crossed',
      size: '0.0100',
      price: mixTrigger,
      triggerPrice: mixTrigger,
      triggerType: 'mark_price',
      side: 'buy',
      orderType: 'limit',
      clientOid,
    });
    // Plans waiting before the burst, for the burst's cancels (some named twice, racing each other).
    const spotBefore: string[] = [];
    const mixBefore: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      spotBefore.push(dataOf(await api.post(P.spotPlace, spotPlan(`pre-s${i}`))).orderId);
      mixBefore.push(dataOf(await api.post(P.mixPlace, mixPlan(`pre-m${i}`))).orderId);
    }

    const burst: { kind: Kind; clientOid?: string; target?: string; request: () => Promise<SocketReply> }[] = [];
    for (let i = 0; i < BURST; i += 1) {
      // Each waiting plan is named by one or two of the burst's cancels.
      const round = Math.floor(i / 6) % 6;
      const target = i % 6 === 3 ? spotBefore[round] : mixBefore[round];
      switch (i % 6) {
        case 0: {
          const clientOid = `tout${i}`;
          burst.push({
            kind: 'transfer-out',
            clientOid,
            request: () => api.post(W.transfer, { ...TO_FUTURES, clientOid }),
          });
          break;
        }
        case 1: {
          const clientOid = `tin${i}`;
          burst.push({
            kind: 'transfer-in',
            clientOid,
            request: () => api.post(W.transfer, { ...TO_SPOT, clientOid }),
          });
          break;
        }
        case 2: {
          const clientOid = `splan${i}`;
          burst.push({ kind: 'spot-plan', clientOid, request: () => api.post(P.spotPlace, spotPlan(clientOid)) });
          break;
        }
        case 3:
          burst.push({
            kind: 'spot-plan-cancel',
            target,
            request: () => api.post(P.spotCancel, { orderId: target }),
          });
          break;
        case 4: {
          const clientOid = `mplan${i}`;
          burst.push({ kind: 'mix-plan', clientOid, request: () => api.post(P.mixPlace, mixPlan(clientOid)) });
          break;
        }
        default:
          burst.push({
            kind: 'mix-plan-cancel',
            target,
            request: () => api.post(P.mixCancel, { ...USDT_M, symbol: 'BTCUSDT', orderIdList: [{ orderId: target }] }),
          });
      }
    }

    /** clientOid → transferId or orderId of what the burst acknowledged. */
    const acknowledged = new Map<string, string>();
    /** The plans a cancel was acknowledged for. */
    const cancelled = new Set<string>();
    let replies = 0;
    const outcomes = await Promise.allSettled(
      burst.map(async (step) => {
        const result = await step.request();
        replies += 1;
        if (replies === KILL_AFTER_REPLIES) first.child.kill('SIGKILL');
        if (result.reply.code !== '00000') return result;
        const data = result.reply.data;
        if (step.kind === 'transfer-out' || step.kind === 'transfer-in')
          acknowledged.set(step.clientOid!, data.transferId);
        else if (step.kind === 'spot-plan' || step.kind === 'mix-plan') acknowledged.set(step.clientOid!, data.orderId);
        else if (step.kind === 'spot-plan-cancel') cancelled.add(step.target!);
        else for (const done of data.successList as { orderId: string }[]) cancelled.add(done.orderId);
        return result;
      }),
    );
    await first.exited;
    // The kill came once KILL_AFTER_REPLIES replies were in; what was still in flight was cut off with the socket.
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(KILL_AFTER_REPLIES);
    // Started again on the same files.
    const second = await startGateway(dir.path);
    const again = socketClient(second.url, key);
    const transfers = [
      ...dataOf(await again.get(W.transferRecords, { coin: 'USDT', fromType: 'spot', limit: '500' })),
      ...dataOf(await again.get(W.transferRecords, { coin: 'USDT', fromType: 'usdt_futures', limit: '500' })),
    ] as { clientOid: string; transferId: string; size: string }[];
    const spotPlans = [
      ...dataOf(await again.get(P.spotCurrent, { symbol: 'BTCUSDT', limit: '100' })).orderList,
      ...dataOf(await again.get(P.spotHistory, { symbol: 'BTCUSDT', limit: '100' })).orderList,
    ] as { orderId: string; clientOid: string; status: string }[];
    const mixPlans = [
      ...dataOf(await again.get(P.mixPending, { ...USDT_M, planType: 'normal_plan', limit: '100' })).entrustedList,
      ...dataOf(await again.get(P.mixHistory, { ...USDT_M, planType: 'normal_plan', limit: '100' })).entrustedList,
    ] as { orderId: string; clientOid: string; planStatus: string }[];

    // Every acknowledged transfer is listed once, under the id it was acknowledged with.
    for (const step of burst.filter((s) => s.kind === 'transfer-out' || s.kind === 'transfer-in')) {
      const listed = transfers.filter((t) => t.clientOid === step.clientOid);
      if (acknowledged.has(step.clientOid!)) {
        expect(
          listed.map((t) => t.transferId),
          step.clientOid,
        ).toEqual([acknowledged.get(step.clientOid!)]);
      } else expect(listed.length, step.clientOid).toBeLessThanOrEqual(1);
    }
    // Every acknowledged plan is listed once (waiting or in history); every acknowledged cancel stays cancelled.
    for (const step of burst.filter((s) => s.kind === 'spot-plan' || s.kind === 'mix-plan')) {
      const rows = step.kind === 'spot-plan' ? spotPlans : mixPlans;
      const listed = rows.filter((row) => row.clientOid === step.clientOid);
      if (acknowledged.has(step.clientOid!)) {
        expect(
          listed.map((row) => row.orderId),
          step.clientOid,
        ).toEqual([acknowledged.get(step.clientOid!)]);
      } else expect(listed.length, step.clientOid).toBeLessThanOrEqual(1);
    }
    for (const orderId of cancelled) {
      const spot = spotPlans.filter((row) => row.orderId === orderId).map((row) => row.status);
      const mix = mixPlans.filter((row) => row.orderId === orderId).map((row) => row.planStatus);
      expect([...spot, ...mix], orderId).toEqual(['cancelled']);
    }

    // A client that lost its replies sends every transfer again with the same clientOid. Those acknowledged are
    // answered with the earlier transfer and move nothing.
    const held = await holdings(again);
    for (const step of burst.filter((s) => acknowledged.has(s.clientOid ?? '') && s.kind.startsWith('transfer'))) {
      const body = step.kind === 'transfer-out' ? TO_FUTURES : TO_SPOT;
      const resent = dataOf(await again.post(W.transfer, { ...body, clientOid: step.clientOid }));
      expect(resent, step.clientOid).toEqual({
        transferId: acknowledged.get(step.clientOid!),
        clientOid: step.clientOid,
      });
    }
    expect(await holdings(again)).toEqual(held);
    // Those the kill may have lost are taken at most once: one stored before the kill is answered, not made again.
    for (const step of burst.filter((s) => !acknowledged.has(s.clientOid ?? '') && s.kind.startsWith('transfer'))) {
      const body = step.kind === 'transfer-out' ? TO_FUTURES : TO_SPOT;
      dataOf(await again.post(W.transfer, { ...body, clientOid: step.clientOid }));
      dataOf(await again.post(W.transfer, { ...body, clientOid: step.clientOid }));
    }
    // Plans resent with their clientOid: an acknowledged one is refused as a duplicate, never placed twice.
    for (const step of burst.filter((s) => s.kind === 'spot-plan' || s.kind === 'mix-plan')) {
      const body = step.kind === 'spot-plan' ? spotPlan(step.clientOid!) : mixPlan(step.clientOid!);
      const resent = await again.post(step.kind === 'spot-plan' ? P.spotPlace : P.mixPlace, body);
      if (acknowledged.has(step.clientOid!)) expect(resent.reply.code, step.clientOid).not.toBe('00000');
    }
    const end = await holdings(again);
    await stopGateway(second);

    readDatabase(dir.path, (db) => {
      expect(unbalancedEntries(db)).toEqual([]);
      expect(balanceMismatches(db)).toEqual([]);
      const negative = db
        .prepare("SELECT coin FROM trade_balances WHERE available LIKE '-%' OR frozen LIKE '-%'")
        .all() as { coin: string }[];
      expect(negative).toEqual([]);

      // Every transfer of the burst is there now, once; the ledger has one transfer entry for each.
      const perTransfer = db
        .prepare(
          `SELECT client_oid AS oid, COUNT(*) AS n FROM asset_transfers
           WHERE user_id = ? AND (client_oid LIKE 'tout%' OR client_oid LIKE 'tin%') GROUP BY client_oid`,
        )
        .all(userId) as { oid: string; n: number }[];
      expect(perTransfer.filter((row) => row.n !== 1)).toEqual([]);
      expect(perTransfer.length).toBe(burst.filter((s) => s.kind.startsWith('transfer')).length);
      // Each transfer is one ledger entry of its own, and no transfer entry is without its transfer.
      const entries = db
        .prepare("SELECT ref FROM ledger_entries WHERE kind = 'transfer' AND user_id = ?")
        .pluck()
        .all(userId) as string[];
      const made = db
        .prepare('SELECT transfer_id FROM asset_transfers WHERE user_id = ?')
        .pluck()
        .all(userId) as string[];
      expect(entries.sort()).toEqual(made.sort());
      expect(made).toHaveLength(perTransfer.length);
      // No trade was made, so the money in the two accounts is what it was, and spot has moved by what the transfers say.
      const outs = perTransfer.filter((row) => row.oid.startsWith('tout')).length;
      const ins = perTransfer.length - outs;
      const spotEnd = new Decimal(end.spot).plus(end.spotFrozen);
      const futuresEnd = new Decimal(end.futures).plus(end.locked);
      expect(spotEnd.plus(futuresEnd).toFixed(8)).toBe(new Decimal(start.spot).plus(start.futures).toFixed(8));
      const moved = new Decimal(TO_FUTURES.amount).times(outs).minus(new Decimal(TO_SPOT.amount).times(ins));
      expect(spotEnd.toFixed(8)).toBe(new Decimal(start.spot).minus(moved).toFixed(8));

      // Every plan clientOid of the burst names one order at most.
      const perPlan = db
        .prepare(
          `SELECT client_oid AS oid, COUNT(*) AS n FROM trade_orders
           WHERE user_id = ? AND (client_oid LIKE 'splan%' OR client_oid LIKE 'mplan%') GROUP BY client_oid`,
        )
        .all(userId) as { oid: string; n: number }[];
      expect(perPlan.filter((row) => row.n !== 1)).toEqual([]);

      // What the open orders hold is what the balances show: spot frozen USDT, futures locked margin.
      const holdOf = (market: string) =>
        (
          db
            .prepare(
              `SELECT frozen FROM trade_orders WHERE user_id = ? AND market = ? AND status IN ('live', 'partially_filled')`,
            )
            .pluck()
            .all(userId, market) as string[]
        ).reduce((total, frozen) => total + BigInt(frozen), 0n);
      const frozen = db
        .prepare("SELECT frozen FROM trade_balances WHERE user_id = ? AND coin = 'USDT'")
        .pluck()
        .get(userId) as string;
      expect(holdOf('spot')).toBe(BigInt(frozen));
      expect(formatMoney(holdOf('spot'))).toBe(end.spotFrozen);
      expect(formatMoney(holdOf('futures'))).toBe(end.locked);
      expect(holdOf('spot') > 0n && holdOf('futures') > 0n).toBe(true);
    });
  }, 180_000);
});
