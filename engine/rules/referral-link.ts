/**
 * The referral-code rules a sign-up link needs (spec §2.2, §3), apart from the rest of engine/rules/referral.ts: the
 * `/register` route reads its link with them while routes are matched, before any page's own code has loaded.
 */

/** Anything that reads a query parameter (URLSearchParams in the page). */
export interface QueryReader {
  get(name: string): string | null;
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** True when a referral code is well formed: 1 to 64 of `A-Z a-z 0-9 _ -` (ours; the gateway checks the same). */
export function isReferralCode(value: string): boolean {
  return CODE.test(value);
}

/**
 * The query keys a sign-up link carries the referral code a visitor would type in: the app's `security/regist` keys
 * (spec §2.2), then the web's `clacCode` (spec §3).
 */
export const SIGN_UP_REFERRAL_KEYS = ['referralCode', 'inviteCode', 'clacCode'] as const;

/**
 * The referral code a sign-up link brings to the form's referral field: the first well-formed one under
 * {@link SIGN_UP_REFERRAL_KEYS}, a comma list yielding its first item, or null (spec §2.2, §3).
 */
export function referralCodeFromLink(params: QueryReader): string | null {
  for (const key of SIGN_UP_REFERRAL_KEYS) {
    const first = params.get(key)?.split(',')[0]?.trim() ?? '';
    if (isReferralCode(first)) return first;
  }
  return null;
}
