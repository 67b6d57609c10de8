import { referralCodeFromLink } from '../../engine/rules/referral-link';

/** What `/register` keeps from its address: the referral code a sign-up link brings for the form's field. */
export interface RegisterSearch {
  referralCode?: string;
}

/** A search value as the link wrote it: the router reads `?referralCode=12345678` as a number, and digits are a code too. */
function searchText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

/**
 * Validates `/register`'s search: the first well-formed referral code of the link's keys (spec §2.2, §3), or none.
 * The key is always named: the router lays the validated search over the raw one, so an absent key would let a
 * malformed `?referralCode=` through unchecked.
 */
export function registerSearch(search: Record<string, unknown>): RegisterSearch {
  const code = referralCodeFromLink({ get: (name) => searchText(search[name]) });
  return { referralCode: code ?? undefined };
}
