import { describe, expect, it } from 'vitest';
import {
  type OrderDraft,
  type OrderRules,
  orderRulesOf,
  validateOrder,
} from '../../../../engine/rules/order-validation';

const SPOT: OrderRules = { pricePlaces: 2, sizePlaces: 4, minSize: '0.0001', minNotional: '5' };
const FUTURES: OrderRules = {
  pricePlaces: 1,
  priceStep: '0.5',
  sizePlaces: 3,
  sizeStep: '0.001',
  minSize: '0.001',
  minNotional: '5',
};
const buy = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  market: 'spot',
  side: 'buy',
  type: 'limit',
  price: '60000.00',
  size: '0.0100',
  available: '1000',
  ...over,
});

describe('validateOrder', () => {
  it('accepts an order within tick, lot, minimums and balance', () => {
    expect(validateOrder(buy(), SPOT)).toEqual([]);
    expect(
      validateOrder(
        buy({ market: 'futures', price: '60000.5', size: '0.050', leverage: 10, available: '300.03' }),
        FUTURES,
      ),
    ).toEqual([]);
  });

  it('asks for a missing price or size and refuses zero', () => {
    expect(validateOrder(buy({ price: '', size: '.' }), SPOT)).toEqual([
      { field: 'price', code: 'required' },
      { field: 'size', code: 'required' },
    ]);
    expect(validateOrder(buy({ price: '0.00' }), SPOT)).toEqual([{ field: 'price', code: 'not-positive' }]);
  });

  it('holds prices to the tick and sizes to the lot, exactly', () => {
    expect(validateOrder(buy({ market: 'futures', price: '60000.3', size: '0.050', leverage: 10 }), FUTURES)).toEqual([
      { field: 'price', code: 'tick', params: { step: '0.5' } },
    ]);
    expect(validateOrder(buy({ size: '0.00005' }), SPOT)).toEqual([
      { field: 'size', code: 'lot', params: { step: '0.0001' } },
    ]);
    // 0.1 + 0.2 is not 0.3 in binary floats; here 0.3 is a whole number of 0.1 lots.
    expect(validateOrder(buy({ size: '0.3', price: '100' }), { ...SPOT, sizeStep: '0.1' })).toEqual([]);
  });

  it('refuses sizes and values under the minimums', () => {
    expect(validateOrder(buy({ size: '0.0001', price: '100.00' }), { ...SPOT, minSize: '0.001' })).toEqual([
      { field: 'size', code: 'min-size', params: { min: '0.001' } },
    ]);
    expect(validateOrder(buy({ size: '0.0001', price: '100.00' }), SPOT)).toEqual([
      { field: 'size', code: 'min-notional', params: { min: '5' } },
    ]);
  });

  it('checks what the order spends: quote for a spot buy, base for a sell, margin for futures', () => {
    expect(validateOrder(buy({ size: '0.0200', available: '1000' }), SPOT)).toEqual([
      { field: 'size', code: 'balance', params: { available: '1000' } },
    ]);
    expect(validateOrder(buy({ side: 'sell', size: '0.0200', available: '0.0199' }), SPOT)).toEqual([
      { field: 'size', code: 'balance', params: { available: '0.0199' } },
    ]);
    expect(validateOrder(buy({ side: 'sell', size: '0.0200', available: '0.02' }), SPOT)).toEqual([]);
    expect(
      validateOrder(
        buy({ market: 'futures', price: '60000.0', size: '0.050', leverage: 10, available: '299.99' }),
        FUTURES,
      ),
    ).toHaveLength(1);
    expect(
      validateOrder(
        buy({ market: 'futures', price: '60000.0', size: '0.050', leverage: 10, available: '1', reduceOnly: true }),
        FUTURES,
      ),
    ).toEqual([]);
    expect(validateOrder(buy({ available: null, size: '9.0000' }), SPOT)).toEqual([]);
  });

  it('needs margin only for what a one-way futures order opens beyond the position it closes first', () => {
    // 0.050 at 60000 and 10x needs 300; with a 0.030 opposite position it opens 0.020, which needs 120.
    const order = { market: 'futures' as const, price: '60000.0', size: '0.050', leverage: 10, available: '120' };
    expect(validateOrder(buy(order), FUTURES)).toEqual([
      { field: 'size', code: 'balance', params: { available: '120' } },
    ]);
    expect(validateOrder(buy({ ...order, closable: '0.030' }), FUTURES)).toEqual([]);
    expect(validateOrder(buy({ ...order, closable: '0.029' }), FUTURES)).toHaveLength(1);
    // A position larger than the order: nothing opens.
    expect(validateOrder(buy({ ...order, available: '0', closable: '0.100' }), FUTURES)).toEqual([]);
  });

  it('values a market order at the reference price, and checks a stop-limit trigger', () => {
    expect(
      validateOrder(buy({ type: 'market', price: undefined, referencePrice: '60000', size: '0.0200' }), SPOT),
    ).toEqual([{ field: 'size', code: 'balance', params: { available: '1000' } }]);
    expect(validateOrder(buy({ type: 'stop-limit', triggerPrice: '' }), SPOT)).toEqual([
      { field: 'triggerPrice', code: 'required' },
    ]);
  });

  it('treats hostile values as missing, never as numbers', () => {
    for (const bad of ['NaN', 'Infinity', '1e5', '-1', '0x10', '1,000', '<b>1</b>']) {
      expect(validateOrder(buy({ size: bad }), SPOT)).toContainEqual({ field: 'size', code: 'required' });
    }
  });
});

describe('orderRulesOf', () => {
  it('hands order validation the steps and drops a zero minimum value', () => {
    const spot = {
      pricePlaces: 2,
      priceStep: '0.01',
      sizePlaces: 6,
      sizeStep: '0.000001',
      minSize: '0.000001',
      minNotional: '0',
    };
    expect(orderRulesOf(spot)).toEqual({
      pricePlaces: 2,
      priceStep: '0.01',
      sizePlaces: 6,
      sizeStep: '0.000001',
      minSize: '0.000001',
      minNotional: undefined,
    });
  });

  it('keeps a minimum value the instrument has', () => {
    expect(
      orderRulesOf({
        pricePlaces: 1,
        priceStep: '0.5',
        sizePlaces: 3,
        sizeStep: '0.001',
        minSize: '0.001',
        minNotional: '5',
      }).minNotional,
    ).toBe('5');
  });
});
