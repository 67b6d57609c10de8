import { describe, expect, it } from 'vitest';
import { buildDepth, DEPTH_LEVELS, resyncingDepth } from '../../../../engine/market/book-depth';
import type { BookLevel } from '../../../../engine/market/book-checksum';
import { createFeedFormat } from '../../../../engine/market/feed-format';

/** A pair with 1 price and 4 size decimals, written in English. */
const EN = createFeedFormat('en', 1, 4);
const OPTIONS = { pricePlaces: 1, valuePlaces: 2 };

const BIDS: BookLevel[] = [
  ['100.5', '1.0000'],
  ['100.4', '2.0000'],
  ['100.2', '0.5000'],
];
const ASKS: BookLevel[] = [
  ['100.6', '1.5000'],
  ['100.8', '2.5000'],
  ['101.0', '1.0000'],
];

describe('buildDepth', () => {
  it('sums each side from its best price outwards, exactly, with the value of every step', () => {
    const depth = buildDepth(BIDS, ASKS, EN, OPTIONS);
    expect(depth.status).toBe('live');
    expect(depth.bids).toEqual([
      [100.5, 1, '100.5', '1.0000', '100.50'],
      [100.4, 3, '100.4', '3.0000', '301.30'],
      [100.2, 3.5, '100.2', '3.5000', '351.40'],
    ]);
    // The asks reach 101.0, further than the bids reach below the mid: the range stops just past the bids' reach.
    expect(depth.asks).toEqual([
      [100.6, 1.5, '100.6', '1.5000', '150.90'],
      [100.8, 4, '100.8', '4.0000', '402.90'],
    ]);
    expect(depth.maxAmount).toBe(4);
  });

  it('centres the range on the exact mid price, shown with one more decimal when it needs one', () => {
    const depth = buildDepth(BIDS, ASKS, EN, OPTIONS);
    expect(depth.midText).toBe('100.55');
    expect(depth.mid).toBe(100.55);
    // ± the bids' reach (0.35) and 5 % more, so the last bid's step shows.
    expect(depth.low).toBeCloseTo(100.1825, 9);
    expect(depth.high).toBeCloseTo(100.9175, 9);
    const even = buildDepth([['100.4', '1']], [['100.6', '1']], EN, OPTIONS);
    expect(even.midText).toBe('100.5');
  });

  it('labels the axes with round figures in the page language', () => {
    const depth = buildDepth(BIDS, ASKS, EN, OPTIONS);
    expect(depth.priceTicks.map((t) => t.text)).toEqual([
      '100.2',
      '100.3',
      '100.4',
      '100.5',
      '100.6',
      '100.7',
      '100.8',
      '100.9',
    ]);
    expect(depth.amountTicks.map((t) => t.text)).toEqual(['1', '2', '3', '4']);
    const de = buildDepth([['68000.5', '1200']], [['68001.5', '800']], createFeedFormat('de', 1, 4), OPTIONS);
    expect(de.midText).toBe('68.001,0');
    expect(de.bids[0].slice(2)).toEqual(['68.000,5', '1.200,0000', '81.600.600,00']);
  });

  it('adds sizes that binary floats cannot add exactly', () => {
    const depth = buildDepth(
      [
        ['0.3', '0.1'],
        ['0.2', '0.2'],
      ],
      [
        ['0.4', '0.3'],
        ['0.5', '1'],
      ],
      createFeedFormat('en', 1, 1),
      { pricePlaces: 1, valuePlaces: 2 },
    );
    expect(depth.bids[1].slice(3)).toEqual(['0.3', '0.07']);
  });

  it('keeps at least the spread on either side of the mid', () => {
    const depth = buildDepth([['100.0', '1']], [['102.0', '1']], EN, OPTIONS);
    expect(depth.low).toBe(99);
    expect(depth.high).toBe(103);
    expect(depth.bids).toHaveLength(1);
    expect(depth.asks).toHaveLength(1);
  });

  it('reads at most the levels it is told to', () => {
    const many = Array.from({ length: 300 }, (_, i): BookLevel => [String(1000 - i), '1']);
    const asks = Array.from({ length: 300 }, (_, i): BookLevel => [String(1001 + i), '1']);
    expect(buildDepth(many, asks, EN, OPTIONS).bids).toHaveLength(DEPTH_LEVELS);
    expect(buildDepth(many, asks, EN, { ...OPTIONS, maxLevels: 10 }).asks).toHaveLength(10);
  });

  it('draws one side around its best price when the other is empty, and nothing for an empty book', () => {
    const bidsOnly = buildDepth(BIDS, [], EN, OPTIONS);
    expect(bidsOnly.midText).toBe('');
    expect(bidsOnly.mid).toBe(100.5);
    expect(bidsOnly.bids).toHaveLength(3);
    expect(bidsOnly.asks).toEqual([]);
    const empty = buildDepth([], [], EN, OPTIONS);
    expect(empty).toMatchObject({ status: 'live', bids: [], asks: [], priceTicks: [], amountTicks: [] });
  });

  it('stops a side at a level that is not a plain decimal', () => {
    const depth = buildDepth([['100.5', '1'], ['1e2', '1'] as BookLevel], ASKS, EN, OPTIONS);
    expect(depth.bids).toHaveLength(1);
  });
});

describe('resyncingDepth', () => {
  it('has nothing to draw', () => {
    expect(resyncingDepth()).toMatchObject({ status: 'resyncing', bids: [], asks: [], midText: '' });
  });
});
