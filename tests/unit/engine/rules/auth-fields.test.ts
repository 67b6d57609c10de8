import { describe, expect, it } from 'vitest';
import {
  checkAreaCode,
  checkCode,
  checkEmail,
  checkLoginName,
  checkMobile,
  checkPassword,
  checkRePassword,
  isPhoneLoginName,
  passwordGaps,
} from '../../../../engine/rules/auth-fields';

describe('checkEmail', () => {
  it('accepts ordinary addresses and refuses malformed or hostile ones', () => {
    expect(checkEmail(' trader@example.com ')).toBeNull();
    expect(checkEmail('')).toBe('required');
    for (const bad of [
      'a@b',
      'no-at.example.com',
      'a b@example.com',
      '"><script>@x.com',
      `${'a'.repeat(65)}@x.com`,
      "x@x.com' OR 1=1",
    ]) {
      expect(checkEmail(bad)).toBe('invalidEmail');
    }
  });
});

describe('checkMobile / checkAreaCode', () => {
  it('wants digits only', () => {
    expect(checkMobile('13800138000')).toBeNull();
    expect(checkMobile('12-34')).toBe('invalidMobile');
    expect(checkMobile('1234')).toBe('invalidMobile');
    expect(checkAreaCode('+86')).toBeNull();
    expect(checkAreaCode('86a')).toBe('invalidMobile');
  });
});

describe('checkPassword / checkRePassword', () => {
  it('wants 8 to 32 characters with a letter and a digit', () => {
    expect(checkPassword('Demo-pass-1')).toBeNull();
    expect(checkPassword('short1')).toBe('passwordRule');
    expect(checkPassword('allletters')).toBe('passwordRule');
    expect(checkPassword('12345678')).toBe('passwordRule');
    expect(checkPassword(`a1${'x'.repeat(31)}`)).toBe('passwordRule');
    expect(checkRePassword('Demo-pass-1', 'Demo-pass-1')).toBeNull();
    expect(checkRePassword('Demo-pass-2', 'Demo-pass-1')).toBe('passwordMismatch');
  });
});

describe('passwordGaps', () => {
  it('is empty for a password the rule takes, at both ends of the length', () => {
    expect(passwordGaps('Demo-pass-1')).toEqual([]);
    expect(passwordGaps('abcdefg1')).toEqual([]);
    expect(passwordGaps(`a1${'x'.repeat(30)}`)).toEqual([]);
    expect(passwordGaps('!@#$%^&*()_+-=[]{};:,.<>/?~`|a1')).toEqual([]);
  });
  it('names each thing a password lacks, in the order a person would fix them', () => {
    expect(passwordGaps('short1')).toEqual(['tooShort']);
    expect(passwordGaps('abcdefgh')).toEqual(['digit']);
    expect(passwordGaps('12345678')).toEqual(['letter']);
    expect(passwordGaps('!!!')).toEqual(['tooShort', 'letter', 'digit']);
    expect(passwordGaps(`a1${'x'.repeat(31)}`)).toEqual(['tooLong']);
    expect(passwordGaps('pass word 1')).toEqual(['characters']);
    expect(passwordGaps('пароль123')).toEqual(['characters', 'letter']);
    expect(passwordGaps('Pässword1')).toEqual(['characters']);
  });
  it('agrees with checkPassword, which the gateway rule matches (printable ASCII, no spaces)', () => {
    for (const value of ['Demo-pass-1', 'short1', 'pass word 1', 'tab\there1', 'Pässword1', `a1${'x'.repeat(31)}`]) {
      expect(checkPassword(value) === null, value).toBe(passwordGaps(value).length === 0);
    }
    expect(checkPassword('pass word 1')).toBe('passwordRule');
  });
});

describe('checkCode / isPhoneLoginName', () => {
  it('wants six digits', () => {
    expect(checkCode('012345')).toBeNull();
    expect(checkCode('12345')).toBe('invalidCode');
    expect(checkCode('')).toBe('required');
  });
  it('tells a phone number from an email', () => {
    expect(isPhoneLoginName('+13800138000')).toBe(true);
    expect(isPhoneLoginName('demo@example.com')).toBe(false);
  });
});

describe('checkLoginName', () => {
  it('accepts an email address or a phone number, with or without a plus', () => {
    for (const name of ['demo@example.com', ' demo@example.com ', '13800138000', '+4915112345678'])
      expect(checkLoginName(name), name).toBeNull();
  });

  it('asks for the field when it is empty', () => {
    expect(checkLoginName('  ')).toBe('required');
  });

  it('refuses anything that is neither, before it reaches the server', () => {
    for (const name of ['not an address', 'abc', 'demo@', '12-34', '1234', '@example.com'])
      expect(checkLoginName(name), name).toBe('invalidLoginName');
  });
});
