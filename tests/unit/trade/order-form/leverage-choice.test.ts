import { describe, expect, it } from 'vitest';
import { leveragePresetsUpTo, sliderLeverage } from '../../../../src/trade/order-form/leverage-choice';

describe('leveragePresetsUpTo', () => {
  it('offers every preset to a 125× contract', () => {
    expect(leveragePresetsUpTo(125)).toEqual([1, 5, 10, 20, 50, 75, 100, 125]);
  });

  it('keeps only the presets a lower maximum allows, the maximum itself included', () => {
    expect(leveragePresetsUpTo(20)).toEqual([1, 5, 10, 20]);
    expect(leveragePresetsUpTo(30)).toEqual([1, 5, 10, 20]);
    expect(leveragePresetsUpTo(1)).toEqual([1]);
  });
});

describe('sliderLeverage', () => {
  it('stands at the leverage typed', () => {
    expect(sliderLeverage('15', 20, 10)).toBe(15);
  });

  it('holds a figure outside 1 … maxLever to the track', () => {
    expect(sliderLeverage('90', 20, 10)).toBe(20);
    expect(sliderLeverage('0', 20, 10)).toBe(1);
  });

  it('stays at the fallback while nothing readable is typed', () => {
    expect(sliderLeverage('', 20, 10)).toBe(10);
    expect(sliderLeverage('2.5', 20, 10)).toBe(10);
  });
});
