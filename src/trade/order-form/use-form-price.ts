import { type Dispatch, type MutableRefObject, type SetStateAction, useEffect, useRef } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { type OrderFormState, sanitizePrice } from './order-form-model';

/**
 * The price field's outside inputs: tells the caller whether the live last price is needed, fills an empty price
 * with the last trade once (until the user types one), and applies a price clicked in the order book.
 */
export function useFormPrice({
  form,
  setForm,
  instrument,
  lastPrice,
  pickedPrice,
  onLivePriceNeed,
  priceEdited,
}: {
  form: OrderFormState;
  setForm: Dispatch<SetStateAction<OrderFormState>>;
  instrument: TradeInstrument;
  lastPrice: string | null;
  pickedPrice?: { price: string; n: number };
  onLivePriceNeed?: (isNeeded: boolean) => void;
  priceEdited: MutableRefObject<boolean>;
}): void {
  const isLivePriceNeeded = form.type === 'market' || (form.price === '' && !priceEdited.current);
  useEffect(() => onLivePriceNeed?.(isLivePriceNeeded), [isLivePriceNeeded, onLivePriceNeed]);

  // A default price: the last trade, once, until the user types one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setForm and the ref are stable.
  useEffect(() => {
    if (lastPrice === null || priceEdited.current) return;
    const price = sanitizePrice(lastPrice, instrument);
    setForm((current) => (current.price === '' ? { ...current, price } : current));
  }, [lastPrice, instrument]);

  // A price clicked in the order book replaces the price field (and turns a market order into a limit).
  // A pick made before this form existed (another symbol's) is not applied: only a new `n` is.
  const seenPick = useRef(pickedPrice?.n);
  const pickedN = pickedPrice?.n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new click (n) applies the picked price.
  useEffect(() => {
    if (!pickedPrice || pickedPrice.n === seenPick.current) return;
    seenPick.current = pickedPrice.n;
    priceEdited.current = true;
    const price = sanitizePrice(pickedPrice.price, instrument);
    setForm((current) => ({ ...current, price, type: current.type === 'market' ? 'limit' : current.type }));
  }, [pickedN]);
}
