import { isReferralCode, type QueryReader } from './referral-link';

export { isReferralCode, type QueryReader, referralCodeFromLink, SIGN_UP_REFERRAL_KEYS } from './referral-link';

/** The referral codes read from a landing URL (spec §3 "Referral codes"). */
export interface ReferralCodes {
  channelCode?: string;
  vipCode?: string;
  clacCode?: string;
  commonCode?: string;
  groupId?: string;
  actCode?: string;
}

/** A time-limited entry of the referral config's lists (spec §3 "Referral config"). */
export interface ReferralChannelRule {
  channelCode: string;
  cacheEffectiveTime: number;
  channelCodeBeginTime?: number;
  channelCodeEndTime?: number;
}

export interface ReferralLinkRule {
  activeLink: string;
  cacheEffectiveTime: number;
  activeLinkBeginTime?: number;
  activeLinkEndTime?: number;
}

/** The referral config (spec §3); times are ms since epoch, cacheEffectiveTime is in days. */
export interface ReferralConfig {
  open: boolean;
  cacheEffectiveTime: number;
  cacheBeginTime?: number;
  cacheEndTime?: number;
  channelCodeList: ReferralChannelRule[];
  activeLinkList: ReferralLinkRule[];
}

/** What is cached: the codes and when they stop counting. */
export interface ReferralCache {
  codes: ReferralCodes;
  endTime: number;
}

const CODE_KEYS = ['channelCode', 'vipCode', 'clacCode', 'commonCode', 'groupId', 'actCode'] as const;
const DAY_MS = 86_400_000;
const MAX_DAYS = 3650;

/** Reads the referral codes from URL query parameters: a comma list yields its first item; malformed codes are dropped (spec §3). */
export function readReferralCodes(params: QueryReader): ReferralCodes {
  const codes: ReferralCodes = {};
  for (const key of CODE_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const first = raw.split(',')[0]?.trim() ?? '';
    if (isReferralCode(first)) codes[key] = first;
  }
  return codes;
}

function within(now: number, begin?: number, end?: number): boolean {
  return (begin === undefined || now >= begin) && (end === undefined || now <= end);
}

function days(value: number): number | null {
  return Number.isFinite(value) && value > 0 ? Math.min(value, MAX_DAYS) : null;
}

/**
 * How many days a capture is cached: a matching channel rule first, then a matching active link,
 * then the config's own window; null when nothing applies or capture is closed (spec §3).
 */
export function referralCacheDays(
  config: ReferralConfig,
  codes: ReferralCodes,
  pageUrl: string,
  now: number,
): number | null {
  if (!config.open) return null;
  const channel = config.channelCodeList.find(
    (rule) => rule.channelCode === codes.channelCode && within(now, rule.channelCodeBeginTime, rule.channelCodeEndTime),
  );
  if (channel) return days(channel.cacheEffectiveTime);
  const link = config.activeLinkList.find(
    (rule) =>
      rule.activeLink !== '' &&
      pageUrl.startsWith(rule.activeLink) &&
      within(now, rule.activeLinkBeginTime, rule.activeLinkEndTime),
  );
  if (link) return days(link.cacheEffectiveTime);
  return within(now, config.cacheBeginTime, config.cacheEndTime) ? days(config.cacheEffectiveTime) : null;
}

/** The cache entry to store for a landing, or null when there is nothing to keep. */
export function captureReferral(
  config: ReferralConfig,
  params: QueryReader,
  pageUrl: string,
  now: number,
): ReferralCache | null {
  const codes = readReferralCodes(params);
  if (Object.keys(codes).length === 0) return null;
  const cacheDays = referralCacheDays(config, codes, pageUrl, now);
  return cacheDays === null ? null : { codes, endTime: now + cacheDays * DAY_MS };
}

/** Reads a stored cache entry, dropping it when expired or malformed (storage is hostile input too). */
export function readReferralCache(raw: string | null, now: number): ReferralCache | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const entry = parsed as { codes?: Record<string, unknown>; endTime?: unknown };
  if (
    typeof entry?.endTime !== 'number' ||
    entry.endTime <= now ||
    typeof entry.codes !== 'object' ||
    entry.codes === null
  )
    return null;
  const codes: ReferralCodes = {};
  for (const key of CODE_KEYS) {
    const value = entry.codes[key];
    if (typeof value === 'string' && isReferralCode(value)) codes[key] = value;
  }
  return Object.keys(codes).length > 0 ? { codes, endTime: entry.endTime } : null;
}

/** The registration fields the codes are sent as (spec §3). */
export function referralRegistrationFields(codes: ReferralCodes): Record<string, string> {
  const out: Record<string, string> = {};
  if (codes.vipCode) out.registerVipNo = codes.vipCode;
  if (codes.channelCode) out.registerChannel = codes.channelCode;
  if (codes.clacCode) out.clacCode = codes.clacCode;
  if (codes.commonCode) out.commonCode = codes.commonCode;
  if (codes.groupId) out.groupId = codes.groupId;
  if (codes.actCode) out.actCode = codes.actCode;
  return out;
}

/** Validates a referral config from the server; a malformed one turns capture off rather than throwing. */
export function parseReferralConfig(value: unknown): ReferralConfig {
  const closed: ReferralConfig = { open: false, cacheEffectiveTime: 0, channelCodeList: [], activeLinkList: [] };
  if (value === null || typeof value !== 'object') return closed;
  const v = value as Record<string, unknown>;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const list = (x: unknown) =>
    Array.isArray(x) ? x.filter((i): i is Record<string, unknown> => i !== null && typeof i === 'object') : [];
  return {
    open: v.open === true,
    cacheEffectiveTime: num(v.cacheEffectiveTime) ?? 0,
    cacheBeginTime: num(v.cacheBeginTime),
    cacheEndTime: num(v.cacheEndTime),
    channelCodeList: list(v.channelCodeList)
      .filter((r) => typeof r.channelCode === 'string')
      .map((r) => ({
        channelCode: r.channelCode as string,
        cacheEffectiveTime: num(r.cacheEffectiveTime) ?? 0,
        channelCodeBeginTime: num(r.channelCodeBeginTime),
        channelCodeEndTime: num(r.channelCodeEndTime),
      })),
    activeLinkList: list(v.activeLinkList)
      .filter((r) => typeof r.activeLink === 'string')
      .map((r) => ({
        activeLink: r.activeLink as string,
        cacheEffectiveTime: num(r.cacheEffectiveTime) ?? 0,
        activeLinkBeginTime: num(r.activeLinkBeginTime),
        activeLinkEndTime: num(r.activeLinkEndTime),
      })),
  };
}
