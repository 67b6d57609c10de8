/** Splits a plain non-negative decimal string into scaled units at a common width. */
function aligned(a: string, b: string): [bigint, bigint, number] {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  return [BigInt(aw + af.padEnd(width, '0')), BigInt(bw + bf.padEnd(width, '0')), width];
}

/** Compares two plain non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [x, y] = aligned(a, b);
  return x === y ? 0 : x > y ? 1 : -1;
}

/** `a − b` for plain non-negative decimal strings, exact, never below zero ("0" then). */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, width] = aligned(a, b);
  const difference = x > y ? x - y : 0n;
  if (width === 0) return difference.toString();
  const digits = difference.toString().padStart(width + 1, '0');
  return `${digits.slice(0, -width)}.${digits.slice(-width)}`;
}
