import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FuturesPositionMetricsInput, futuresPositionMetrics } from '../../../../engine/maths';
import { measurePosition } from '../../../../engine/maths/position-metrics';
import knownAnswers from '../../../fixtures/maths-known-answers.json';
import {
  decimalText,
  Exact,
  expectFixed,
  expectMathsError,
  HOSTILE_DECIMALS,
  negated,
  positiveDecimalText,
  scaled,
} from './support';

const vectors = knownAnswers.futuresPositionMetrics as unknown as Array<{
  name: string;
  input: FuturesPositionMetricsInput;
  expected: { upnl: string; roePercent: string };
}>;

function live(side: 1 | 2, size: string, entry: string, margin: string, businessLine: 10 | 11 | 12 = 10) {
  return {
    position: side,
    positionsCount: size,
    positionsOpenAvgPrice: entry,
    positionsOpenMarginCount: margin,
    businessLine,
  };
}

describe('futuresPositionMetrics', () => {
  it('gives the contract example: long 0.5 @ 60000, margin 3000, mark 61000 → 500.00 and 16.67', () => {
    expect(futuresPositionMetrics({ position: live(1, '0.5', '60000', '3000'), markPrice: '61000' })).toEqual({
      upnl: '500.00',
      roePercent: '16.67',
    });
  });

  it('rounds the contract negative tie away from zero: mark 99.75 on 0.5 @ 100 → -0.13', () => {
    // 0.5 · (99.75 − 100) = −0.125 exactly; Math.round would give −0.12. ROE −0.125/100·100 = −0.125 → −0.13.
    expect(futuresPositionMetrics({ position: live(1, '0.5', '100', '100'), markPrice: '99.75' })).toEqual({
      upnl: '-0.13',
      roePercent: '-0.13',
    });
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))('matches the known answer: %s', (_name, vector) => {
    expect(futuresPositionMetrics(vector.input)).toEqual(vector.expected);
  });

  it('reads a record with the same result as the equivalent live position', () => {
    // 4 opened, 1.5 closed → 2.5 open with 100 · 2.5/4 = 62.5 margin, the same as a live 2.5 position on 62.5.
    const record = {
      position: 2,
      openDealCount: '4',
      closeDealCount: '1.5',
      openAvgPrice: '250',
      openMarginCount: '100',
    };
    expect(futuresPositionMetrics({ position: record, markPrice: '263.37' })).toEqual(
      futuresPositionMetrics({ position: live(2, '2.5', '250', '62.5'), markPrice: '263.37' }),
    );
  });

  it('prefers the live fields when a record carries both shapes', () => {
    const both = { ...live(1, '1', '100', '10'), openDealCount: '5', openAvgPrice: '1', openMarginCount: '1' };
    expect(futuresPositionMetrics({ position: both, markPrice: '110' })).toEqual({
      upnl: '10.00',
      roePercent: '100.00',
    });
  });

  it('ignores level, count and realised profit', () => {
    const base = { position: 1, openDealCount: '2', openAvgPrice: '100', openMarginCount: '20' };
    const decorated = { ...base, openLevel: '125', count: '9', achievedProfits: '-1000' };
    expect(futuresPositionMetrics({ position: decorated, markPrice: '101' })).toEqual(
      futuresPositionMetrics({ position: base, markPrice: '101' }),
    );
  });
});

describe('futuresPositionMetrics properties', () => {
  const line = fc.constantFrom<10 | 11 | 12>(10, 11, 12);

  it('gives a short exactly the opposite profit and ROE of the same long', () => {
    fc.assert(
      fc.property(
        decimalText(1000, 4),
        decimalText(100000, 4),
        positiveDecimalText(100000, 4),
        decimalText(10000, 4),
        line,
        fc.integer({ min: 0, max: 8 }),
        (size, entry, mark, margin, businessLine, profitDp) => {
          const long = live(1, size, entry, margin, businessLine);
          const short = live(2, size, entry, margin, businessLine);
          const exactLong = measurePosition(long, mark);
          const exactShort = measurePosition(short, mark);
          expect(exactLong.upnl.eq(exactShort.upnl.neg())).toBe(true);
          expect(exactLong.roePercent.eq(exactShort.roePercent.neg())).toBe(true);
          const roundedLong = futuresPositionMetrics({ position: long, markPrice: mark, profitDp });
          const roundedShort = futuresPositionMetrics({ position: short, markPrice: mark, profitDp });
          expect(roundedShort.upnl).toBe(negated(roundedLong.upnl));
          expect(roundedShort.roePercent).toBe(negated(roundedLong.roePercent));
        },
      ),
    );
  });

  it('rounds every tie away from zero, for losses and gains alike', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 100000 }),
        fc.boolean(),
        (units, profitDp, entry, isLoss) => {
          // A profit of (10·units + 5) at one more decimal than profitDp is an exact tie; half-up gives units + 1.
          const tie = scaled(units * 10n + 5n, profitDp + 1);
          // The mark rises by the tie: a long gains it, a short loses it.
          const position = live(isLoss ? 2 : 1, '1', String(entry), '1');
          const markPrice = new Exact(entry).plus(tie).toFixed();
          const { upnl } = futuresPositionMetrics({ position, markPrice, profitDp });
          expect(upnl).toBe(scaled(units + 1n, profitDp, isLoss));
        },
      ),
    );
  });

  it('always prints fixed-point strings with the asked decimals and never a negative zero', () => {
    const shape = fc.oneof(
      fc.record({
        position: fc.constantFrom(1, 2),
        positionsCount: decimalText(1000, 6),
        positionsOpenAvgPrice: decimalText(100000, 6),
        positionsOpenMarginCount: decimalText(10000, 6),
        businessLine: line,
      }),
      fc
        .tuple(
          fc.constantFrom(1, 2),
          decimalText(1000, 6),
          fc.integer({ min: 0, max: 100 }),
          decimalText(100000, 6),
          decimalText(10000, 6),
          line,
        )
        .map(([side, opened, closedPercent, entry, margin, businessLine]) => ({
          position: side,
          openDealCount: opened,
          closeDealCount: new Exact(opened).times(closedPercent).div(100).toFixed(),
          openAvgPrice: entry,
          openMarginCount: margin,
          businessLine,
        })),
    );
    fc.assert(
      fc.property(
        shape,
        positiveDecimalText(100000, 8),
        fc.integer({ min: 0, max: 18 }),
        (position, markPrice, profitDp) => {
          const result = futuresPositionMetrics({ position, markPrice, profitDp });
          expectFixed(result.upnl, profitDp);
          expectFixed(result.roePercent, 2);
        },
      ),
    );
  });
});

describe('futuresPositionMetrics input checks', () => {
  const position = live(1, '1', '100', '10');

  it.each(HOSTILE_DECIMALS)('rejects %s as the mark price', (_label, markPrice, code) => {
    expectMathsError(() => futuresPositionMetrics({ position, markPrice: markPrice as string }), 'markPrice', code);
  });

  it.each(HOSTILE_DECIMALS.filter(([, , code]) => code !== 'maths.missing'))(
    'rejects %s as a position field',
    (_label, value, code) => {
      expectMathsError(
        () =>
          futuresPositionMetrics({ position: { ...position, positionsOpenAvgPrice: value as string }, markPrice: '1' }),
        'position.positionsOpenAvgPrice',
        code,
      );
    },
  );

  it('rejects a zero or negative mark price, which inverse contracts divide by', () => {
    expectMathsError(() => futuresPositionMetrics({ position, markPrice: '0' }), 'markPrice', 'maths.out-of-range');
    expectMathsError(() => futuresPositionMetrics({ position, markPrice: -1 }), 'markPrice', 'maths.negative');
  });

  it('rejects a negative size, entry or margin', () => {
    expectMathsError(
      () => futuresPositionMetrics({ position: { ...position, positionsCount: '-1' }, markPrice: '1' }),
      'position.positionsCount',
      'maths.negative',
    );
    expectMathsError(
      () => futuresPositionMetrics({ position: { ...position, positionsOpenAvgPrice: '-0.5' }, markPrice: '1' }),
      'position.positionsOpenAvgPrice',
      'maths.negative',
    );
    expectMathsError(
      () => futuresPositionMetrics({ position: { ...position, positionsOpenMarginCount: -3 }, markPrice: '1' }),
      'position.positionsOpenMarginCount',
      'maths.negative',
    );
    const record = { position: 1, openDealCount: '-2', openAvgPrice: '1', openMarginCount: '1' };
    expectMathsError(
      () => futuresPositionMetrics({ position: record, markPrice: '1' }),
      'position.openDealCount',
      'maths.negative',
    );
  });

  it('rejects a record that closed more than it opened', () => {
    const record = {
      position: 2,
      openDealCount: '1',
      closeDealCount: '1.0001',
      openAvgPrice: '100',
      openMarginCount: '10',
    };
    expectMathsError(
      () => futuresPositionMetrics({ position: record, markPrice: '1' }),
      'position.closeDealCount',
      'maths.negative',
    );
  });

  it('rejects a missing live field instead of reading it as zero', () => {
    const { positionsOpenMarginCount: _dropped, ...rest } = position;
    expectMathsError(
      () => futuresPositionMetrics({ position: rest as typeof position, markPrice: '1' }),
      'position.positionsOpenMarginCount',
      'maths.missing',
    );
  });

  it.each([0, 3, 'long', '1.5', '', 1.5])('rejects the side %j', (side) => {
    expectMathsError(
      () => futuresPositionMetrics({ position: { ...position, position: side }, markPrice: '1' }),
      'position.position',
      'maths.bad-enum',
    );
  });

  it('rejects a missing side', () => {
    expectMathsError(
      () => futuresPositionMetrics({ position: { ...position, position: null as never }, markPrice: '1' }),
      'position.position',
      'maths.missing',
    );
  });

  it.each([1, 23, 'usdt'])('rejects the business line %j', (businessLine) => {
    expectMathsError(
      () => futuresPositionMetrics({ position: { ...position, businessLine: businessLine as 10 }, markPrice: '1' }),
      'position.businessLine',
      'maths.bad-enum',
    );
  });

  it('rejects a position in neither shape', () => {
    expectMathsError(
      () => futuresPositionMetrics({ position: { position: 1 } as never, markPrice: '1' }),
      'position',
      'maths.bad-shape',
    );
    expectMathsError(
      () => futuresPositionMetrics({ position: null as never, markPrice: '1' }),
      'position',
      'maths.bad-shape',
    );
    expectMathsError(
      () => futuresPositionMetrics({ position: [] as never, markPrice: '1' }),
      'position',
      'maths.bad-shape',
    );
  });

  it.each([19, -1, 2.5, '3.5', 'two'])('rejects profitDp %j', (profitDp) => {
    expectMathsError(
      () => futuresPositionMetrics({ position, markPrice: '1', profitDp }),
      'profitDp',
      profitDp === 'two' ? 'maths.not-a-number' : 'maths.out-of-range',
    );
  });

  it('accepts scientific literals up to an exponent of 60', () => {
    const example = live(1, '5e-1', '6E4', '3000');
    expect(futuresPositionMetrics({ position: example, markPrice: '6.1e+4' })).toEqual({
      upnl: '500.00',
      roePercent: '16.67',
    });
    expect(() => futuresPositionMetrics({ position, markPrice: '1e60' })).not.toThrow();
    expect(() =>
      futuresPositionMetrics({ position: { ...position, positionsCount: '1e-60' }, markPrice: '1' }),
    ).not.toThrow();
    expectMathsError(() => futuresPositionMetrics({ position, markPrice: '1e61' }), 'markPrice', 'maths.out-of-range');
    expectMathsError(() => futuresPositionMetrics({ position, markPrice: '1e-61' }), 'markPrice', 'maths.out-of-range');
  });

  it('accepts signed zero and surrounding blanks as ordinary values', () => {
    expect(
      futuresPositionMetrics({ position: { ...position, positionsOpenMarginCount: '-0' }, markPrice: ' 100 ' }),
    ).toEqual({
      upnl: '0.00',
      roePercent: '0.00',
    });
  });
});
