import { describe, expect, it } from 'vitest';
import { isAllowedIp, normalizeIpEntry, readIpList } from '../../../../gateway/api-keys/ip-allow-list';

describe('normalizeIpEntry', () => {
  it('keeps addresses and CIDR ranges of both families, in lower case', () => {
    expect(normalizeIpEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeIpEntry('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(normalizeIpEntry('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normalizeIpEntry('::1')).toBe('::1');
  });

  it('refuses what is not an address or a range', () => {
    for (const text of ['', 'localhost', '256.0.0.1', '10.0.0.0/33', '::/129', '10.0.0.0/08', '1.2.3.4/', 'a/b'])
      expect(normalizeIpEntry(text), text).toBeNull();
  });
});

describe('readIpList', () => {
  it('drops duplicates and allows at most 20 entries', () => {
    expect(readIpList(['1.2.3.4', '1.2.3.4 ', '::1'])).toEqual(['1.2.3.4', '::1']);
    expect(() => readIpList(Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`))).toThrow(/ips/);
    expect(() => readIpList('1.2.3.4')).toThrow(/ips/);
    expect(() => readIpList([7])).toThrow(/ips/);
  });
});

describe('isAllowedIp', () => {
  const list = ['203.0.113.7', '10.1.0.0/16', '2001:db8::/32'];

  it('allows any address when the list is empty', () => {
    expect(isAllowedIp([], 'unknown')).toBe(true);
  });

  it('allows listed addresses and addresses inside listed ranges, and nothing else', () => {
    for (const address of ['203.0.113.7', '10.1.0.0', '10.1.255.255', '2001:db8:ffff::1', '::ffff:203.0.113.7'])
      expect(isAllowedIp(list, address), address).toBe(true);
    for (const address of ['203.0.113.8', '10.2.0.0', '2001:db9::1', '::1', 'unknown', ''])
      expect(isAllowedIp(list, address), address).toBe(false);
  });
});
