import {
  captureReferral,
  parseReferralConfig,
  readReferralCache,
  readReferralCodes,
  referralRegistrationFields,
} from '../../engine/rules/referral';
import { api } from './secured-api';
import { safeStorage } from '../platform/storage';

const CACHE_KEY = 'referral_cache';

/** Captures referral codes from the landing URL under the server's referral config (spec §3); does nothing without codes. */
export async function captureReferralFromUrl(url: URL = new URL(location.href)): Promise<void> {
  if (Object.keys(readReferralCodes(url.searchParams)).length === 0) return;
  let config: unknown;
  try {
    config = await api.get('/public/referral/config', { silent: true });
  } catch {
    return;
  }
  const entry = captureReferral(parseReferralConfig(config), url.searchParams, url.href, Date.now());
  if (entry) safeStorage.set(CACHE_KEY, JSON.stringify(entry));
}

/** The referral fields to send with a registration; an expired or tampered cache is dropped (spec §3). */
export function referralFieldsForRegistration(now = Date.now()): Record<string, string> {
  const cache = readReferralCache(safeStorage.get(CACHE_KEY), now);
  if (!cache) {
    try {
      localStorage.removeItem(CACHE_KEY);
    } catch {
      // Storage may be unavailable; nothing was cached then.
    }
    return {};
  }
  return referralRegistrationFields(cache.codes);
}
