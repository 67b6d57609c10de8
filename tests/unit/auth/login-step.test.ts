import { describe, expect, it } from 'vitest';
import { nextLoginStep } from '../../../src/auth/login-step';

describe('nextLoginStep', () => {
  it('finishes when no verification is needed', () => {
    expect(nextLoginStep({ needVerify: false, userId: '42' })).toEqual({ kind: 'done', userId: '42' });
  });
  it('asks for codes first, then the new-device code, then the security key', () => {
    expect(nextLoginStep({ needVerify: true, methods: ['email', 'google'], system: true, fido: true }).kind).toBe(
      'codes',
    );
    expect(nextLoginStep({ needVerify: true, methods: [], system: true, fido: true }).kind).toBe('system');
    expect(nextLoginStep({ needVerify: true, methods: [], system: false, fido: true }).kind).toBe('securityKey');
  });
  it('goes back to the start on a reply it does not understand', () => {
    expect(nextLoginStep({ needVerify: true }).kind).toBe('credentials');
  });
});
