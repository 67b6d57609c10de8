import { describe, expect, it } from 'vitest';
import { fieldProblem, isIpEntry } from '../../../src/account/api-keys/api-key-fields';
import { parseIpList } from '../../../src/account/api-keys/api-keys-api';

describe('isIpEntry', () => {
  it('takes IPv4 and IPv6 addresses and CIDR ranges the gateway takes', () => {
    for (const entry of ['203.0.113.7', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::ffff:1.2.3.4'])
      expect(isIpEntry(entry), entry).toBe(true);
  });

  it('refuses names, out-of-range octets and prefixes, and stray slashes', () => {
    for (const entry of [
      'not-an-ip',
      'example.com',
      '256.1.1.1',
      '1.2.3',
      '10.0.0.0/33',
      '2001:db8::/129',
      '1.2.3.4/',
      '1.2.3.4/8/8',
      '1.2.3.4/08',
      ':::',
    ])
      expect(isIpEntry(entry), entry).toBe(false);
  });
});

describe('parseIpList', () => {
  it('splits on new lines, commas and spaces and drops empty entries', () => {
    expect(parseIpList(' 203.0.113.7\n\n10.0.0.0/8, 2001:db8::1 ')).toEqual([
      '203.0.113.7',
      '10.0.0.0/8',
      '2001:db8::1',
    ]);
    expect(parseIpList('  \n ')).toEqual([]);
  });
});

describe('fieldProblem', () => {
  const fields = { label: 'bot', permissions: ['read' as const], ips: [] };

  it('accepts a label, no allow-list and a passphrase of letters and digits', () => {
    expect(fieldProblem(fields, 'Abc123')).toBeNull();
    expect(fieldProblem(fields, null)).toBeNull();
  });

  it('names the label when it is empty, longer than 20 or holds a control character', () => {
    expect(fieldProblem({ ...fields, label: '' }, 'Abc123')).toBe('apiKeys.err.label');
    expect(fieldProblem({ ...fields, label: 'x'.repeat(21) }, 'Abc123')).toBe('apiKeys.err.label');
    expect(fieldProblem({ ...fields, label: 'a\u0007b' }, 'Abc123')).toBe('apiKeys.err.label');
  });

  it('names the allow-list for a bad entry or more than 20 entries', () => {
    expect(fieldProblem({ ...fields, ips: ['203.0.113.7', 'nope'] }, 'Abc123')).toBe('apiKeys.err.ips');
    const many = Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`);
    expect(fieldProblem({ ...fields, ips: many }, 'Abc123')).toBe('apiKeys.err.ips');
  });

  it('names the passphrase of a new key when it is short, long or not letters and digits', () => {
    for (const passphrase of ['Ab12', 'x'.repeat(33), 'with space1', 'päss1234'])
      expect(fieldProblem(fields, passphrase), passphrase).toBe('apiKeys.err.passphrase');
  });
});
