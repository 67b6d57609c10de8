import { describe, expect, it } from 'vitest';
import { tpslPreview } from '../../../../engine/maths/tpsl-preview';
import { expectMathsError, HOSTILE_DECIMALS } from './support';

/** A long (1) or short (2) live position. */
function position(side: 1 | 2, size: string, entry: string, margin: string) {
  return { side, positionsCount: size, positionsOpenAvgPrice: entry, positionsOpenMarginCount: margin };
}

describe('tpslPreview', () => {
  it('previews a long take-profit of the whole position: 0.5 @ 60000, margin 3000, at 61000 → 500.00, 16.67', () => {
    // 0.5 · (61000 − 60000) = 500; 500 / 3000 · 100 = 16.666… → 16.67.
    expect(tpslPreview({ ...position(1, '0.5', '60000', '3000'), triggerPrice: '61000' })).toEqual({
      pnl: '500.00',
      roePercent: '16.67',
    });
  });

  it('previews a part of the position on its share of the margin: 0.2 of the same long → 200.00, 16.67', () => {
    // 0.2 · 1000 = 200 on 3000 · 0.2 / 0.5 = 1200 of margin: 16.666… → 16.67, the whole position's ROE.
    expect(tpslPreview({ ...position(1, '0.5', '60000', '3000'), triggerPrice: '61000', size: '0.2' })).toEqual({
      pnl: '200.00',
      roePercent: '16.67',
    });
  });

  it('previews a short take-profit below the entry: 0.1 of 0.3 @ 2000, margin 60, at 1900 → 10.00, 50.00', () => {
    // −1 · 0.1 · (1900 − 2000) = 10 on 60 · 0.1 / 0.3 = 20 of margin: 50 %.
    expect(tpslPreview({ ...position(2, '0.3', '2000', '60'), triggerPrice: '1900', size: '0.1' })).toEqual({
      pnl: '10.00',
      roePercent: '50.00',
    });
  });

  it('gives a stop-loss a negative PnL, long and short', () => {
    // Long: 0.25 · (59000 − 60000) = −250 on 1500 of margin: −16.666… → −16.67.
    expect(tpslPreview({ ...position(1, '0.5', '60000', '3000'), triggerPrice: '59000', size: '0.25' })).toEqual({
      pnl: '-250.00',
      roePercent: '-16.67',
    });
    // Short: −1 · 0.3 · (2050 − 2000) = −15 on 60: −25 %.
    expect(tpslPreview({ ...position(2, '0.3', '2000', '60'), triggerPrice: '2050' })).toEqual({
      pnl: '-15.00',
      roePercent: '-25.00',
    });
  });

  it('rounds ties away from zero, negative and positive', () => {
    // 0.5 · (99.75 − 100) = −0.125 exactly; Math.round would give −0.12. ROE −0.125 / 100 · 100 = −0.125 → −0.13.
    expect(tpslPreview({ ...position(1, '0.5', '100', '100'), triggerPrice: '99.75' })).toEqual({
      pnl: '-0.13',
      roePercent: '-0.13',
    });
    // Half of 1 @ 100 at 100.25: 0.125 on 200 · 0.5 = 100 of margin → 0.13 and 0.13.
    expect(tpslPreview({ ...position(1, '1', '100', '200'), triggerPrice: '100.25', size: '0.5' })).toEqual({
      pnl: '0.13',
      roePercent: '0.13',
    });
  });

  it('keeps the profit places asked for and gives ROE 0 on no margin', () => {
    expect(tpslPreview({ ...position(1, '0.5', '100', '0'), triggerPrice: '99.75', size: '0.5', profitDp: 4 })).toEqual(
      { pnl: '-0.1250', roePercent: '0.00' },
    );
  });

  it('refuses a size above the position, a zero size and a zero price', () => {
    const long = position(1, '0.5', '60000', '3000');
    expectMathsError(
      () => tpslPreview({ ...long, triggerPrice: '61000', size: '0.5001' }),
      'size',
      'maths.out-of-range',
    );
    expectMathsError(() => tpslPreview({ ...long, triggerPrice: '61000', size: '0' }), 'size', 'maths.out-of-range');
    expectMathsError(() => tpslPreview({ ...long, triggerPrice: '61000', size: '-0.1' }), 'size', 'maths.negative');
    expectMathsError(() => tpslPreview({ ...long, triggerPrice: '0' }), 'triggerPrice', 'maths.out-of-range');
  });

  it.each(HOSTILE_DECIMALS.filter(([, value]) => value !== undefined && value !== null))(
    'refuses %s as a trigger price or a size',
    (_label, value, code) => {
      const long = position(1, '0.5', '60000', '3000');
      expectMathsError(() => tpslPreview({ ...long, triggerPrice: value as string }), 'triggerPrice', code);
      expectMathsError(() => tpslPreview({ ...long, triggerPrice: '61000', size: value as string }), 'size', code);
    },
  );
});
