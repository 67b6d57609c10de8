import { useEffect, useState } from 'react';
import type { MathsFailure } from '../../../workers/maths.api';
import { mathsWorker } from '../../workers';
import type { TradeOrder } from '../trade-replies';

/**
 * Each open order's value at its own price (`price × size` in the quote coin, to `places`), worked out in the maths
 * worker whenever the list changes: by order id, null for a market order; undefined until the worker answers or when
 * it cannot (the column then shows `--`, never a figure worked out on the page).
 */
export function useOrderValues(
  orders: readonly TradeOrder[],
  places: number,
): ReadonlyMap<string, string | null> | undefined {
  const [values, setValues] = useState<ReadonlyMap<string, string | null> | undefined>(undefined);
  useEffect(() => {
    if (orders.length === 0) {
      setValues(new Map());
      return;
    }
    let live = true;
    const lines = orders.map((order) => ({
      price: order.orderType === 'market' ? null : order.price,
      size: order.size,
    }));
    mathsWorker
      .call((api) => api.orderValues({ orders: lines, places }) as Promise<(string | null)[] | MathsFailure>)
      .then((answer: (string | null)[] | MathsFailure) => {
        if (!live) return;
        setValues(
          Array.isArray(answer) ? new Map(orders.map((order, i) => [order.orderId, answer[i] ?? null])) : undefined,
        );
      })
      .catch(() => {
        if (live) setValues(undefined);
      });
    return () => {
      live = false;
    };
  }, [orders, places]);
  return values;
}
