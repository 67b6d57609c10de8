import { BlockList, isIP } from 'node:net';
import { invalidField } from '../http/gateway-error';
import { MAX_ALLOWED_IPS } from './api-key-rules';

/** One allow-list entry: an IPv4 or IPv6 address, or a range in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`). */
const ENTRY = /^([0-9A-Fa-f:.]{2,45})(?:\/(\d{1,3}))?$/;

/** The entry in its stored form (lower case, no spaces), or null when it is not an address or a CIDR range. */
export function normalizeIpEntry(text: string): string | null {
  const match = ENTRY.exec(text.trim());
  if (!match) return null;
  const address = match[1]!.toLowerCase();
  const family = isIP(address);
  if (family === 0) return null;
  if (match[2] === undefined) return address;
  const prefix = Number(match[2]);
  if (prefix > (family === 4 ? 32 : 128) || String(prefix) !== match[2]) return null;
  return `${address}/${prefix}`;
}

/** A key's allow-list from a request: 0 to 20 distinct entries, or a 40002 naming `ips` (empty means any address). */
export function readIpList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_ALLOWED_IPS)
    throw invalidField('ips', `must be a list of at most ${MAX_ALLOWED_IPS} addresses or CIDR ranges`);
  const entries: string[] = [];
  for (const item of value) {
    const entry = typeof item === 'string' ? normalizeIpEntry(item) : null;
    if (entry === null)
      throw invalidField('ips', `${JSON.stringify(item)} is not an IPv4 or IPv6 address or CIDR range`);
    if (!entries.includes(entry)) entries.push(entry);
  }
  return entries;
}

/**
 * True when `address` is allowed by `entries`: any address for an empty list, else one the list names or one inside
 * a range of it. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, how a dual-stack socket reports IPv4) matches its
 * IPv4 entries; an address that is not an IP (no socket, an untrusted proxy) matches only an empty list.
 */
export function isAllowedIp(entries: readonly string[], address: string): boolean {
  if (entries.length === 0) return true;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [base, prefix] = entry.split('/');
    const type = isIP(base!) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(base!, type);
    else list.addSubnet(base!, Number(prefix), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
