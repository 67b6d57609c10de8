import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { type OrderMaxInput, orderSizeFor, quoteFromSize, sizeFromQuote } from '../../../engine/rules/order-max';
import type { OrderFormState } from './order-form-model';

/** What sizing reads of the form's context: the instrument, and the last trade price a market order is valued at. */
export interface SizingContext {
  instrument: TradeInstrument;
  /** The last trade price (plain decimal); null while unknown, or while the page does not keep it live. */
  lastPrice: string | null;
}

/** Decimals of an amount typed in the quote coin (and of the fee shown): the price places, at least cents. */
export function quotePlacesOf(instrument: TradeInstrument): number {
  return Math.max(2, instrument.pricePlaces);
}

/** The unit price the form values and sizes an order at: its limit price, or the last price for a market order. */
export function unitPriceOf(form: OrderFormState, lastPrice: string | null): string | null {
  return form.type === 'market' ? lastPrice : form.price;
}

/**
 * The base size the order sends: what was typed in the base coin, or the quote amount ÷ price floored to the lot
 * (this is also the size the form shows under a quote amount, so what is sent is what was shown).
 */
export function sendSizeOf(form: OrderFormState, { instrument, lastPrice }: SizingContext): string {
  if (form.sizeUnit === 'base') return form.size;
  return sizeFromQuote(form.quoteAmount, unitPriceOf(form, lastPrice), instrument.sizeStep) ?? '';
}

/** The fields a slider move or Max writes: the share's size in the base coin, or its value in the quote coin. */
export function percentPatch(
  form: OrderFormState,
  instrument: TradeInstrument,
  input: OrderMaxInput,
  percent: number,
): Partial<OrderFormState> | null {
  const size = percent <= 0 ? '' : orderSizeFor(input, percent);
  if (size === null) return null;
  const isEmpty = size === '' || Number(size) === 0;
  if (form.sizeUnit === 'base') return { size: isEmpty ? '' : size };
  return { quoteAmount: isEmpty ? '' : (quoteFromSize(size, input.price, quotePlacesOf(instrument)) ?? '') };
}

/** The unit switch: the amount carries over, converted at the form's price. */
export function unitPatch(
  form: OrderFormState,
  context: SizingContext,
  unit: OrderFormState['sizeUnit'],
): Partial<OrderFormState> {
  if (unit === form.sizeUnit) return {};
  const price = unitPriceOf(form, context.lastPrice);
  if (unit === 'quote')
    return { sizeUnit: unit, quoteAmount: quoteFromSize(form.size, price, quotePlacesOf(context.instrument)) ?? '' };
  return { sizeUnit: unit, size: sendSizeOf(form, context) };
}
