import { describe, expect, it } from 'vitest';
import type { OrderMaxInput } from '../../../../engine/rules/order-max';
import { INITIAL_FORM, type OrderFormState } from '../../../../src/trade/order-form/order-form-model';
import { percentPatch, sendSizeOf, unitPatch } from '../../../../src/trade/order-form/order-form-sizing';
import { SPOT } from './instruments';

const formOf = (patch: Partial<OrderFormState>): OrderFormState => ({ ...INITIAL_FORM, ...patch });

describe('sendSizeOf', () => {
  it('sends the base amount as typed, and a quote amount ÷ the market price floored to the lot', () => {
    const context = { instrument: SPOT, lastPrice: '99.00' };
    expect(sendSizeOf(formOf({ size: '1.5' }), context)).toBe('1.5');
    expect(sendSizeOf(formOf({ type: 'market', sizeUnit: 'quote', quoteAmount: '100' }), context)).toBe('1.0101');
    expect(
      sendSizeOf(formOf({ type: 'market', sizeUnit: 'quote', quoteAmount: '100' }), { ...context, lastPrice: null }),
    ).toBe('');
  });
});

describe('unitPatch', () => {
  const context = { instrument: SPOT, lastPrice: '101.00' };

  it('carries a base amount over to the quote coin at the limit price', () => {
    expect(unitPatch(formOf({ price: '100.00', size: '1.5' }), context, 'quote')).toEqual({
      sizeUnit: 'quote',
      quoteAmount: '150.00',
    });
  });

  it('carries a quote amount back as the base size it sends', () => {
    const form = formOf({ price: '100.00', sizeUnit: 'quote', quoteAmount: '150.555' });
    expect(unitPatch(form, context, 'base')).toEqual({ sizeUnit: 'base', size: '1.5055' });
  });

  it('changes nothing when the unit stays', () => {
    expect(unitPatch(formOf({ size: '1' }), context, 'base')).toEqual({});
  });
});

describe('percentPatch', () => {
  const input: OrderMaxInput = {
    market: 'spot',
    side: 'buy',
    available: '1000',
    price: '100.00',
    isMarket: false,
    leverage: 1,
    takerFeeRate: '0.001',
    sizeStep: '0.0001',
    reservePlaces: 2,
  };

  it('writes the share of Max in the coin the amount is typed in', () => {
    // 1000 USDT / 100 → 10 BTC (a buy's fee is paid in the BTC it receives); a quarter of it is 2.5.
    expect(percentPatch(formOf({}), SPOT, input, 100)).toEqual({ size: '10.0000' });
    expect(percentPatch(formOf({}), SPOT, input, 25)).toEqual({ size: '2.5000' });
    expect(percentPatch(formOf({ sizeUnit: 'quote' }), SPOT, input, 25)).toEqual({ quoteAmount: '250.00' });
  });

  it('empties the amount at 0 %, and writes nothing while Max is unknown', () => {
    expect(percentPatch(formOf({ size: '1' }), SPOT, input, 0)).toEqual({ size: '' });
    expect(percentPatch(formOf({}), SPOT, { ...input, available: null }, 50)).toBeNull();
  });
});
