import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_V2_RATE_LIMIT, V2_RATE_LIMITS, V2RateLimiter } from '../../../../gateway/v2-api/v2-rate-limits';
import type { KeyHarness } from '../api-keys/apikey-support';
import { makeKeyHarness } from '../api-keys/apikey-support';
import { ok, priceNear, v2Client } from './v2-trade-support';

const PLACE = '/api/v2/spot/trade/place-order';
const POSITIONS = '/api/v2/mix/position/all-position';

/** A limiter on a clock the test moves by hand, so no request races a second's edge. */
function heldClock() {
  const clock = { ms: 5_000 };
  return { clock, limiter: new V2RateLimiter(() => clock.ms) };
}

describe('the per-route request limits of API keys', () => {
  it('lets each account send a route its documented count in a second, and counts accounts and routes apart', () => {
    const { clock, limiter } = heldClock();
    expect(V2_RATE_LIMITS[PLACE]).toBe(10);
    expect(V2_RATE_LIMITS[POSITIONS]).toBe(5);
    const taken = Array.from({ length: 11 }, () => limiter.take('alice', PLACE));
    expect(taken).toEqual([...Array(10).fill(true), false]);
    expect(limiter.take('bob', PLACE)).toBe(true);
    expect(Array.from({ length: 6 }, () => limiter.take('alice', POSITIONS))).toEqual([...Array(5).fill(true), false]);
    const unlisted = Array.from({ length: DEFAULT_V2_RATE_LIMIT + 1 }, () => limiter.take('alice', '/api/v2/x'));
    expect(unlisted.filter(Boolean)).toHaveLength(DEFAULT_V2_RATE_LIMIT);
    clock.ms += 999;
    expect(limiter.take('alice', PLACE)).toBe(false);
    clock.ms += 1;
    expect(limiter.take('alice', PLACE)).toBe(true);
  });
});

describe('a burst past the limit through the gateway', () => {
  let h: KeyHarness | undefined;
  afterEach(() => h?.close());

  it('answers HTTP 429 with the exchange code 429 and places nothing for the refused request', async () => {
    const { clock, limiter } = heldClock();
    h = makeKeyHarness({ rateLimiter: limiter });
    const bot = await v2Client(h, await h.account('burst@example.com'), ['spot_trade']);
    const order = (n: number) => ({
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price: priceNear(h!, 'SPOT', 'BTCUSDT', 0.9),
      size: '0.001',
      clientOid: `burst-${n}`,
    });
    for (let n = 0; n < 10; n += 1) ok(await bot.post(PLACE, order(n)));
    const refused = await bot.post(PLACE, order(10));
    expect(refused.status).toBe(429);
    expect(refused.reply).toMatchObject({ code: '429', msg: 'Too Many Requests', data: null });
    expect(refused.reply.requestTime).toEqual(expect.any(Number));
    // Reads of another route are counted apart and still answer.
    const open = ok(await bot.get('/api/v2/spot/trade/unfilled-orders', { symbol: 'BTCUSDT' }));
    expect(open.map((o: { clientOid: string }) => o.clientOid).sort()).toEqual(
      Array.from({ length: 10 }, (_, n) => `burst-${n}`).sort(),
    );
    clock.ms += 1_000;
    ok(await bot.post(PLACE, order(11)));
  });
});
