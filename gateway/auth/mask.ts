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

/** Masks whichever contact a login name is: an email when it contains `@`, otherwise a mobile number. */
export function maskLoginName(loginName: string): string {
  return loginName.includes('@') ? maskEmail(loginName) : maskMobile(loginName);
}
