import { describe, expect, it } from 'vitest';
import {
  classifyRiskToken,
  isRiskTokenFresh,
  needsRiskToken,
  RISK_TOKEN,
  RISK_TOKEN_ENDPOINTS,
} from '../../../../engine/rules/risk-token';

describe('classifyRiskToken', () => {
  it('calls a 40-character token success and keeps it', () => {
    expect(classifyRiskToken('a'.repeat(40))).toEqual({ status: 'success', token: 'a'.repeat(40) });
  });
  it('demotes any other non-empty token but still keeps it to send', () => {
    expect(classifyRiskToken('a'.repeat(39))).toEqual({ status: 'demoted', token: 'a'.repeat(39) });
    expect(classifyRiskToken('a'.repeat(41)).status).toBe('demoted');
  });
  it('treats empty, non-string and header-breaking values as an error', () => {
    for (const bad of ['', null, undefined, 40, 'a\r\nX-Evil: 1', 'tok en', 'x'.repeat(600)]) {
      expect(classifyRiskToken(bad)).toEqual({ status: 'error', token: null });
    }
  });
});

describe('isRiskTokenFresh', () => {
  it('keeps a token for 14 400 s and not a moment longer', () => {
    expect(isRiskTokenFresh(0, RISK_TOKEN.expiryMs - 1)).toBe(true);
    expect(isRiskTokenFresh(0, RISK_TOKEN.expiryMs)).toBe(false);
    expect(isRiskTokenFresh(1000, 0)).toBe(false);
    expect(isRiskTokenFresh(Number.NaN, 0)).toBe(false);
  });
});

describe('needsRiskToken', () => {
  it('covers the flows of spec §7.6 from one list of about 44 endpoints', () => {
    expect(RISK_TOKEN_ENDPOINTS.length).toBeGreaterThanOrEqual(44);
    expect(new Set(RISK_TOKEN_ENDPOINTS).size).toBe(RISK_TOKEN_ENDPOINTS.length);
    expect(needsRiskToken('/v1/user/login')).toBe(true);
    expect(needsRiskToken('/v1/user/register/email?x=1')).toBe(true);
    expect(needsRiskToken('/v1/user/sub/switchWeb')).toBe(true);
    expect(needsRiskToken('/v1/msg/verify-code/send')).toBe(true);
    expect(needsRiskToken('/v1/user/overview/userinfo')).toBe(false);
    expect(needsRiskToken('/v1/user/login/')).toBe(false);
  });
});
