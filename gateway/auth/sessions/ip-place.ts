import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Where an address is, as far as the gateway knows without asking anyone: its own machine, a private network, a place of its table, or unknown. */
export type Place =
  | { kind: 'loopback' }
  | { kind: 'private' }
  | { kind: 'known'; city: string; country: string }
  | { kind: 'unknown' };

function blockList(v4: readonly string[], v6: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of v4) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address!, Number(prefix), 'ipv4');
  }
  for (const range of v6) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address!, Number(prefix), 'ipv6');
  }
  return list;
}

const LOOPBACK = blockList(['127.0.0.0/8'], ['::1/128']);
/** RFC 1918, shared address space (RFC 6598), link-local, and IPv6 unique-local and link-local. */
const PRIVATE = blockList(
  ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16'],
  ['fc00::/7', 'fe80::/10'],
);

/**
 * The built-in place table: only the documentation ranges (RFC 5737, RFC 3849), which no real caller has, so demos
 * and tests show a place; every other public address is "unknown" (the gateway does no geo lookup).
 */
const PLACES: readonly { range: string; family: 'ipv4' | 'ipv6'; city: string; country: string }[] = [
  { range: '192.0.2.0/24', family: 'ipv4', city: 'Singapore', country: 'SG' },
  { range: '198.51.100.0/24', family: 'ipv4', city: 'Frankfurt', country: 'DE' },
  { range: '203.0.113.0/24', family: 'ipv4', city: 'São Paulo', country: 'BR' },
  { range: '2001:db8::/32', family: 'ipv6', city: 'Tokyo', country: 'JP' },
];
const PLACE_LISTS = PLACES.map((place) => {
  const [address, prefix] = place.range.split('/');
  const list = new BlockList();
  list.addSubnet(address!, Number(prefix), place.family);
  return { list, place };
});

/** The address as one family: an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as Node reports IPv4 on a dual socket) as IPv4. */
function normalized(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return { address: mapped[1]!, family: 'ipv4' };
  if (isIPv4(bare)) return { address: bare, family: 'ipv4' };
  if (isIPv6(bare)) return { address: bare, family: 'ipv6' };
  return null;
}

/** The place of a caller's address (loopback, private, the built-in table, else unknown); pure, no lookup. */
export function placeOf(address: string): Place {
  const ip = normalized(address);
  if (!ip) return { kind: 'unknown' };
  if (LOOPBACK.check(ip.address, ip.family)) return { kind: 'loopback' };
  if (PRIVATE.check(ip.address, ip.family)) return { kind: 'private' };
  const known = PLACE_LISTS.find(({ list, place }) => place.family === ip.family && list.check(ip.address, ip.family));
  return known ? { kind: 'known', city: known.place.city, country: known.place.country } : { kind: 'unknown' };
}
