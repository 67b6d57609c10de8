import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { V2_BULK_PATHS } from '../../../../gateway/v2-api/v2-bulk-routes';
import type { KeyCredentials, Reply } from '../api-keys/apikey-support';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { tempDir } from '../support';
import { createKey, killStarted, socketClient, startGateway, stopGateway } from '../v2-api/v2-socket-support';

/**
 * The money paths under kill -9: a real gateway process (gateway/main.ts on a socket, its own data directory) takes a
 * burst of signed v2 requests from one key — orders placed, single and bulk cancels, futures opened and closed at
 * market, positions closed — and is killed with SIGKILL while they are in flight. Started again on the same files, its
 * ledger must still balance entry by entry, every stored balance must equal its ledger lines, every order it
 * acknowledged must be there, and a client resending the acknowledged-or-lost orders with the same `clientOid` must
 * not get any of them twice.
 */

const BURST = 60;
/** The SIGKILL lands once this many of the burst's replies are in: mid-burst whatever the machine's speed. */
const KILL_AFTER_REPLIES = 20;

let removeDir: (() => void) | null = null;
afterEach(() => {
  killStarted();
  removeDir?.();
  removeDir = null;
});

/** A client library's signed requests over the socket, answering the JSON replies. */
function clientOf(url: string, key: KeyCredentials) {
  const client = socketClient(url, key);
  return {
    get: async (path: string) => (await client.get(path)).reply,
    post: async (path: string, body: unknown) => (await client.post(path, body)).reply,
  };
}

async function lastPrice(url: string, path: string): Promise<Decimal> {
  const reply = (await (await fetch(`${url}${path}`)).json()) as { data: { lastPr: string }[] };
  return new Decimal(reply.data[0]!.lastPr);
}

describe('a gateway killed with SIGKILL in a burst of trading', () => {
  it('loses no acknowledged order, doubles none on resend, and keeps every ledger entry and balance exact', async () => {
    const dir = tempDir('kill-burst-');
    removeDir = dir.remove;
    const first = await startGateway(dir.path);
    const key = await createKey(dir.path, ['read', 'spot_trade', 'futures_trade']);
    const api = clientOf(first.url, key);

    const btc = await lastPrice(first.url, '/api/v2/spot/market/tickers?symbol=BTCUSDT');
    // Bids well under the market rest, so they hold USDT until cancelled.
    const restingBid = btc.times('0.8').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    const spotOrder = (clientOid: string) => ({
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price: restingBid,
      size: '0.001',
      clientOid,
    });
    const mixOrder = (clientOid: string, side: 'buy' | 'sell') => ({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      marginCoin: 'USDT',
      side,
      orderType: 'market',
      size: '0.01',
      clientOid,
    });
    // Orders resting before the burst, for the burst's single cancels to race against its bulk cancels.
    const before: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await api.post('/api/v2/spot/trade/place-order', spotOrder(`pre${i}`));
      expect(reply.code, reply.msg).toBe('00000');
      before.push((reply.data as { orderId: string }).orderId);
    }

    // The burst: new spot orders, single and whole-pair cancels, futures in and out, bulk futures cancels and closes.
    const burst: { kind: string; clientOid?: string; request: () => Promise<Reply> }[] = [];
    for (let i = 0; i < BURST; i += 1) {
      const clientOid = `burst${i}`;
      switch (i % 6) {
        case 0:
        case 1:
          burst.push({
            kind: 'spot-place',
            clientOid,
            request: () => api.post('/api/v2/spot/trade/place-order', spotOrder(clientOid)),
          });
          break;
        case 2:
          burst.push({
            kind: 'mix-place',
            clientOid,
            request: () => api.post('/api/v2/mix/order/place-order', mixOrder(clientOid, i % 4 === 0 ? 'buy' : 'sell')),
          });
          break;
        case 3:
          burst.push({
            kind: 'spot-cancel',
            request: () =>
              api.post('/api/v2/spot/trade/cancel-order', { symbol: 'BTCUSDT', orderId: before[i % before.length] }),
          });
          break;
        case 4:
          burst.push({
            kind: 'spot-cancel-all',
            request: () => api.post(V2_BULK_PATHS.spotCancelSymbol, { symbol: 'BTCUSDT' }),
          });
          break;
        default:
          burst.push({
            kind: 'mix-close',
            request: () =>
              api.post(V2_BULK_PATHS.mixClosePositions, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' }),
          });
      }
    }
    const acknowledged = new Map<string, string>();
    let replies = 0;
    const outcomes = await Promise.allSettled(
      burst.map(async (step) => {
        const reply = await step.request();
        replies += 1;
        if (replies === KILL_AFTER_REPLIES) first.child.kill('SIGKILL');
        if (reply.code === '00000' && step.clientOid) {
          acknowledged.set(step.clientOid, (reply.data as { orderId: string }).orderId);
        }
        return reply;
      }),
    );
    await first.exited;
    // The kill came once KILL_AFTER_REPLIES replies were in; what was still in flight was cut off with the socket.
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(KILL_AFTER_REPLIES);

    // Started again on the same files: every acknowledged order is there, with the id it was acknowledged under.
    const second = await startGateway(dir.path);
    const again = clientOf(second.url, key);
    for (const [clientOid, orderId] of acknowledged) {
      const spot = burst.find((s) => s.clientOid === clientOid)?.kind === 'spot-place';
      const reply = spot
        ? await again.get(`/api/v2/spot/trade/orderInfo?clientOid=${clientOid}`)
        : await again.get(`/api/v2/mix/order/detail?symbol=BTCUSDT&productType=USDT-FUTURES&clientOid=${clientOid}`);
      expect(reply.code, `${clientOid}: ${reply.msg}`).toBe('00000');
      const found = (Array.isArray(reply.data) ? reply.data[0] : reply.data) as { orderId: string };
      expect(found.orderId).toBe(orderId);
    }
    // A client that lost its replies sends every order again with the same clientOid: each is taken at most once
    // more (those the kill lost), and one that was stored is refused as a duplicate, never placed twice.
    for (const step of burst.filter((s) => s.clientOid)) {
      const resent =
        step.kind === 'spot-place'
          ? await again.post('/api/v2/spot/trade/place-order', spotOrder(step.clientOid!))
          : await again.post('/api/v2/mix/order/place-order', mixOrder(step.clientOid!, 'buy'));
      if (acknowledged.has(step.clientOid!)) expect(resent.code, step.clientOid).not.toBe('00000');
    }
    await stopGateway(second);

    const db = new Database(`${dir.path}/gateway.db`, { readonly: true });
    try {
      const perClientOid = db
        .prepare(
          "SELECT client_oid AS oid, COUNT(*) AS n FROM trade_orders WHERE client_oid LIKE 'burst%' GROUP BY client_oid",
        )
        .all() as { oid: string; n: number }[];
      expect(perClientOid.filter((row) => row.n !== 1)).toEqual([]);
      expect(perClientOid.length).toBe(burst.filter((s) => s.clientOid).length);
      expect(unbalancedEntries(db)).toEqual([]);
      expect(balanceMismatches(db)).toEqual([]);
      const negative = db
        .prepare("SELECT coin FROM trade_balances WHERE available LIKE '-%' OR frozen LIKE '-%'")
        .all() as { coin: string }[];
      expect(negative).toEqual([]);
      // Each futures order's kept fills add up to what the order says it filled and paid, neither lost nor doubled.
      const totals = new Map<string, { size: bigint; fee: bigint }>();
      for (const fill of db.prepare('SELECT order_id, size, fee FROM futures_fills').all() as {
        order_id: string;
        size: string;
        fee: string;
      }[]) {
        const total = totals.get(fill.order_id) ?? { size: 0n, fee: 0n };
        totals.set(fill.order_id, { size: total.size + BigInt(fill.size), fee: total.fee + BigInt(fill.fee) });
      }
      const orders = db
        .prepare("SELECT order_id, base_volume, fee FROM trade_orders WHERE market = 'futures' AND base_volume <> '0'")
        .all() as { order_id: string; base_volume: string; fee: string }[];
      expect(orders.length).toBeGreaterThan(0);
      expect(totals.size).toBe(orders.length);
      const differing = orders.filter((o) => {
        const total = totals.get(o.order_id);
        return total?.size !== BigInt(o.base_volume) || total.fee !== BigInt(o.fee);
      });
      expect(differing).toEqual([]);
    } finally {
      db.close();
    }
  }, 120_000);
});
