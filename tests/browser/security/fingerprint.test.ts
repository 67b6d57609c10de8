import { describe, expect, it, vi } from 'vitest';
import { computeTerminalCode } from '../../../src/security/fingerprint';

describe('computeTerminalCode', () => {
  it('computes a stable visitor id with the real library in Chromium', async () => {
    const loadAgent = async () => (await import('@fingerprintjs/fingerprintjs')).load({ monitoring: false });
    const deps = { loadAgent, cookieToken: () => null, wait: async () => {} };
    const first = await computeTerminalCode(deps);
    expect(first).toMatch(/^[A-Za-z0-9]{16,64}$/);
    expect(await computeTerminalCode(deps)).toBe(first);
  });

  it('prefers a fingerprint-service cookie token shorter than 50 characters, and ignores a longer one', async () => {
    const loadAgent = async () => ({ get: async () => ({ visitorId: 'fromlibrary123' }) });
    expect(await computeTerminalCode({ loadAgent, cookieToken: () => 'svc-token-1', wait: async () => {} })).toBe(
      'svc-token-1',
    );
    expect(await computeTerminalCode({ loadAgent, cookieToken: () => 'x'.repeat(50), wait: async () => {} })).toBe(
      'fromlibrary123',
    );
  });

  it('tries again after 2500 ms, then gives up without failing the page', async () => {
    const wait = vi.fn(async () => {});
    const loadAgent = vi.fn().mockRejectedValue(new Error('blocked'));
    expect(await computeTerminalCode({ loadAgent, cookieToken: () => null, wait })).toBeNull();
    expect(loadAgent).toHaveBeenCalledTimes(2);
    expect(wait).toHaveBeenCalledWith(2500);
  });
});
