import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address that limits count and risk tokens are bound to: an IPv4 address as it is (also when a
 * dual-stack socket reports it as `::ffff:a.b.c.d`), an IPv6 address by its /64 (one household or phone, whose
 * privacy addresses rotate inside it, and which one subscriber gets whole), anything else (no socket) as it is.
 */
export function addressScopeOf(address: string): string {
  const bare = address.split('%')[0]!.toLowerCase();
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const gap = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<string>(gap).fill('0'), ...back].map((group) => Number.parseInt(group, 16));
}
