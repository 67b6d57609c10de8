import { describe, expect, it } from 'vitest';
import { MathsInputError } from '../../../../engine/maths';
import { ORDER_VALUES_LIMIT, orderValues } from '../../../../engine/maths/order-value';
import { createMathsApi } from '../../../../workers/maths.api';

describe('orderValues', () => {
  it('is price × size, half-up to the quote places, exact where floats are not', () => {
    expect(
      orderValues({
        orders: [
          { price: '60000.00', size: '0.5000' },
          // 61234.57 × 0.0013 = 79.604941 → 79.60; 0.1 × 3 is 0.30000000000000004 in floats.
          { price: '61234.57', size: '0.0013' },
          { price: '0.1', size: '3' },
          // A tie rounds away from zero: 0.125 → 0.13.
          { price: '0.25', size: '0.5' },
        ],
        places: 2,
      }),
    ).toEqual(['30000.00', '79.60', '0.30', '0.13']);
  });

  it('gives a market order (no price, or zero) no value', () => {
    expect(
      orderValues({
        orders: [{ price: '', size: '1' }, { price: null, size: '1' }, { size: '1' }, { price: '0', size: '1' }],
        places: 2,
      }),
    ).toEqual([null, null, null, null]);
  });

  it('keeps every digit of a large order', () => {
    expect(orderValues({ orders: [{ price: '98765432.12345678', size: '12345.6789' }], places: 8 })).toEqual([
      '1219326311415.94256391',
    ]);
  });

  it('refuses what no order list holds, naming the field', () => {
    const refused = (input: unknown) => {
      try {
        orderValues(input as Parameters<typeof orderValues>[0]);
      } catch (error) {
        return error instanceof MathsInputError ? error.field : 'other';
      }
      return null;
    };
    expect(refused({ orders: [{ price: 'abc', size: '1' }], places: 2 })).toBe('orders[0].price');
    expect(refused({ orders: [{ price: '1', size: '-1' }], places: 2 })).toBe('orders[0].size');
    expect(refused({ orders: [{ price: '1', size: '1e999' }], places: 2 })).toBe('orders[0].size');
    expect(refused({ orders: [{ price: '1' }], places: 2 })).toBe('orders[0].size');
    expect(refused({ orders: [], places: 2.5 })).toBe('places');
    expect(refused({ orders: [], places: 19 })).toBe('places');
    expect(refused({ orders: 'all', places: 2 })).toBe('orders');
    const tooMany = Array.from({ length: ORDER_VALUES_LIMIT + 1 }, () => ({ price: '1', size: '1' }));
    expect(refused({ orders: tooMany, places: 2 })).toBe('orders');
  });

  it('answers through the worker API, a refusal as a failure rather than a throw', async () => {
    const api = createMathsApi();
    expect(await api.orderValues({ orders: [{ price: '2.5', size: '4' }], places: 2 })).toEqual(['10.00']);
    expect(await api.orderValues({ orders: [{ price: 'x', size: '4' }], places: 2 })).toMatchObject({
      ok: false,
      field: 'orders[0].price',
    });
  });
});
