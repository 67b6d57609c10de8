import { expect } from 'vitest';
import type { InstType } from '../../../../gateway/market/instruments';
import { formatUnits, unitsOf } from '../../../../gateway/money/money-units';
import { type Account, type KeyCredentials, type KeyHarness, type Reply, sendSigned } from '../api-keys/apikey-support';

let lastTimestamp = 0;

/** A fresh millisecond for each request, so two identical requests are never one signature (a replay). */
function nextTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

/** A client library's view of one key: signed GETs with a query and POSTs with a JSON body. */
export interface V2Client {
  key: KeyCredentials;
  get(path: string, query?: Record<string, string>): Promise<{ status: number; reply: Reply }>;
  post(path: string, body: unknown): Promise<{ status: number; reply: Reply }>;
}

/** A v2 client of `account` with a key of the given permissions (read is always there). */
export async function v2Client(h: KeyHarness, account: Account, permissions: string[]): Promise<V2Client> {
  const key = await account.credentials({ permissions });
  return {
    key,
    get: (path, query = {}) => {
      const search = new URLSearchParams(query).toString();
      return sendSigned(h.app, key, { path: search ? `${path}?${search}` : path, timestamp: nextTimestamp() });
    },
    post: (path, body) =>
      sendSigned(h.app, key, { method: 'POST', path, body: JSON.stringify(body), timestamp: nextTimestamp() }),
  };
}

/** Expects a success reply and returns its data. */
export function ok(result: { status: number; reply: Reply }) {
  expect(result.reply.code, result.reply.msg).toBe('00000');
  expect(result.status).toBe(200);
  return result.reply.data;
}

/** Expects a v2 refusal: HTTP 400, the exchange's code, `data: null`. */
export function refused(result: { status: number; reply: Reply }, code: string): string {
  expect(result.reply.code, result.reply.msg).toBe(code);
  expect(result.status).toBe(400);
  expect(result.reply.data).toBeNull();
  return result.reply.msg;
}

/** The last price of an instrument scaled by `factor` (e.g. 0.9), on its tick, as a decimal text. */
export function priceNear(h: KeyHarness, instType: InstType, symbol: string, factor: number): string {
  const spec = h.trading.ctx.spec(instType, symbol);
  const last = unitsOf(h.trading.ctx.simulator.getTicker(instType, symbol)!.lastPr, spec.pricePlace);
  const scaled = (last * BigInt(Math.round(factor * 1000))) / 1000n;
  const step = BigInt(spec.priceEndStep);
  return formatUnits(scaled - (scaled % step), spec.pricePlace);
}
