import { describe, expect, it } from 'vitest';
import {
  estimateOrderValue,
  farFromMarket,
  presetSideProblem,
  pricePresetProblem,
} from '../../../../engine/rules/order-estimate';

describe('estimateOrderValue', () => {
  it('multiplies price by size exactly in decimal (spot cost or proceeds)', () => {
    expect(estimateOrderValue('0.1', '0.2', null)).toBe('0.02');
    expect(estimateOrderValue('64250.5', '1.5', null)).toBe('96375.75');
  });

  it('divides by leverage and rounds the margin up to the places, never down', () => {
    expect(estimateOrderValue('100', '1', { leverage: 3, places: 2 })).toBe('33.34');
    expect(estimateOrderValue('100', '1', { leverage: 0, places: 2 })).toBe('100.00');
  });

  it('is null while the price or the size is not a number yet', () => {
    expect(estimateOrderValue('', '1', null)).toBeNull();
    expect(estimateOrderValue('100', '.', null)).toBeNull();
  });
});

describe('pricePresetProblem', () => {
  it('accepts an empty field or a positive multiple of the step', () => {
    expect(pricePresetProblem('', '0.5')).toBeNull();
    expect(pricePresetProblem('  ', '0.5')).toBeNull();
    expect(pricePresetProblem('101.5', '0.5')).toBeNull();
  });

  it('refuses zero, negatives and text, and prices off the tick', () => {
    expect(pricePresetProblem('0', '0.5')).toBe('not-positive');
    expect(pricePresetProblem('abc', '0.5')).toBe('not-positive');
    expect(pricePresetProblem('101.3', '0.5')).toBe('tick');
  });
});

describe('presetSideProblem', () => {
  it('wants a buy take-profit above the price it protects and its stop-loss below', () => {
    expect(presetSideProblem('takeProfit', 'buy', '61000', '60000')).toBeNull();
    expect(presetSideProblem('takeProfit', 'buy', '60000', '60000.00')).toBe('preset-above');
    expect(presetSideProblem('takeProfit', 'buy', '59000', '60000')).toBe('preset-above');
    expect(presetSideProblem('stopLoss', 'buy', '59999.99', '60000')).toBeNull();
    expect(presetSideProblem('stopLoss', 'buy', '60000.01', '60000')).toBe('preset-below');
  });

  it('wants a sell the other way round', () => {
    expect(presetSideProblem('takeProfit', 'sell', '59000', '60000')).toBeNull();
    expect(presetSideProblem('takeProfit', 'sell', '61000', '60000')).toBe('preset-below');
    expect(presetSideProblem('stopLoss', 'sell', '61000', '60000')).toBeNull();
    expect(presetSideProblem('stopLoss', 'sell', '60000', '60000')).toBe('preset-above');
  });

  it('says nothing while the preset or the price is not a number yet', () => {
    expect(presetSideProblem('takeProfit', 'buy', '', '60000')).toBeNull();
    expect(presetSideProblem('takeProfit', 'buy', '1', null)).toBeNull();
    expect(presetSideProblem('stopLoss', 'sell', '1', '.')).toBeNull();
  });
});

describe('farFromMarket', () => {
  it('is null within 10 % of the last price, either way, and when a figure is missing', () => {
    expect(farFromMarket('66000', '60000')).toBeNull();
    expect(farFromMarket('54000', '60000')).toBeNull();
    expect(farFromMarket('', '60000')).toBeNull();
    expect(farFromMarket('50000', null)).toBeNull();
    expect(farFromMarket('50000', '0')).toBeNull();
  });

  it('says which side and how far, rounded down to a tenth of a percent', () => {
    expect(farFromMarket('1.23', '60000')).toEqual({ direction: 'below', percent: '99.9' });
    expect(farFromMarket('66000.01', '60000')).toEqual({ direction: 'above', percent: '10.0' });
    expect(farFromMarket('50000', '60000')).toEqual({ direction: 'below', percent: '16.6' });
  });
});
