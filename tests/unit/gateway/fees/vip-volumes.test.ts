import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_REFERRAL } from '../../../../gateway/auth/auth-fields';
import { createUserStore } from '../../../../gateway/auth/user-store';
import { volumeDayOf, vipVolumesOf } from '../../../../gateway/fees/vip-volumes';
import { MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { makeTradingHarness, type TradingHarness } from '../trading/trading-support';

const DAY = 86_400_000;
const usdt = (text: string) => unitsOf(text, MONEY_PLACES);

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
});
afterEach(() => h.close());

function record(userId: string, market: 'spot' | 'futures', volume: string, at: number, orderId = 'o-1') {
  vipVolumesOf(h.db).record({ userId, orderId, market, volume: usdt(volume), liquidity: 'taker', rate: '0.001', at });
}

describe('the 30-day window', () => {
  it('counts a fill 29 days old and drops one 31 days old', async () => {
    const ann = await h.trader('ann@example.com');
    const now = h.clock.now;
    record(ann.userId, 'spot', '100', now - 31 * DAY);
    record(ann.userId, 'spot', '20', now - 29 * DAY);
    record(ann.userId, 'futures', '3', now);
    expect(vipVolumesOf(h.db).volumes(ann.userId, now)).toEqual({ spot: usdt('20'), futures: usdt('3') });
  });

  it('lets a fill drop out at the first 00:00 UTC+8 after it is 30 days old', async () => {
    const ann = await h.trader('ann@example.com');
    const filledAt = Date.UTC(2025, 0, 1, 10, 0, 0); // 18:00 UTC+8
    record(ann.userId, 'spot', '700000', filledAt);
    const book = vipVolumesOf(h.db);
    const midnight = (volumeDayOf(filledAt) + 31) * DAY - 8 * 3_600_000;
    expect(book.volumes(ann.userId, filledAt + 30 * DAY).spot).toBe(usdt('700000'));
    expect(book.levelOf(ann.userId, midnight - 1)).toBe(1);
    expect(book.levelOf(ann.userId, midnight)).toBe(0);
  });
});

describe('families', () => {
  it('counts a sub-account’s fills toward its main account and keeps the demo account apart', async () => {
    const ann = await h.trader('ann@example.com');
    const now = h.clock.now;
    const users = createUserStore(h.db);
    const member = (email: string, isDemo: boolean) => {
      const made = users.insert({
        email,
        areaCode: null,
        mobile: null,
        passwordHash: 'unused',
        createdAt: now,
        referral: NO_REFERRAL,
        parentId: ann.userId,
        isDemo,
      });
      if (made === 'duplicate') throw new Error('duplicate');
      return made.id;
    };
    const sub = member('sub@example.com', false);
    const demo = member('demo@example.com', true);
    record(sub, 'spot', '400000', now);
    record(ann.userId, 'spot', '100000', now);
    record(demo, 'spot', '7', now);
    const book = vipVolumesOf(h.db);
    expect(book.volumes(ann.userId, now).spot).toBe(usdt('500000'));
    expect(book.levelOf(sub, now)).toBe(1);
    expect(book.volumes(demo, now).spot).toBe(usdt('7'));
  });
});

describe('a running figure', () => {
  it('keeps one row per family and day however many fills, and sums them exactly', async () => {
    const ann = await h.trader('ann@example.com');
    const now = h.clock.now;
    const book = vipVolumesOf(h.db);
    h.db.transaction(() => {
      for (let i = 0; i < 5000; i += 1)
        record(ann.userId, i % 2 ? 'spot' : 'futures', '123.45678901', now - (i % 40) * DAY, `o-${i}`);
    })();
    const rows = h.db.prepare('SELECT COUNT(*) AS n FROM fee_volume_days WHERE owner_id = ?').get(ann.userId) as {
      n: number;
    };
    expect(rows.n).toBe(40);
    // 5000 fills over 40 days, 125 a day; days 0…30 back are in the window (31 days).
    const perDay = usdt('123.45678901') * 125n;
    const volumes = book.volumes(ann.userId, now);
    expect(volumes.spot + volumes.futures).toBe(perDay * 31n);
    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) book.levelOf(ann.userId, now);
    // A level is a read of at most 31 rows: a thousand of them take milliseconds, not a walk over every fill.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
