import type { Translate } from '../../i18n/i18n';
import type { FormField } from './order-form-model';
import type { FormProblem } from './order-form-summary';

/** The localized message of one problem (texts `order.*`). */
function problemText(problem: FormProblem, t: Translate): string {
  switch (problem.code) {
    case 'required':
      return t(
        problem.field === 'price'
          ? 'order.priceRequired'
          : problem.field === 'trigger'
            ? 'order.triggerRequired'
            : 'order.sizeRequired',
      );
    case 'not-positive':
      return t('order.notPositive');
    case 'tick':
      return t('order.tick', problem.params);
    case 'lot':
      return t('order.lot', problem.params);
    case 'min-size':
      return t('order.minSize', problem.params);
    case 'min-notional':
      return t('order.minNotional', problem.params);
    case 'balance':
      return t('order.balance', problem.params);
    case 'preset-above':
      return t('order.presetAbove', problem.params);
    case 'preset-below':
      return t('order.presetBelow', problem.params);
  }
}

/** The message under each field: the first problem of the field, once `shown` says the field may show one. */
export function fieldErrorsOf(
  problems: readonly FormProblem[],
  shown: (field: FormField) => boolean,
  t: Translate,
): Partial<Record<FormField, string | null>> {
  const errors: Partial<Record<FormField, string | null>> = {};
  for (const problem of problems) {
    if (shown(problem.field) && !errors[problem.field]) errors[problem.field] = problemText(problem, t);
  }
  return errors;
}
