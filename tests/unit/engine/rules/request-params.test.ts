import { describe, expect, it } from 'vitest';
import { formatRequestDate, normalizeParams } from '../../../../engine/rules/request-params';

describe('formatRequestDate', () => {
  it('formats as YYYY-MM-DD HH:mm in local time with zero padding', () => {
    expect(formatRequestDate(new Date(2026, 0, 5, 7, 3, 59))).toBe('2026-01-05 07:03');
    expect(formatRequestDate(new Date(1999, 11, 31, 23, 59))).toBe('1999-12-31 23:59');
  });
});

describe('normalizeParams', () => {
  it('trims strings and formats dates, deeply', () => {
    const input = {
      name: '  bob ',
      when: new Date(2026, 10, 22, 9, 5),
      nested: { list: [' a ', 1, new Date(2026, 0, 1, 0, 0)] },
      n: 3,
      b: false,
      z: null,
    };
    expect(normalizeParams(input)).toEqual({
      name: 'bob',
      when: '2026-11-22 09:05',
      nested: { list: ['a', 1, '2026-01-01 00:00'] },
      n: 3,
      b: false,
      z: null,
    });
  });

  it('leaves the caller object untouched', () => {
    const input = { name: ' x ' };
    normalizeParams(input);
    expect(input.name).toBe(' x ');
  });

  it('refuses an invalid date instead of sending garbage', () => {
    expect(() => normalizeParams({ at: new Date('nope') })).toThrow(/Invalid date/);
  });
});
