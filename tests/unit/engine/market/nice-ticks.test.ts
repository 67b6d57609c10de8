import { describe, expect, it } from 'vitest';
import { niceTicks } from '../../../../engine/market/nice-ticks';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 × 10^k and keeps both round ends', () => {
    expect(niceTicks(0, 10, 5).map((t) => t.value)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(niceTicks(0, 100, 4).map((t) => t.value)).toEqual(['0', '50', '100']);
    expect(niceTicks(68_012.3, 68_087.9, 5).map((t) => t.value)).toEqual(['68020', '68040', '68060', '68080']);
  });

  it('writes decimal ticks exactly, never with a binary tail', () => {
    const ticks = niceTicks(0.1, 0.7, 6);
    expect(ticks.map((t) => t.value)).toEqual(['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']);
    expect(ticks[2].at).toBe(0.3);
    expect(niceTicks(0.000_012_3, 0.000_012_9, 3).map((t) => t.value)).toEqual(['0.0000124', '0.0000126', '0.0000128']);
  });

  it('gives nothing for an empty, reversed or non-finite range', () => {
    expect(niceTicks(5, 5, 4)).toEqual([]);
    expect(niceTicks(6, 5, 4)).toEqual([]);
    expect(niceTicks(0, Number.POSITIVE_INFINITY, 4)).toEqual([]);
    expect(niceTicks(Number.NaN, 1, 4)).toEqual([]);
    expect(niceTicks(0, 1, 0)).toEqual([]);
  });
});
