/** Why a sign-in or registration field is refused; the UI maps each to a localized text. */
export type FieldProblem =
  | 'required'
  | 'invalidEmail'
  | 'invalidMobile'
  | 'invalidLoginName'
  | 'invalidCode'
  | 'passwordRule'
  | 'passwordMismatch';

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const MOBILE = /^\d{5,15}$/;
const AREA_CODE = /^\d{1,4}$/;
const CODE = /^\d{6}$/;

/** Email check for registration and sign-in forms (spec §5 leaves field rules open; these are ours and match the gateway's). */
export function checkEmail(value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  return v.length <= 254 && EMAIL.test(v) ? null : 'invalidEmail';
}

/** Phone number: digits only, 5 to 15 of them (E.164 without the country code). */
export function checkMobile(value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  return MOBILE.test(v) ? null : 'invalidMobile';
}

/** Country calling code without the plus: 1 to 4 digits. */
export function checkAreaCode(value: string): FieldProblem | null {
  const v = value.trim().replace(/^\+/, '');
  if (!v) return 'required';
  return AREA_CODE.test(v) ? null : 'invalidMobile';
}

/** What a new password still lacks under the rule of {@link checkPassword}; the UI says each one in its own words. */
export type PasswordGap = 'characters' | 'tooShort' | 'tooLong' | 'letter' | 'digit';

/** Printable ASCII without the space: what the gateway lets a password contain. */
const PASSWORD_CHARS = /^[\x21-\x7e]*$/;

/**
 * What a typed password lacks, in the order a user would fix it (empty when it passes): only printable ASCII without
 * spaces, 8 to 32 characters, at least one Latin letter and one digit (the gateway's rule, checked before sending).
 */
export function passwordGaps(value: string): PasswordGap[] {
  const gaps: PasswordGap[] = [];
  if (!PASSWORD_CHARS.test(value)) gaps.push('characters');
  if (value.length < 8) gaps.push('tooShort');
  else if (value.length > 32) gaps.push('tooLong');
  if (!/[A-Za-z]/.test(value)) gaps.push('letter');
  if (!/\d/.test(value)) gaps.push('digit');
  return gaps;
}

/** Password rule: 8 to 32 printable ASCII characters without spaces, with at least one letter and one digit. */
export function checkPassword(value: string): FieldProblem | null {
  if (!value) return 'required';
  return passwordGaps(value).length === 0 ? null : 'passwordRule';
}

/** The repeated password must equal the first. */
export function checkRePassword(value: string, password: string): FieldProblem | null {
  if (!value) return 'required';
  return value === password ? null : 'passwordMismatch';
}

/** Verification codes (email, SMS, authenticator, new device) are six digits. */
export function checkCode(value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  return CODE.test(v) ? null : 'invalidCode';
}

/**
 * The sign-in name (spec §7.4 `loginName`): an email address or a phone number, checked before anything is sent, so
 * a typo gets "enter an email address or a phone number" under the field rather than a refusal from the server.
 */
export function checkLoginName(value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  return isPhoneLoginName(v) || checkEmail(v) === null ? null : 'invalidLoginName';
}

/** Whether a sign-in name is a phone number (then it needs a country code) rather than an email. */
export function isPhoneLoginName(value: string): boolean {
  return /^\+?\d{5,15}$/.test(value.trim());
}
