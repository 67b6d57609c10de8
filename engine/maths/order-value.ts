import { HALF_UP, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type DecimalInput, isMissing, readDecimal } from './read-input';

/** An order's limit price (absent or zero for a market order) and its size in the base coin. */
export interface OrderValueLine {
  price?: DecimalInput | null;
  size: DecimalInput;
}

/** Open orders to value, and the places of the coin the values are shown in (the quote coin). */
export interface OrderValuesInput {
  orders: readonly OrderValueLine[];
  places: DecimalInput;
}

/** More rows than any open-orders page holds: a longer list is a fault of the caller, not a page to work through. */
export const ORDER_VALUES_LIMIT = 500;

/**
 * What each open order is worth at its own price, `price × size` rounded half-up to the quote coin's places (the
 * open-orders "Value" column, as the exchange's web shows it). A market order has no price of its own until it fills:
 * its value is null, shown as `--`.
 */
export function orderValues(input: OrderValuesInput): (string | null)[] {
  const places = readDecimal(input?.places, 'places', 'non-negative');
  if (!places.isInteger() || places.gt(18)) {
    throw new MathsInputError('places', 'maths.out-of-range', 'places must be a whole number from 0 to 18');
  }
  const orders = input.orders;
  if (!Array.isArray(orders)) throw new MathsInputError('orders', 'maths.missing', 'orders must be a list');
  if (orders.length > ORDER_VALUES_LIMIT) {
    throw new MathsInputError('orders', 'maths.out-of-range', `at most ${ORDER_VALUES_LIMIT} orders`);
  }
  return orders.map((order, index) => {
    const size = readDecimal(order?.size, `orders[${index}].size`, 'non-negative');
    const price = isMissing(order.price) || order.price === '' ? null : order.price;
    if (price === null) return null;
    const value = readDecimal(price, `orders[${index}].price`, 'non-negative');
    if (value.isZero()) return null;
    return toFixedString(value.times(size), places.toNumber(), HALF_UP);
  });
}
