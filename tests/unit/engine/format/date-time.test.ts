import { describe, expect, it } from 'vitest';
import { formatDateTime, NO_TIME } from '../../../../engine/format/date-time';

/** 2025-11-25 14:32:05 UTC. */
const MOMENT = Date.UTC(2025, 10, 25, 14, 32, 5);

describe('formatDateTime', () => {
  it.each([
    ['en-US', '11/25/2025, 02:32:05 PM'],
    ['en-GB', '25/11/2025, 14:32:05'],
    ['ja-JP', '2025/11/25 14:32:05'],
    ['de-DE', '25.11.2025, 14:32:05'],
    ['zh-Hans-CN', '2025/11/25 14:32:05'],
  ])('writes date and time to the second in the order and hour convention of %s', (intl, text) => {
    expect(formatDateTime(MOMENT, intl, 'UTC')).toBe(text);
  });

  it('takes the API’s decimal-string times as it takes numbers', () => {
    expect(formatDateTime(String(MOMENT), 'en-GB', 'UTC')).toBe(formatDateTime(MOMENT, 'en-GB', 'UTC'));
  });

  it('keeps Gregorian years and Latin digits where the locale would write others', () => {
    expect(formatDateTime(MOMENT, 'th-TH', 'UTC')).toContain('2025');
    expect(formatDateTime(MOMENT, 'ar-u-nu-latn', 'UTC')).toMatch(/25.*11.*2025/u);
    expect(formatDateTime(MOMENT, 'ar', 'UTC')).toMatch(/^[^\u0660-\u0669]*$/u);
  });

  it('writes a moment in the time zone asked for', () => {
    expect(formatDateTime(MOMENT, 'en-GB', 'Asia/Tokyo')).toBe('25/11/2025, 23:32:05');
  });

  it.each(['', 'abc', '0', '-5', '1.5', Number.NaN, 0, -1, 2 ** 60])(
    'shows -- for a time that is not one (%s)',
    (value) => {
      expect(formatDateTime(value, 'en-US')).toBe(NO_TIME);
    },
  );
});
