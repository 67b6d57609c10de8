import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import type { OrderProblem } from '../../../engine/rules/order-validation';
import type { Translate } from '../../i18n/i18n';
import { isClosing, type OrderFormState, presetProblem, problemText } from './order-form-model';
import type { FormField } from './OrderFormInputs';

const VALIDATED_FIELD: Record<string, FormField> = { price: 'price', triggerPrice: 'trigger', size: 'size' };

/**
 * The message under each field (the first problem of a field, once `shown` says the field may show one) and whether
 * the order may be sent: no validation problem and no bad take-profit / stop-loss preset.
 */
export function fieldErrorsOf({
  problems,
  form,
  instrument,
  hedge,
  shown,
  t,
}: {
  problems: readonly OrderProblem[];
  form: OrderFormState;
  instrument: TradeInstrument;
  hedge: boolean;
  shown: (field: FormField) => boolean;
  t: Translate;
}): { errors: Partial<Record<FormField, string | null>>; isValid: boolean } {
  const presets = instrument.market === 'futures' && form.hasPresets && !isClosing(form, hedge);
  const presetCodes = {
    takeProfit: presets ? presetProblem(form.takeProfit, instrument) : null,
    stopLoss: presets ? presetProblem(form.stopLoss, instrument) : null,
  };
  const errors: Partial<Record<FormField, string | null>> = {};
  for (const problem of problems) {
    const field = VALIDATED_FIELD[problem.field];
    if (shown(field) && !errors[field]) errors[field] = problemText(problem, t);
  }
  for (const field of ['takeProfit', 'stopLoss'] as const) {
    const code = presetCodes[field];
    if (code && shown(field)) errors[field] = problemText({ field, code, params: { step: instrument.priceStep } }, t);
  }
  return { errors, isValid: problems.length === 0 && !presetCodes.takeProfit && !presetCodes.stopLoss };
}
