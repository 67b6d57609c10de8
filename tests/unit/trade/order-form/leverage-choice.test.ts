import { describe, expect, it } from 'vitest';
import {
  leveragePresetsUpTo,
  sideLeverage,
  sideMaxPosition,
  sliderLeverage,
} from '../../../../src/trade/order-form/leverage-choice';

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

const SIDES = {
  leverage: 10,
  longLeverage: 10,
  shortLeverage: 20,
  maxPositionSize: '1000000000',
  maxLongPositionSize: '1000000000',
  maxShortPositionSize: '5000',
};

describe('sideLeverage', () => {
  it('gives each isolated side its own leverage', () => {
    expect(sideLeverage({ ...SIDES, marginMode: 'isolated' }, 'long')).toBe(10);
    expect(sideLeverage({ ...SIDES, marginMode: 'isolated' }, 'short')).toBe(20);
  });

  it('gives both sides the one leverage in cross margin', () => {
    expect(sideLeverage({ ...SIDES, leverage: 7, marginMode: 'crossed' }, 'short')).toBe(7);
  });
});

describe('sideMaxPosition', () => {
  it("gives the largest position at the isolated side's leverage, and the one figure in cross", () => {
    expect(sideMaxPosition({ ...SIDES, marginMode: 'isolated' }, 'short')).toBe('5000');
    expect(sideMaxPosition({ ...SIDES, marginMode: 'isolated' }, 'long')).toBe('1000000000');
    expect(sideMaxPosition({ ...SIDES, marginMode: 'crossed' }, 'short')).toBe('1000000000');
  });
});
