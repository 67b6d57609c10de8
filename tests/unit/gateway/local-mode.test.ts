import { describe, expect, it } from 'vitest';
import { decideLocalMode, isLoopbackHost } from '../../../gateway/local-mode';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );
  it.each(['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'example.com', 'localhost.example.com', '128.0.0.1', ''])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('decideLocalMode', () => {
  it('is on by default on loopback', () => {
    expect(decideLocalMode('127.0.0.1', undefined)).toBe(true);
    expect(decideLocalMode('localhost', '')).toBe(true);
  });
  it('refuses to guess on an address other machines reach', () => {
    expect(() => decideLocalMode('0.0.0.0', undefined)).toThrow(/not a loopback address/);
    expect(() => decideLocalMode('203.0.113.7', '')).toThrow(/GATEWAY_LOCAL_MODE=1/);
  });
  it('follows an explicit setting anywhere', () => {
    expect(decideLocalMode('0.0.0.0', '1')).toBe(true);
    expect(decideLocalMode('0.0.0.0', '0')).toBe(false);
    expect(decideLocalMode('127.0.0.1', '0')).toBe(false);
  });
  it('refuses a setting it does not know', () => {
    expect(() => decideLocalMode('127.0.0.1', 'yes')).toThrow(/must be 0 or 1/);
  });
});
