import { type ChildProcess, execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { V2_BULK_PATHS } from '../../../../gateway/v2-api/v2-bulk-routes';
import { type KeyCredentials, signedHeaders } from '../api-keys/apikey-support';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { firstLineOf, spawnMain, tempDir } from '../support';

/**
 * The money paths under kill -9: a real gateway process (gateway/main.ts on a socket, its own data directory) takes a
 * burst of signed v2 requests from one key — orders placed, single and bulk cancels, futures opened and closed at
 * market, positions closed — and is killed with SIGKILL while they are in flight. Started again on the same files, its
 * ledger must still balance entry by entry, every stored balance must equal its ledger lines, every order it
 * acknowledged must be there, and a client resending the acknowledged-or-lost orders with the same `clientOid` must
 * not get any of them twice.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BURST = 60;
/** The SIGKILL lands once this many of the burst's replies are in: mid-burst whatever the machine's speed. */
const KILL_AFTER_REPLIES = 20;

interface Reply {
  code: string;
  msg: string;
  data: unknown;
}

let children: ChildProcess[] = [];
let removeDir: (() => void) | null = null;
afterEach(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children = [];
  removeDir?.();
  removeDir = null;
});

async function startGateway(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  // The burst measures what a kill loses or doubles, so the API's per-route limits (429) are lifted here.
  const child = spawnMain({ DATA_DIR: dataDir, API_RATE_LIMITS: '0' });
  children.push(child);
  const line = await firstLineOf(child);
  return { child, url: line.replace('Exchange client running at ', '').replace(/\/$/, '') };
}

async function createKey(dataDir: string): Promise<KeyCredentials> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'gateway/api-key-cli.ts', '--email', 'demo@example.com', '--data-dir', dataDir],
    { cwd: ROOT },
  );
  return JSON.parse(stdout) as KeyCredentials;
}

/** A client library's signed requests over the socket; every request a fresh millisecond (no replay refusals). */
function clientOf(url: string, key: KeyCredentials) {
  let last = 0;
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> => {
    last = Math.max(Date.now(), last + 1);
    const text = body === undefined ? undefined : JSON.stringify(body);
    const response = await fetch(`${url}${path}`, {
      method,
      headers: signedHeaders(key, { method, path, body: text, timestamp: last }),
      body: text,
    });
    return (await response.json()) as Reply;
  };
  return { get: (path: string) => send('GET', path), post: (path: string, body: unknown) => send('POST', path, body) };
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
    const key = await createKey(dir.path);
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
    const exited = new Promise<void>((resolve) => first.child.on('exit', () => resolve()));
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
    await exited;
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
    const closing = new Promise<void>((resolve) => second.child.on('exit', () => resolve()));
    second.child.kill('SIGTERM');
    await closing;

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
    } finally {
      db.close();
    }
  }, 120_000);
});
