import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../../engine/format/csv';

describe('records CSV', () => {
  it('quotes commas, quotes and line breaks, and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['Time', 'Note'],
        ['2026-11-26 14:32', 'a, "b"\nc'],
      ]),
    ).toBe('Time,Note\r\n2026-11-26 14:32,"a, ""b""\nc"\r\n');
  });

  it('keeps signed amounts as numbers but defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv([['-12.5', '=HYPERLINK("http://evil")', '+1+1', '@SUM(A1)', '-2+3', '\t=1']])).toBe(
      `-12.5,"'=HYPERLINK(""http://evil"")",'+1+1,'@SUM(A1),'-2+3,'\t=1\r\n`,
    );
  });
});
