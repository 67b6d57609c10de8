import { describe, expect, it } from 'vitest';
import { formatBalance, unitsOf } from '../../../../gateway/money/money-units';

const money = (text: string) => unitsOf(text, 8);

describe('formatBalance', () => {
  it('shows a balance at its coin places, and every finer place it holds, never less than it is', () => {
    expect(formatBalance(money('0.001'), 6)).toBe('0.001000');
    // A buy that paid 0.00000149 BTC of fee leaves digits below the lot: they show.
    expect(formatBalance(money('0.00148651'), 6)).toBe('0.00148651');
    expect(formatBalance(money('0.0014865'), 6)).toBe('0.0014865');
    expect(formatBalance(money('12.5'), 4)).toBe('12.5000');
    expect(formatBalance(0n, 6)).toBe('0.000000');
    expect(formatBalance(-money('0.0000001'), 4)).toBe('-0.0000001');
    expect(formatBalance(money('3'), 0)).toBe('3');
    expect(formatBalance(money('3.00000001'), 0)).toBe('3.00000001');
    expect(formatBalance(money('7.1'))).toBe('7.10000000');
  });
});
