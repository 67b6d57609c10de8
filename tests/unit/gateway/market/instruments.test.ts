import { describe, expect, it } from 'vitest';
import { type InstrumentSpec, instrumentKey } from '../../../../gateway/market/instruments';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { MONEY_PLACES } from '../../../../gateway/money/money-units';

/** Units of the last decimal, or NaN when the text is not a plain decimal with exactly `places` decimals. */
function units(text: string, places: number): number {
  const pattern = places === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${places}}$`);
  return pattern.test(text) ? Number(text.replace('.', '')) : Number.NaN;
}

const perpetuals = DEFAULT_INSTRUMENTS.filter((spec) => spec.instType === 'USDT-FUTURES');
const label = (spec: InstrumentSpec) => instrumentKey(spec.instType, spec.symbol);

describe('DEFAULT_INSTRUMENTS', () => {
  it('lists 22 spot pairs and 20 USDT-M perpetuals, each symbol once per product line, every perpetual beside its spot pair', () => {
    const spot = DEFAULT_INSTRUMENTS.filter((spec) => spec.instType === 'SPOT').map((spec) => spec.symbol);
    // The spec's default symbols (USDTBRL, BTCUSDT, BGBUSDT) and ETHUSDT first, then one pair per perpetual's base.
    expect(spot).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BGBUSDT',
      'USDTBRL',
      ...perpetuals.slice(2).map((spec) => spec.symbol),
    ]);
    for (const perpetual of perpetuals) expect(spot, perpetual.symbol).toContain(perpetual.symbol);
    expect(perpetuals.map((spec) => spec.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SOLUSDT',
      'XRPUSDT',
      'DOGEUSDT',
      'BNBUSDT',
      'ADAUSDT',
      'LTCUSDT',
      'LINKUSDT',
      'AVAXUSDT',
      'DOTUSDT',
      'TRXUSDT',
      'TONUSDT',
      'SUIUSDT',
      'NEARUSDT',
      'APTUSDT',
      'ARBUSDT',
      'OPUSDT',
      'UNIUSDT',
      'BCHUSDT',
    ]);
    const keys = DEFAULT_INSTRUMENTS.map(label);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every instrument a tick, lot, minimum size and start price consistent with its places', () => {
    for (const spec of DEFAULT_INSTRUMENTS) {
      const at = label(spec);
      expect(spec.symbol, at).toBe(spec.baseCoin + spec.quoteCoin);
      // Money is counted in 10^-8 units: a value (price × size) and a quote amount must fit them exactly.
      expect(spec.pricePlace + spec.volumePlace, at).toBeLessThanOrEqual(MONEY_PLACES);
      expect(spec.quotePrecision, at).toBeLessThanOrEqual(MONEY_PLACES);
      expect(Number.isInteger(spec.priceEndStep) && spec.priceEndStep >= 1, at).toBe(true);
      const start = units(spec.startPrice, spec.pricePlace);
      expect(start % spec.priceEndStep, `${at} startPrice ${spec.startPrice}`).toBe(0);
      expect(start, at).toBeGreaterThan(0);
      const lot = units(spec.sizeMultiplier, spec.volumePlace);
      const minSize = units(spec.minTradeNum, spec.volumePlace);
      const levelSize = units(spec.typicalLevelSize, spec.volumePlace);
      expect(lot, `${at} sizeMultiplier ${spec.sizeMultiplier}`).toBeGreaterThan(0);
      expect(minSize % lot, `${at} minTradeNum ${spec.minTradeNum}`).toBe(0);
      expect(minSize, at).toBeGreaterThanOrEqual(lot);
      expect(levelSize % lot, `${at} typicalLevelSize ${spec.typicalLevelSize}`).toBe(0);
      expect(levelSize, at).toBeGreaterThan(lot);
      expect(spec.volatilityBps, at).toBeGreaterThan(0);
    }
  });

  it('gives every perpetual the futures fees, a 5 USDT minimum, a whole maximum leverage and an activity in (0, 1]', () => {
    for (const spec of perpetuals) {
      expect(spec, spec.symbol).toMatchObject({
        quoteCoin: 'USDT',
        minTradeUSDT: '5',
        makerFeeRate: '0.0002',
        takerFeeRate: '0.0006',
      });
      expect(spec.maxLever, spec.symbol).toMatch(/^[1-9]\d*$/);
      const activity = spec.bookActivity ?? 1;
      expect(activity > 0 && activity <= 1, spec.symbol).toBe(true);
    }
  });

  it('runs the 18 minor perpetuals at a twentieth of the book activity on every step, with levels worth about what an ETHUSDT level is', () => {
    const levelValue = (spec: InstrumentSpec) => Number(spec.typicalLevelSize) * Number(spec.startPrice);
    const eth = levelValue(perpetuals.find((spec) => spec.symbol === 'ETHUSDT')!);
    for (const spec of perpetuals) {
      const isMajor = spec.symbol === 'BTCUSDT' || spec.symbol === 'ETHUSDT';
      expect(spec.bookActivity, spec.symbol).toBe(isMajor ? undefined : 0.05);
      if (isMajor) continue;
      expect(levelValue(spec) / eth, spec.symbol).toBeGreaterThan(0.8);
      expect(levelValue(spec) / eth, spec.symbol).toBeLessThan(1.25);
      expect(Number(spec.maxLever), spec.symbol).toBeGreaterThanOrEqual(50);
      expect(Number(spec.maxLever), spec.symbol).toBeLessThanOrEqual(75);
    }
  });
});
