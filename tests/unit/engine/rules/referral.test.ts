import { describe, expect, it } from 'vitest';
import {
  captureReferral,
  isReferralCode,
  parseReferralConfig,
  type ReferralConfig,
  readReferralCache,
  readReferralCodes,
  referralCacheDays,
  referralCodeFromLink,
  referralRegistrationFields,
} from '../../../../engine/rules/referral';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);
const config = (over: Partial<ReferralConfig> = {}): ReferralConfig => ({
  open: true,
  cacheEffectiveTime: 7,
  channelCodeList: [],
  activeLinkList: [],
  ...over,
});

describe('readReferralCodes', () => {
  it('reads the six codes, taking the first item of a comma list', () => {
    const params = new URLSearchParams(
      'channelCode=ch1,ch2&vipCode=V9&clacCode=c&commonCode=k&groupId=g1&actCode=a-1&other=x',
    );
    expect(readReferralCodes(params)).toEqual({
      channelCode: 'ch1',
      vipCode: 'V9',
      clacCode: 'c',
      commonCode: 'k',
      groupId: 'g1',
      actCode: 'a-1',
    });
  });
  it('drops hostile or empty codes', () => {
    const params = new URLSearchParams(`channelCode=<script>&vipCode=,x&groupId=${'a'.repeat(65)}&actCode=%0d%0a`);
    expect(readReferralCodes(params)).toEqual({});
  });
});

describe('referralCacheDays', () => {
  it('prefers a live channel rule, then an active link, then the global window', () => {
    const c = config({
      channelCodeList: [
        {
          channelCode: 'promo',
          cacheEffectiveTime: 30,
          channelCodeBeginTime: NOW - DAY,
          channelCodeEndTime: NOW + DAY,
        },
      ],
      activeLinkList: [{ activeLink: 'https://x.test/event', cacheEffectiveTime: 14 }],
    });
    expect(referralCacheDays(c, { channelCode: 'promo' }, 'https://x.test/', NOW)).toBe(30);
    expect(referralCacheDays(c, { channelCode: 'other' }, 'https://x.test/event/1', NOW)).toBe(14);
    expect(referralCacheDays(c, { channelCode: 'other' }, 'https://x.test/', NOW)).toBe(7);
  });
  it('ignores rules outside their time window and returns null when capture is closed or out of window', () => {
    const c = config({
      channelCodeList: [{ channelCode: 'promo', cacheEffectiveTime: 30, channelCodeEndTime: NOW - 1 }],
      cacheBeginTime: NOW + DAY,
    });
    expect(referralCacheDays(c, { channelCode: 'promo' }, '/', NOW)).toBeNull();
    expect(referralCacheDays(config({ open: false }), { channelCode: 'x' }, '/', NOW)).toBeNull();
  });
});

describe('captureReferral / readReferralCache', () => {
  it('stores with an end time and drops the entry once expired', () => {
    const entry = captureReferral(config(), new URLSearchParams('vipCode=V1'), '/', NOW);
    expect(entry).toEqual({ codes: { vipCode: 'V1' }, endTime: NOW + 7 * DAY });
    const raw = JSON.stringify(entry);
    expect(readReferralCache(raw, NOW + 7 * DAY - 1)?.codes).toEqual({ vipCode: 'V1' });
    expect(readReferralCache(raw, NOW + 7 * DAY)).toBeNull();
  });
  it('keeps nothing without codes', () => {
    expect(captureReferral(config(), new URLSearchParams('x=1'), '/', NOW)).toBeNull();
  });
  it('rejects tampered storage', () => {
    for (const raw of [
      '{',
      '[]',
      'null',
      '{"endTime":"9e99","codes":{}}',
      JSON.stringify({ endTime: NOW + DAY, codes: { vipCode: '<x>' } }),
    ]) {
      expect(readReferralCache(raw, NOW)).toBeNull();
    }
  });
});

describe('referralRegistrationFields', () => {
  it('sends the codes under the registration names', () => {
    expect(
      referralRegistrationFields({
        channelCode: 'c',
        vipCode: 'v',
        clacCode: 'l',
        commonCode: 'm',
        groupId: 'g',
        actCode: 'a',
      }),
    ).toEqual({
      registerVipNo: 'v',
      registerChannel: 'c',
      clacCode: 'l',
      commonCode: 'm',
      groupId: 'g',
      actCode: 'a',
    });
  });
});

describe('parseReferralConfig', () => {
  it('turns capture off for a malformed config', () => {
    expect(parseReferralConfig('nope').open).toBe(false);
    expect(parseReferralConfig({ open: 'yes' }).open).toBe(false);
  });
  it('keeps well-formed rules and skips broken ones', () => {
    const parsed = parseReferralConfig({
      open: true,
      cacheEffectiveTime: 3,
      channelCodeList: [{ channelCode: 'a', cacheEffectiveTime: 5 }, null, { x: 1 }],
      activeLinkList: 'x',
    });
    expect(parsed.channelCodeList).toEqual([
      { channelCode: 'a', cacheEffectiveTime: 5, channelCodeBeginTime: undefined, channelCodeEndTime: undefined },
    ]);
    expect(parsed.activeLinkList).toEqual([]);
  });
});

describe('isReferralCode', () => {
  it('takes 1 to 64 letters, digits, _ and -', () => {
    for (const good of ['a', 'ABC123', 'x_y-z', 'Z'.repeat(64)]) expect(isReferralCode(good), good).toBe(true);
  });
  it('refuses empty, long, spaced, non-Latin and hostile codes', () => {
    for (const bad of ['', 'Z'.repeat(65), 'AB CD', ' AB', 'код', 'a,b', "' OR 1=1", '<b>', 'a\u0000b', 'a\nb']) {
      expect(isReferralCode(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('referralCodeFromLink', () => {
  const read = (query: string) => referralCodeFromLink(new URLSearchParams(query));
  it('reads the app keys of security/regist, then clacCode', () => {
    expect(read('referralCode=FRIEND1')).toBe('FRIEND1');
    expect(read('inviteCode=INV-2')).toBe('INV-2');
    expect(read('clacCode=c_3')).toBe('c_3');
    expect(read('clacCode=C&inviteCode=I&referralCode=R')).toBe('R');
  });
  it('takes the first item of a comma list, trimmed', () => {
    expect(read('referralCode=%20A1%20,B2')).toBe('A1');
  });
  it('skips a malformed key for the next well-formed one, and gives null when none is', () => {
    expect(read('referralCode=%3Cscript%3E&clacCode=OK')).toBe('OK');
    expect(read(`referralCode=${'x'.repeat(65)}`)).toBeNull();
    expect(read('ref=ABC&vipCode=V')).toBeNull();
    expect(read('')).toBeNull();
  });
});
