import { describe, expect, it } from 'vitest';
import { registerSearch } from '../../../src/auth/register-search';

describe('registerSearch', () => {
  it('keeps the referral code of a sign-up link under referralCode', () => {
    expect(registerSearch({ referralCode: 'FRIEND1' })).toEqual({ referralCode: 'FRIEND1' });
    expect(registerSearch({ inviteCode: 'INV-2' })).toEqual({ referralCode: 'INV-2' });
    expect(registerSearch({ clacCode: 'c_3', vipCode: 'V' })).toEqual({ referralCode: 'c_3' });
  });

  it('keeps a digits-only code the router read as a number', () => {
    expect(registerSearch({ referralCode: 12345678 })).toEqual({ referralCode: '12345678' });
  });

  it('drops what is not a code: markup, overlong, negative or fractional numbers, objects', () => {
    for (const referralCode of ['<script>alert(1)</script>', 'x'.repeat(65), -5, 1.5, { a: 1 }, ['A'], true, null]) {
      expect(registerSearch({ referralCode }).referralCode, JSON.stringify(referralCode)).toBeUndefined();
    }
    expect(registerSearch({}).referralCode).toBeUndefined();
  });

  it('always names the key, so the raw value under it is overwritten, not kept', () => {
    expect(Object.hasOwn(registerSearch({ referralCode: '<script>' }), 'referralCode')).toBe(true);
  });
});
