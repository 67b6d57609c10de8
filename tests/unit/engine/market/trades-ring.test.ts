import { describe, expect, it } from 'vitest';
import { type Trade, TradesRing } from '../../../../engine/market/trades-ring';

const trade = (n: number, side: Trade['side'] = 'buy'): Trade => ({
  id: `t${n}`,
  price: `100.${n}0`,
  size: '0.5000',
  side,
  ts: 1_700_000_000_000 + n,
});

function newestIds(ring: TradesRing): string[] {
  const ids: string[] = [];
  ring.forEachNewest((item) => {
    ids.push(item.id);
    return true;
  });
  return ids;
}

describe('TradesRing', () => {
  it('keeps the newest trades up to its capacity, newest first', () => {
    const ring = new TradesRing(3);
    expect(ring.length).toBe(0);
    expect(newestIds(ring)).toEqual([]);
    for (let n = 1; n <= 2; n += 1) ring.push(trade(n));
    expect(newestIds(ring)).toEqual(['t2', 't1']);
    for (let n = 3; n <= 7; n += 1) ring.push(trade(n));
    expect(ring.length).toBe(3);
    expect(newestIds(ring)).toEqual(['t7', 't6', 't5']);
    expect([...ring].map((item) => item.id)).toEqual(['t7', 't6', 't5']);
  });

  it('reads by position from the newest without copying the trades', () => {
    const ring = new TradesRing(4);
    const first = trade(1, 'sell');
    ring.push(first);
    ring.push(trade(2));
    expect(ring.at(0)?.id).toBe('t2');
    expect(ring.at(1)).toBe(first);
    expect(ring.at(2)).toBeUndefined();
    expect(ring.at(-1)).toBeUndefined();
    expect(ring.at(0.5)).toBeUndefined();
    expect(ring.at(1)).toEqual({ id: 't1', price: '100.10', size: '0.5000', side: 'sell', ts: 1_700_000_000_001 });
  });

  it('ignores a trade id it already holds and takes it again once evicted', () => {
    const ring = new TradesRing(2);
    expect(ring.push(trade(1))).toBe(true);
    expect(ring.push({ ...trade(1), size: '9' })).toBe(false);
    expect(ring.length).toBe(1);
    expect(ring.at(0)?.size).toBe('0.5000');
    ring.push(trade(2));
    ring.push(trade(3));
    expect(ring.has('t1')).toBe(false);
    expect(ring.push(trade(1))).toBe(true);
    expect(newestIds(ring)).toEqual(['t1', 't3']);
    expect(ring.push(trade(3))).toBe(false);
  });

  it('stops visiting when the visitor returns false', () => {
    const ring = new TradesRing(5);
    for (let n = 1; n <= 5; n += 1) ring.push(trade(n));
    const seen: number[] = [];
    ring.forEachNewest((_item, index) => {
      seen.push(index);
      return index < 1;
    });
    expect(seen).toEqual([0, 1]);
  });

  it('matches a plain array of the last N distinct trades over a long random run', () => {
    const ring = new TradesRing(7);
    const kept: Trade[] = [];
    let seed = 7;
    for (let step = 0; step < 2_000; step += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      const item = trade(seed % 40);
      const isHeld = kept.some((other) => other.id === item.id);
      expect(ring.push(item)).toBe(!isHeld);
      if (!isHeld) kept.unshift(item);
      kept.length = Math.min(kept.length, 7);
      expect(newestIds(ring)).toEqual(kept.map((other) => other.id));
    }
  });

  it('empties on clear', () => {
    const ring = new TradesRing(2);
    ring.push(trade(1));
    ring.clear();
    expect(ring.length).toBe(0);
    expect(ring.has('t1')).toBe(false);
    expect(ring.push(trade(1))).toBe(true);
  });

  it('refuses a capacity that is not a whole number above zero', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => new TradesRing(capacity)).toThrow(RangeError);
  });
});
