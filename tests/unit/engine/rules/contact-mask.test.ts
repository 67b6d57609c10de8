import { describe, expect, it } from 'vitest';
import { maskEmail, maskLoginName, maskMobile, maskPhone } from '../../../../engine/rules/contact-mask';
import { maskTarget } from '../../../../gateway/auth/dev-mailbox/dev-mailbox';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
  });

  it('hides everything of a value that is not an address', () => {
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskEmail('no-at-sign')).toBe('***');
  });
});

describe('maskMobile', () => {
  it('keeps the first 3 and last 4 digits of a long number, the first and last 2 of a short one', () => {
    expect(maskMobile('9012345678')).toBe('901****5678');
    expect(maskMobile('123456')).toBe('12****56');
    expect(maskMobile('1234')).toBe('****');
  });
});

describe('maskPhone', () => {
  it('puts the country code before the masked number', () => {
    expect(maskPhone('81', '9012345678')).toBe('+81 901****5678');
  });
});

describe('maskLoginName', () => {
  it('masks an email or a phone number by what it is', () => {
    expect(maskLoginName('jane@example.com')).toBe('j***@example.com');
    expect(maskLoginName('9012345678')).toBe('901****5678');
  });
});

describe('the gateway and the pages mask alike', () => {
  it("the dev mailbox's code destinations are the engine's masks", () => {
    expect(maskTarget('email', 'jane@example.com')).toBe(maskEmail('jane@example.com'));
    expect(maskTarget('mobile', '81 9012345678')).toBe(maskPhone('81', '9012345678'));
  });
});
