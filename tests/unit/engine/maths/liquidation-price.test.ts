import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LiquidationInput, type LiquidationResult, liquidationPrice } from '../../../../engine/maths';
import { solveLiquidationPrice } from '../../../../engine/maths/liquidation-price';
import knownAnswers from '../../../fixtures/maths-known-answers.json';
import { Exact, expectFixed, expectMathsError, HOSTILE_DECIMALS, positiveDecimalText } from './support';

const vectors = knownAnswers.liquidationPrice as unknown as Array<{
  name: string;
  input: LiquidationInput;
  expected: LiquidationResult;
}>;

/** The contract example: USDT-M isolated long 0.5 @ 60000, margin 3000, mm 0.004, fee 0.0006, one decimal. */
const EXAMPLE: LiquidationInput = {
  businessLine: 10,
  marginMode: 1,
  positionMode: 1,
  side: 1,
  pricePlace: 1,
  bp: '1',
  available: '3000',
  othersUpnl: '0',
  othersMaintain: '0',
  longOpenPrice: '60000',
  longOpenCount: '0.5',
  shortOpenPrice: '0',
  shortOpenCount: '0',
  totalDelegateValue: '0',
  mm: '0.004',
  feeRate: '0.0006',
};

describe('liquidationPrice', () => {
  it('gives the contract example: raw 54249.5479204340, display 54249.5', () => {
    // (3000 − 0.5·60000) / (0.5·0.0046 − 0.5) = −27000 / −0.4977 = 54249.54792043399…
    expect(liquidationPrice(EXAMPLE)).toEqual({ raw: '54249.5479204340', display: '54249.5', reason: 'ok' });
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))('matches the known answer: %s', (_name, vector) => {
    expect(liquidationPrice(vector.input)).toEqual(vector.expected);
  });

  it('counts opening orders in cross one-way mode only', () => {
    const withOrders = { ...EXAMPLE, totalDelegateValue: '50000' };
    expect(liquidationPrice({ ...withOrders, marginMode: 2 })).not.toEqual(
      liquidationPrice({ ...EXAMPLE, marginMode: 2 }),
    );
    expect(liquidationPrice({ ...withOrders, marginMode: 2, positionMode: 2 })).toEqual(
      liquidationPrice({ ...EXAMPLE, marginMode: 2, positionMode: 2 }),
    );
    expect(liquidationPrice(withOrders)).toEqual(liquidationPrice(EXAMPLE));
  });

  it('moves a cross long closer to its entry when other positions lose', () => {
    const calm = liquidationPrice({ ...EXAMPLE, marginMode: 2 });
    const stressed = liquidationPrice({ ...EXAMPLE, marginMode: 2, othersUpnl: '-500', othersMaintain: '100' });
    expect(Number(stressed.raw)).toBeGreaterThan(Number(calm.raw));
  });

  it('reports no position before looking at the denominator', () => {
    expect(liquidationPrice({ ...EXAMPLE, longOpenCount: '0', mm: '0', feeRate: '0' })).toEqual({
      raw: null,
      display: null,
      reason: 'no-position',
    });
  });

  it('ignores bp for usdt and usdc, even when it is missing or nonsense', () => {
    for (const businessLine of [10, 12]) {
      for (const bp of [undefined, null, '', 'abc', '-5']) {
        expect(liquidationPrice({ ...EXAMPLE, businessLine, bp })).toEqual({
          raw: '54249.5479204340',
          display: '54249.5',
          reason: 'ok',
        });
      }
    }
  });

  it('accepts a negative wallet and negative other profits', () => {
    expect(liquidationPrice({ ...EXAMPLE, marginMode: 2, available: '-100', othersUpnl: '-50' }).reason).toBe('ok');
  });
});

describe('liquidationPrice properties', () => {
  const rate = fc.integer({ min: 0, max: 500 }).map((units) => (units / 10000).toString());
  const position = fc.record({
    size: positiveDecimalText(1000, 4),
    entry: positiveDecimalText(100000, 4),
    leverage: fc.integer({ min: 1, max: 125 }),
    mm: rate,
    feeRate: rate,
    side: fc.constantFrom(1 as const, 2 as const),
    pricePlace: fc.integer({ min: 0, max: 8 }),
  });

  function isolated(p: {
    size: string;
    entry: string;
    leverage: number;
    mm: string;
    feeRate: string;
    side: 1 | 2;
    pricePlace: number;
  }): LiquidationInput {
    const margin = new Exact(p.size).times(p.entry).div(p.leverage).toDecimalPlaces(8).toFixed();
    const leg = { price: p.entry, count: p.size };
    const none = { price: '0', count: '0' };
    const long = p.side === 1 ? leg : none;
    const short = p.side === 1 ? none : leg;
    return {
      ...EXAMPLE,
      side: p.side,
      pricePlace: p.pricePlace,
      available: margin,
      longOpenPrice: long.price,
      longOpenCount: long.count,
      shortOpenPrice: short.price,
      shortOpenCount: short.count,
      mm: p.mm,
      feeRate: p.feeRate,
    };
  }

  it('puts an isolated position exactly at its maintenance margin at the liquidation price', () => {
    fc.assert(
      fc.property(position, (p) => {
        const input = isolated(p);
        const { reason, price } = solveLiquidationPrice(input);
        fc.pre(reason === 'ok' && price !== null);
        const lp = new Exact(price!.toString());
        const direction = p.side === 1 ? 1 : -1;
        // Equity at LP (wallet + uPnL) equals the maintenance margin plus the closing fee of the position at LP.
        const equity = new Exact(input.available).plus(new Exact(p.size).times(lp.minus(p.entry)).times(direction));
        const required = new Exact(p.size).times(lp).times(new Exact(p.mm).plus(p.feeRate));
        expect(equity.minus(required).abs().lt('1e-20')).toBe(true);
      }),
    );
  });

  it('rounds raw and display half-up from the same exact price', () => {
    fc.assert(
      fc.property(position, (p) => {
        const input = isolated(p);
        const { price } = solveLiquidationPrice(input);
        const result = liquidationPrice(input);
        if (price === null) {
          expect(result).toEqual({ raw: null, display: null, reason: result.reason });
          expect(result.reason).not.toBe('ok');
          return;
        }
        const lp = new Exact(price.toString());
        expect(result.raw).toBe(lp.toFixed(10, Exact.ROUND_HALF_UP));
        expect(result.display).toBe(lp.toFixed(p.pricePlace, Exact.ROUND_HALF_UP));
        expectFixed(result.raw!, 10);
        expectFixed(result.display!, p.pricePlace);
      }),
    );
  });

  it('liquidates an isolated long below its entry and a short above it when the margin covers maintenance at entry', () => {
    fc.assert(
      fc.property(position, (p) => {
        const input = isolated(p);
        // Below that margin the position is already liquidatable at its entry, so LP lies on the other side.
        fc.pre(new Exact(input.available).gt(new Exact(p.size).times(p.entry).times(new Exact(p.mm).plus(p.feeRate))));
        const { price } = solveLiquidationPrice(input);
        fc.pre(price !== null);
        expect(p.side === 1 ? price!.lt(p.entry) : price!.gt(p.entry)).toBe(true);
      }),
    );
  });
});

describe('liquidationPrice input checks', () => {
  it.each(HOSTILE_DECIMALS)('rejects %s as the wallet balance', (_label, available, code) => {
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, available: available as string }), 'available', code);
  });

  it.each([
    'longOpenCount',
    'longOpenPrice',
    'shortOpenCount',
    'shortOpenPrice',
    'othersMaintain',
    'totalDelegateValue',
    'mm',
    'feeRate',
  ] as const)('rejects a negative %s', (field) => {
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, [field]: '-0.01' }), field, 'maths.negative');
  });

  it.each(['mm', 'feeRate'] as const)('rejects a %s of 1 or more', (field) => {
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, [field]: '1' }), field, 'maths.out-of-range');
  });

  it('validates the other leg and the cross fields in isolated mode too', () => {
    expectMathsError(
      () => liquidationPrice({ ...EXAMPLE, shortOpenPrice: 'abc' }),
      'shortOpenPrice',
      'maths.not-a-number',
    );
    expectMathsError(
      () => liquidationPrice({ ...EXAMPLE, othersUpnl: Number.NaN }),
      'othersUpnl',
      'maths.not-a-number',
    );
  });

  it('requires a positive bp for coin-margined contracts', () => {
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, businessLine: 11, bp: '0' }), 'bp', 'maths.out-of-range');
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, businessLine: 11, bp: undefined }), 'bp', 'maths.missing');
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, businessLine: 11, bp: '1e999' }), 'bp', 'maths.out-of-range');
  });

  it.each([
    ['side', 0],
    ['side', 3],
    ['side', 'long'],
    ['marginMode', 0],
    ['marginMode', 'cross'],
    ['positionMode', 3],
    ['businessLine', 1],
    ['businessLine', '23'],
  ] as const)('rejects %s %j', (field, value) => {
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, [field]: value }), field, 'maths.bad-enum');
  });

  it('requires pricePlace to be a whole number from 0 to 18', () => {
    expectMathsError(
      () => liquidationPrice({ ...EXAMPLE, pricePlace: undefined as never }),
      'pricePlace',
      'maths.missing',
    );
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, pricePlace: 19 }), 'pricePlace', 'maths.out-of-range');
    expectMathsError(() => liquidationPrice({ ...EXAMPLE, pricePlace: '1.5' }), 'pricePlace', 'maths.out-of-range');
  });
});
