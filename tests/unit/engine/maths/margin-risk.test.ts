import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CROSS_MAINTENANCE_MARGIN_RATIO,
  CROSS_MARGIN_LEVERAGE,
  hoursCharged,
  type IsolatedLiquidationInput,
  isolatedLiquidationPrice,
  MARGIN_LIQUIDATION_RATIO,
  MARGIN_RESTORE_RATIO,
  MARGIN_WARNING_RATIO,
  type MarginCoinInput,
  marginAccountTotals,
  marginInterest,
  marginRiskRatio,
  marginYearlyRate,
  maxBorrowable,
} from '../../../../engine/maths';
import { solveIsolatedLiquidationPrice } from '../../../../engine/maths/margin-risk';
import { decimalText, Exact, expectFixed, expectMathsError, HOSTILE_DECIMALS, positiveDecimalText } from './support';

/** A coin of the account; amounts default to 0. */
function coin(price: string, amounts: Partial<Omit<MarginCoinInput, 'price'>> = {}): MarginCoinInput {
  return { price, available: '0', frozen: '0', borrowed: '0', interest: '0', ...amounts };
}

/** USDT held and owed: assets `held`, liabilities `owed` (all borrowed, no interest). */
const usdt = (held: string, owed = '0') => coin('1', { available: held, borrowed: owed });

/** The contract's cross example: 0.05 BTC @ 60000 + 1000 USDT, 2000 USDT borrowed, 1 USDT interest. */
const CROSS_COINS = [
  coin('60000', { available: '0.05' }),
  coin('1', { available: '1000', borrowed: '2000', interest: '1' }),
];

/** The contract's isolated long: 0.05 BTC bought with 1000 USDT of own money and 2000 borrowed, 1 USDT interest. */
const LONG: IsolatedLiquidationInput = {
  baseAssets: '0.05',
  quoteAssets: '0',
  baseLiabilities: '0',
  quoteLiabilities: '2001',
  maintenanceMarginRatio: '0.05',
  pricePlace: 2,
};

/** The contract's isolated short: 0.05 BTC borrowed and sold at 60000 beside 1000 USDT of own money. */
const SHORT: IsolatedLiquidationInput = {
  baseAssets: '0',
  quoteAssets: '4000',
  baseLiabilities: '0.05',
  quoteLiabilities: '0',
  maintenanceMarginRatio: '0.05',
  pricePlace: 2,
};

describe('margin thresholds', () => {
  it('exports the published thresholds and the cross constants', () => {
    expect([MARGIN_WARNING_RATIO, MARGIN_LIQUIDATION_RATIO, MARGIN_RESTORE_RATIO]).toEqual(['0.8', '1', '0.5']);
    expect([CROSS_MAINTENANCE_MARGIN_RATIO, CROSS_MARGIN_LEVERAGE]).toEqual(['0.1', '3']);
  });
});

describe('marginRiskRatio', () => {
  it('gives the contract cross example: 2001 × 0.1 ÷ 1999 → 0.1001, safe', () => {
    const result = marginRiskRatio({ marginMode: 2, coins: CROSS_COINS });
    expect(result).toMatchObject({
      totalAssets: '4000',
      totalLiabilities: '2001',
      netAssets: '1999',
      ratio: '0.1001',
      level: 'safe',
    });
    // 200.1 / 1999 = 0.100100050025012506253126…
    expect(result.exact!.startsWith('0.1001000500250125062531')).toBe(true);
  });

  it('uses the tier ratio in isolated mode and ignores any ratio sent for cross', () => {
    const coins = [coin('60000', { available: '0.05' }), coin('1', { borrowed: '2000', interest: '1' })];
    // 2001 × 0.05 ÷ (3000 − 2001) = 100.05 / 999 = 0.10015015…
    expect(marginRiskRatio({ marginMode: 1, maintenanceMarginRatio: '0.05', coins }).ratio).toBe('0.1001');
    expect(marginRiskRatio({ marginMode: 2, maintenanceMarginRatio: 'abc', coins: CROSS_COINS })).toEqual(
      marginRiskRatio({ marginMode: 2, coins: CROSS_COINS }),
    );
  });

  it('counts frozen coins as assets and interest as a liability', () => {
    const split = [
      coin('60000', { available: '0.02', frozen: '0.03' }),
      coin('1', { available: '1000', borrowed: '2001' }),
    ];
    expect(marginRiskRatio({ marginMode: 2, coins: split })).toEqual(
      marginRiskRatio({ marginMode: 2, coins: CROSS_COINS }),
    );
  });

  it('is 0 with no liabilities, also for an empty account', () => {
    const expected = {
      totalAssets: '1000',
      totalLiabilities: '0',
      netAssets: '1000',
      ratio: '0.0000',
      exact: '0',
      level: 'safe',
    };
    expect(marginRiskRatio({ marginMode: 2, coins: [usdt('1000')] })).toEqual(expected);
    expect(marginRiskRatio({ marginMode: 2, coins: [] })).toMatchObject({ ratio: '0.0000', exact: '0', level: 'safe' });
  });

  it('reports an account whose net assets are gone as past liquidation with no ratio', () => {
    for (const held of ['1000', '900', '0']) {
      expect(marginRiskRatio({ marginMode: 2, coins: [usdt(held, '1000')] })).toMatchObject({
        ratio: null,
        exact: null,
        level: 'liquidation',
      });
    }
  });

  it.each([
    // Cross ratio 0.1: liabilities L over net N gives L / (10 N).
    ['900', '800', '0.8000', 'warning'],
    ['900.0001', '800', '0.7999', 'safe'],
    ['1100', '1000', '1.0000', 'liquidation'],
    ['1100.0001', '1000', '0.9999', 'warning'],
    ['600', '500', '0.5000', 'safe'],
    ['1050', '1000', '2.0000', 'liquidation'],
  ] as const)('assets %s, liabilities %s → %s %s (cut down, level on the exact value)', (held, owed, ratio, level) => {
    expect(marginRiskRatio({ marginMode: 2, coins: [usdt(held, owed)] })).toMatchObject({ ratio, level });
  });

  it('puts the isolated long exactly at 1 at its liquidation price', () => {
    const coins = [coin('42021', { available: '0.05' }), coin('1', { borrowed: '2000', interest: '1' })];
    expect(marginRiskRatio({ marginMode: 1, maintenanceMarginRatio: '0.05', coins })).toMatchObject({
      ratio: '1.0000',
      exact: '1',
      level: 'liquidation',
    });
  });
});

describe('marginAccountTotals', () => {
  it('values every coin in USDT, exactly', () => {
    expect(marginAccountTotals(CROSS_COINS)).toEqual({
      totalAssets: '4000',
      totalLiabilities: '2001',
      netAssets: '1999',
    });
    expect(marginAccountTotals([usdt('10', '10.5')])).toEqual({
      totalAssets: '10',
      totalLiabilities: '10.5',
      netAssets: '-0.5',
    });
  });
});

describe('hoursCharged', () => {
  it.each([
    [0, 0, '1'],
    [0, 1, '1'],
    [0, 3_600_000, '1'],
    [0, 3_600_001, '2'],
    [0, 7_200_000, '2'],
    [0, 8_400_000, '3'],
    ['1765148400000', '1765156800000', '3'],
  ] as const)('from %j to %j → %s hours', (fromMs, toMs, hours) => {
    expect(hoursCharged(fromMs, toMs)).toBe(hours);
  });

  it('refuses a time before the borrow, fractions of a millisecond and negatives', () => {
    expectMathsError(() => hoursCharged(10, 9), 'toMs', 'maths.out-of-range');
    expectMathsError(() => hoursCharged('0.5', 9), 'fromMs', 'maths.out-of-range');
    expectMathsError(() => hoursCharged(0, -1), 'toMs', 'maths.negative');
    expectMathsError(() => hoursCharged(Number.NaN, 1), 'fromMs', 'maths.not-a-number');
  });
});

describe('marginInterest', () => {
  it('gives the contract example: 10000 at 0.0126279 % daily for 2 h 20 min (3 hours) → 0.15784875', () => {
    const hours = hoursCharged(0, (2 * 60 + 20) * 60_000);
    expect(hours).toBe('3');
    expect(marginInterest({ borrowed: '10000', dailyRate: '0.000126279', hours, places: 8 })).toBe('0.15784875');
  });

  it('rounds up toward +∞, and leaves exact amounts alone', () => {
    // 1 × 0.01 ÷ 24 = 0.000416666…
    expect(marginInterest({ borrowed: '1', dailyRate: '0.01', hours: 1, places: 8 })).toBe('0.00041667');
    expect(marginInterest({ borrowed: '1', dailyRate: '0.01', hours: 1, places: 4 })).toBe('0.0005');
    expect(marginInterest({ borrowed: '1', dailyRate: '0.01', hours: 1, places: 0 })).toBe('1');
    expect(marginInterest({ borrowed: '100', dailyRate: '0.001', hours: 24, places: 2 })).toBe('0.10');
    expect(marginInterest({ borrowed: '0', dailyRate: '0.001', hours: 5, places: 6 })).toBe('0.000000');
  });

  it('refuses bad rates, hours and places', () => {
    const base = { borrowed: '100', dailyRate: '0.001', hours: 1, places: 2 };
    expectMathsError(() => marginInterest({ ...base, dailyRate: '1' }), 'dailyRate', 'maths.out-of-range');
    expectMathsError(() => marginInterest({ ...base, dailyRate: '-0.001' }), 'dailyRate', 'maths.negative');
    expectMathsError(() => marginInterest({ ...base, hours: '1.5' }), 'hours', 'maths.out-of-range');
    expectMathsError(() => marginInterest({ ...base, borrowed: '1e999' }), 'borrowed', 'maths.out-of-range');
    expectMathsError(() => marginInterest({ ...base, places: 19 }), 'places', 'maths.out-of-range');
  });

  it.each(HOSTILE_DECIMALS)('rejects %s as the amount borrowed', (_label, borrowed, code) => {
    expectMathsError(
      () => marginInterest({ borrowed: borrowed as string, dailyRate: '0.001', hours: 1, places: 2 }),
      'borrowed',
      code,
    );
  });

  it('never charges less than the exact interest, and less than one unit more', () => {
    fc.assert(
      fc.property(
        decimalText(1_000_000, 8),
        fc.integer({ min: 0, max: 99_999 }).map((units) => (units / 10_000_000).toString()),
        fc.integer({ min: 1, max: 24 * 365 }),
        fc.integer({ min: 0, max: 12 }),
        (borrowed, dailyRate, hours, places) => {
          const shown = marginInterest({ borrowed, dailyRate, hours, places });
          expectFixed(shown, places);
          const exact = new Exact(borrowed).times(dailyRate).times(hours).div(24);
          expect(new Exact(shown).gte(exact)).toBe(true);
          expect(new Exact(shown).minus(exact).lt(new Exact(10).pow(-places))).toBe(true);
        },
      ),
      { numRuns: 200, seed: 20261207 },
    );
  });
});

describe('marginYearlyRate', () => {
  it('is the daily rate × 365, exact', () => {
    expect(marginYearlyRate('0.000126279')).toBe('0.046091835');
    expect(marginYearlyRate('0.0001')).toBe('0.0365');
    expect(marginYearlyRate(0)).toBe('0');
    expectMathsError(() => marginYearlyRate('abc'), 'dailyRate', 'maths.not-a-number');
    expectMathsError(() => marginYearlyRate('1e-999'), 'dailyRate', 'maths.out-of-range');
    expectMathsError(() => marginYearlyRate('1'), 'dailyRate', 'maths.out-of-range');
  });
});

describe('maxBorrowable', () => {
  it('gives the contract example: cross, 1000 USDT net, 3x → 2000 USDT', () => {
    expect(maxBorrowable({ marginMode: 2, coins: [usdt('1000')], coinPrice: '1', places: 8 })).toBe('2000.00000000');
  });

  it('values the room in the coin and cuts it down to its places', () => {
    // 2000 / 60000 = 0.0333…, 2000 / 3 = 666.666…
    expect(maxBorrowable({ marginMode: 2, coins: [usdt('1000')], coinPrice: '60000', places: 6 })).toBe('0.033333');
    expect(maxBorrowable({ marginMode: 2, coins: [usdt('1000')], coinPrice: '3', places: 2 })).toBe('666.66');
  });

  it('subtracts what is already owed and never goes below 0', () => {
    expect(maxBorrowable({ marginMode: 2, coins: [usdt('2000', '1000')], coinPrice: '1', places: 2 })).toBe('1000.00');
    expect(maxBorrowable({ marginMode: 2, coins: [usdt('3000', '2000')], coinPrice: '1', places: 2 })).toBe('0.00');
    expect(maxBorrowable({ marginMode: 2, coins: [usdt('3500', '2500')], coinPrice: '1', places: 2 })).toBe('0.00');
    expect(maxBorrowable({ marginMode: 2, coins: [usdt('900', '1000')], coinPrice: '1', places: 2 })).toBe('0.00');
    expect(maxBorrowable({ marginMode: 2, coins: [], coinPrice: '1', places: 0 })).toBe('0');
  });

  it('is capped by the platform limit', () => {
    const base = { marginMode: 2, coins: [usdt('1000')], coinPrice: '1', places: 2 };
    expect(maxBorrowable({ ...base, limit: '1500' })).toBe('1500.00');
    expect(maxBorrowable({ ...base, limit: '1500.129' })).toBe('1500.12');
    expect(maxBorrowable({ ...base, limit: '0' })).toBe('0.00');
    expect(maxBorrowable({ ...base, limit: '5000' })).toBe('2000.00');
    expect(maxBorrowable({ ...base, limit: null })).toBe('2000.00');
  });

  it('uses the tier leverage in isolated mode and ignores any leverage sent for cross', () => {
    const coins = [usdt('1000')];
    expect(maxBorrowable({ marginMode: 1, leverage: '5', coins, coinPrice: '1', places: 2 })).toBe('4000.00');
    expect(maxBorrowable({ marginMode: 1, leverage: '1', coins, coinPrice: '1', places: 2 })).toBe('0.00');
    expect(maxBorrowable({ marginMode: 2, leverage: 'abc', coins, coinPrice: '1', places: 2 })).toBe('2000.00');
  });

  it('refuses a leverage below 1, a missing isolated leverage and a bad price', () => {
    const base = { marginMode: 1, coins: [usdt('1000')], coinPrice: '1', places: 2 };
    expectMathsError(() => maxBorrowable({ ...base, leverage: '0.5' }), 'leverage', 'maths.out-of-range');
    expectMathsError(() => maxBorrowable({ ...base, leverage: '0' }), 'leverage', 'maths.out-of-range');
    expectMathsError(() => maxBorrowable(base), 'leverage', 'maths.missing');
    expectMathsError(() => maxBorrowable({ ...base, leverage: 3, coinPrice: '0' }), 'coinPrice', 'maths.out-of-range');
    expectMathsError(() => maxBorrowable({ ...base, leverage: 3, limit: '-1' }), 'limit', 'maths.negative');
  });

  it('never lets a borrow take the account past L × its net assets', () => {
    fc.assert(
      fc.property(
        decimalText(100_000, 4),
        decimalText(100_000, 4),
        fc.integer({ min: 10, max: 100 }).map((tenths) => (tenths / 10).toString()),
        positiveDecimalText(100_000, 4),
        fc.integer({ min: 0, max: 8 }),
        (held, owed, leverage, coinPrice, places) => {
          const coins = [usdt(held, owed)];
          const amount = maxBorrowable({ marginMode: 1, leverage, coins, coinPrice, places });
          expectFixed(amount, places);
          const added = new Exact(amount).times(coinPrice);
          const net = new Exact(held).minus(owed);
          // An account already at or past L × net (or with no net assets) may borrow nothing more.
          if (net.lte(0) || new Exact(held).gte(net.times(leverage))) expect(new Exact(amount).isZero()).toBe(true);
          else {
            expect(new Exact(held).plus(added).lte(net.times(leverage))).toBe(true);
            // Cut down by less than one unit of the coin's places.
            const unit = new Exact(10).pow(-places).times(coinPrice);
            expect(new Exact(held).plus(added).plus(unit).gt(net.times(leverage))).toBe(true);
          }
        },
      ),
      { numRuns: 200, seed: 20261207 },
    );
  });
});

describe('isolatedLiquidationPrice', () => {
  it('gives the contract long: (2001 × 1.05 − 0) ÷ 0.05 = 42021, below the 60000 market', () => {
    expect(isolatedLiquidationPrice(LONG)).toEqual({ raw: '42021.0000000000', display: '42021.00', reason: 'ok' });
  });

  it('gives the contract short: (0 − 4000) ÷ (0 − 0.05 × 1.05) = 76190.476…, above the 60000 market', () => {
    expect(isolatedLiquidationPrice(SHORT)).toEqual({ raw: '76190.4761904762', display: '76190.48', reason: 'ok' });
    // At that price: liabilities 3809.52…, net 190.47…, 3809.52… × 0.05 ÷ 190.47… = 1.
    const { price } = solveIsolatedLiquidationPrice(SHORT);
    const coins = [coin(price!.toSignificantDigits(40).toFixed(), { borrowed: '0.05' }), usdt('4000')];
    const { exact } = marginRiskRatio({ marginMode: 1, maintenanceMarginRatio: '0.05', coins });
    expect(new Exact(exact!).toFixed(10, Exact.ROUND_HALF_UP)).toBe('1.0000000000');
  });

  it('has no price without debt', () => {
    expect(isolatedLiquidationPrice({ ...LONG, quoteLiabilities: '0' })).toEqual({
      raw: null,
      display: null,
      reason: 'no-debt',
    });
  });

  it('has no price when base held and owed cancel out', () => {
    expect(isolatedLiquidationPrice({ ...LONG, baseAssets: '0', quoteAssets: '3000' })).toMatchObject({
      reason: 'zero-denominator',
    });
    expect(isolatedLiquidationPrice({ ...SHORT, baseAssets: '0.0525' })).toMatchObject({ reason: 'zero-denominator' });
  });

  it('never liquidates a fully collateralised account', () => {
    // Long: 3000 USDT kept beside the 0.05 BTC covers 2001 × 1.05 at any price.
    expect(isolatedLiquidationPrice({ ...LONG, quoteAssets: '3000' })).toEqual({
      raw: null,
      display: null,
      reason: 'non-positive',
    });
    // Short: holding 0.1 BTC against 0.05 owed grows faster than the debt as the price rises.
    expect(isolatedLiquidationPrice({ ...SHORT, baseAssets: '0.1' })).toMatchObject({ reason: 'non-positive' });
  });

  it('rounds raw and display half-up', () => {
    // 2000 × 1.05 ÷ 0.03 = 70000; 2000.00001 × 1.05 ÷ 0.03 = 70000.00035
    const input = { ...LONG, baseAssets: '0.03', quoteLiabilities: '2000.00001', pricePlace: 3 };
    expect(isolatedLiquidationPrice(input)).toEqual({ raw: '70000.0003500000', display: '70000.000', reason: 'ok' });
    expect(isolatedLiquidationPrice({ ...input, pricePlace: 4 }).display).toBe('70000.0004');
  });

  it('refuses bad ratios, negative amounts and a bad pricePlace', () => {
    expectMathsError(
      () => isolatedLiquidationPrice({ ...LONG, maintenanceMarginRatio: '0' }),
      'maintenanceMarginRatio',
      'maths.out-of-range',
    );
    expectMathsError(
      () => isolatedLiquidationPrice({ ...LONG, maintenanceMarginRatio: '1' }),
      'maintenanceMarginRatio',
      'maths.out-of-range',
    );
    for (const field of ['baseAssets', 'quoteAssets', 'baseLiabilities', 'quoteLiabilities'] as const) {
      expectMathsError(() => isolatedLiquidationPrice({ ...LONG, [field]: '-1' }), field, 'maths.negative');
    }
    expectMathsError(() => isolatedLiquidationPrice({ ...LONG, pricePlace: 19 }), 'pricePlace', 'maths.out-of-range');
  });

  it('puts the risk ratio at 1 (to 10 places) at the liquidation price', () => {
    const amount = decimalText(100_000, 8);
    fc.assert(
      fc.property(
        fc.record({
          base: amount,
          quote: amount,
          baseDebt: amount,
          quoteDebt: amount,
          mmr: fc.integer({ min: 1, max: 9_999 }).map((units) => (units / 10_000).toString()),
        }),
        ({ base, quote, baseDebt, quoteDebt, mmr }) => {
          const input = {
            baseAssets: base,
            quoteAssets: quote,
            baseLiabilities: baseDebt,
            quoteLiabilities: quoteDebt,
            maintenanceMarginRatio: mmr,
            pricePlace: 2,
          };
          const { reason, price } = solveIsolatedLiquidationPrice(input);
          fc.pre(reason === 'ok' && price !== null);
          const coins = [
            coin(price!.toSignificantDigits(40).toFixed(), { available: base, borrowed: baseDebt }),
            usdt(quote, quoteDebt),
          ];
          const { exact } = marginRiskRatio({ marginMode: 1, maintenanceMarginRatio: mmr, coins });
          expect(new Exact(exact!).toFixed(10, Exact.ROUND_HALF_UP)).toBe('1.0000000000');
          // The same check outside the engine, with 80 digits.
          const p = new Exact(price!.toString());
          const liabilities = new Exact(quoteDebt).plus(new Exact(baseDebt).times(p));
          const net = new Exact(base).times(p).plus(quote).minus(liabilities);
          expect(liabilities.times(mmr).div(net).minus(1).abs().lt('1e-10')).toBe(true);
        },
      ),
      { numRuns: 200, seed: 20261207 },
    );
  });
});

describe('margin input checks', () => {
  it.each(HOSTILE_DECIMALS)('rejects %s as a coin price', (_label, price, code) => {
    expectMathsError(() => marginRiskRatio({ marginMode: 2, coins: [coin(price as string)] }), 'coins[0].price', code);
  });

  it('rejects negative coin amounts and a zero price, naming the coin', () => {
    for (const field of ['available', 'frozen', 'borrowed', 'interest'] as const) {
      expectMathsError(
        () => marginRiskRatio({ marginMode: 2, coins: [usdt('1'), coin('1', { [field]: '-0.1' })] }),
        `coins[1].${field}`,
        'maths.negative',
      );
    }
    expectMathsError(
      () => marginRiskRatio({ marginMode: 2, coins: [coin('0')] }),
      'coins[0].price',
      'maths.out-of-range',
    );
  });

  it('rejects a coin list that is not a list of records', () => {
    expectMathsError(() => marginRiskRatio({ marginMode: 2, coins: 'x' as never }), 'coins', 'maths.bad-shape');
    expectMathsError(() => marginRiskRatio({ marginMode: 2, coins: [null] as never }), 'coins[0]', 'maths.bad-shape');
    expectMathsError(() => marginRiskRatio({ marginMode: 2, coins: [['1']] as never }), 'coins[0]', 'maths.bad-shape');
  });

  it('requires an isolated ratio strictly between 0 and 1 and a known margin mode', () => {
    const coins = [usdt('1000', '100')];
    expectMathsError(() => marginRiskRatio({ marginMode: 1, coins }), 'maintenanceMarginRatio', 'maths.missing');
    for (const ratio of ['0', '1', '1.5']) {
      expectMathsError(
        () => marginRiskRatio({ marginMode: 1, maintenanceMarginRatio: ratio, coins }),
        'maintenanceMarginRatio',
        'maths.out-of-range',
      );
    }
    expectMathsError(
      () => marginRiskRatio({ marginMode: 1, maintenanceMarginRatio: '-0.1', coins }),
      'maintenanceMarginRatio',
      'maths.negative',
    );
    expectMathsError(() => marginRiskRatio({ marginMode: 3, coins }), 'marginMode', 'maths.bad-enum');
  });

  it('cuts the ratio down to 4 places, never above the exact value', () => {
    fc.assert(
      fc.property(positiveDecimalText(100_000, 6), decimalText(100_000, 6), (held, owed) => {
        const result = marginRiskRatio({ marginMode: 2, coins: [usdt(held, owed)] });
        if (result.exact === null) {
          expect(result.level).toBe('liquidation');
          return;
        }
        expectFixed(result.ratio!, 4);
        const exact = new Exact(result.exact);
        expect(new Exact(result.ratio!).lte(exact)).toBe(true);
        expect(exact.minus(result.ratio!).lt('0.0001')).toBe(true);
        const level = exact.gte(1) ? 'liquidation' : exact.gte('0.8') ? 'warning' : 'safe';
        expect(result.level).toBe(level);
      }),
      { numRuns: 200, seed: 20261207 },
    );
  });
});
