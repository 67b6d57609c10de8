import { type PasswordGap, passwordGaps } from '../../engine/rules/auth-fields';
import type { MessageKey, Translate } from '../i18n/i18n';

/** Each gap in the words of what to change; the hint beside the field states the whole rule once. */
const GAP_TEXTS: Record<PasswordGap, MessageKey> = {
  characters: 'auth.pwdCharacters',
  tooShort: 'auth.pwdTooShort',
  tooLong: 'auth.pwdTooLong',
  letter: 'auth.pwdAddLetter',
  digit: 'auth.pwdAddDigit',
};

/**
 * The error under a new password: "required" naming the field, else what the typed password still lacks, one line
 * per gap (the field shows line breaks), or null when it passes.
 */
export function passwordGapText(t: Translate, value: string, field: string): string | null {
  if (!value) return t('auth.required', { field });
  const gaps = passwordGaps(value);
  return gaps.length === 0 ? null : gaps.map((gap) => t(GAP_TEXTS[gap])).join('\n');
}
