import { describe, expect, it } from 'vitest';
import { addressScopeOf } from '../../../../gateway/http/address-scope';

describe('addressScopeOf', () => {
  it('keeps IPv4 as it is, maps a dual-stack IPv4 to it, and cuts IPv6 to its /64', () => {
    expect(addressScopeOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressScopeOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressScopeOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressScopeOf('2001:DB8:0:1:aa::1')).toBe('2001:db8:0:1::/64');
    expect(addressScopeOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressScopeOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressScopeOf('::1')).toBe('0:0:0:0::/64');
    expect(addressScopeOf('2001:db8:0:1:ffff::2')).toBe(addressScopeOf('2001:db8:0:1:1234:5678:9abc:def0'));
    expect(addressScopeOf('unknown')).toBe('unknown');
  });
});
