/**
 * How the exchange shows an email address or a phone number it must not spell out (where a code went, an account's
 * contacts): one rule for the gateway's replies and the pages that mask an address the person typed.
 */

/** Masks an email for display: first character of the local part, `***`, then the domain (`d***@example.com`). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Masks a mobile number for display: first 3 and last 4 digits of long numbers (`138****5678`), first and last 2 of short ones. */
export function maskMobile(mobile: string): string {
  if (mobile.length >= 9) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  if (mobile.length >= 5) return `${mobile.slice(0, 2)}****${mobile.slice(-2)}`;
  return '****';
}

/** Masks a phone number with its country code, as a code's destination is shown: `+81 901****5678`. */
export function maskPhone(areaCode: string, mobile: string): string {
  return `+${areaCode} ${maskMobile(mobile)}`;
}

/** Masks whichever contact a login name is: an email when it contains `@`, otherwise a mobile number. */
export function maskLoginName(loginName: string): string {
  return loginName.includes('@') ? maskEmail(loginName) : maskMobile(loginName);
}
