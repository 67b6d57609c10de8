import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withdrawFigures, withdrawMax } from '../../../../engine/rules/withdraw-figures';

/** A plain decimal of up to 20 integer digits and 8 decimals, as the amount field and the ledger write them. */
const money = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }), fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
const units = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(8, '0'));
};

describe('withdrawFigures', () => {
  it('charges the fee on top: the amount arrives, amount + fee leaves', () => {
    expect(withdrawFigures('100', '1')).toEqual({ fee: '1', total: '101', received: '100' });
    expect(withdrawFigures('0.1', '0.2')).toEqual({ fee: '0.2', total: '0.3', received: '0.1' });
    expect(withdrawFigures('0.0012', '0.0002')).toEqual({ fee: '0.0002', total: '0.0014', received: '0.0012' });
  });

  it('adds exactly at 20 integer digits and 8 decimals, where a binary float would not', () => {
    expect(withdrawFigures('99999999999999999999.99999999', '0.00000001').total).toBe('100000000000000000000');
    expect(withdrawFigures('12345678901234567890.1', '3').total).toBe('12345678901234567893.1');
    fc.assert(
      fc.property(money, money, (amount, fee) => {
        expect(units(withdrawFigures(amount, fee).total)).toBe(units(amount) + units(fee));
      }),
    );
  });
});

describe('withdrawMax', () => {
  it('leaves room for the fee and cuts toward zero to the field places', () => {
    expect(withdrawMax('100.12345678', '1', 4)).toBe('99.1234');
    expect(withdrawMax('0.01', '0.0002', 8)).toBe('0.00980000');
    expect(withdrawMax('101', '1', 4)).toBe('100.0000');
  });

  it('is zero when the fee is more than what is available', () => {
    expect(withdrawMax('0.5', '1', 4)).toBe('0.0000');
  });

  it('never offers more than the balance can pay with its fee', () => {
    fc.assert(
      fc.property(money, money, fc.integer({ min: 0, max: 8 }), (available, fee, places) => {
        const max = withdrawMax(available, fee, places);
        if (units(max) > 0n) expect(units(withdrawFigures(max, fee).total) <= units(available)).toBe(true);
      }),
    );
  });
});
