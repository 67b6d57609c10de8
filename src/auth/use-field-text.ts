import type { FieldProblem } from '../../engine/rules/auth-fields';
import type { Translate } from '../i18n/i18n';

/** The localized text of a field problem, naming the field for "required". */
export function fieldProblemText(t: Translate, problem: FieldProblem | null, field: string): string | null {
  if (!problem) return null;
  return problem === 'required' ? t('auth.required', { field }) : t(`auth.${problem}`);
}
