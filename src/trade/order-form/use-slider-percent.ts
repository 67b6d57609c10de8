import { useState } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import type { OrderFormState } from './order-form-model';
import { percentPatch } from './order-form-sizing';
import type { FormSummary } from './order-form-summary';

/**
 * Where the percentage slider stands and what choosing a share does: it writes that share's amount, and shows the
 * share it was set to while the amount is the one it wrote (a lot floor may read a point lower); a typed amount moves
 * it to the share that amount is.
 */
export function useSliderPercent(
  form: OrderFormState,
  instrument: TradeInstrument,
  summary: Pick<FormSummary, 'maxInput' | 'percentOfMax'>,
  change: (patch: Partial<OrderFormState>) => void,
): { percent: number; choose(share: number): void } {
  const [picked, setPicked] = useState<{ percent: number; amount: string } | null>(null);
  const amountTyped = form.sizeUnit === 'base' ? form.size : form.quoteAmount;
  const percent = picked && amountTyped !== '' && picked.amount === amountTyped ? picked.percent : summary.percentOfMax;
  const choose = (share: number) => {
    const patch = percentPatch(form, instrument, summary.maxInput, share);
    if (!patch) return;
    change(patch);
    setPicked({ percent: share, amount: patch.size ?? patch.quoteAmount ?? '' });
  };
  return { percent, choose };
}
