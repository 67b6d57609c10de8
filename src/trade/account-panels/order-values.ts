import { useMemo } from 'react';
import type { OrderValuesInput } from '../../../engine/maths/order-value';
import type { MathsFailure } from '../../../workers/maths.api';
import type { TradeOrder } from '../trade-replies';
import { useMathsAnswer } from './use-maths-answer';

/**
 * Each open order's value at its own price (`price × size` in the quote coin, to `places`), worked out in the maths
 * worker whenever the list changes: by order id, null for a market order; undefined until the worker answers or when
 * it cannot (the column then shows `--`, never a figure worked out on the page).
 */
export function useOrderValues(
  orders: readonly TradeOrder[],
  places: number,
): ReadonlyMap<string, string | null> | undefined {
  const input = useMemo<OrderValuesInput>(
    () => ({
      orders: orders.map((order) => ({ price: order.orderType === 'market' ? null : order.price, size: order.size })),
      places,
    }),
    [orders, places],
  );
  const values = useMathsAnswer(
    input,
    (api, request) => api.orderValues(request) as Promise<(string | null)[] | MathsFailure>,
  );
  return useMemo(
    () => (values ? new Map(orders.map((order, i) => [order.orderId, values[i] ?? null])) : undefined),
    [orders, values],
  );
}
