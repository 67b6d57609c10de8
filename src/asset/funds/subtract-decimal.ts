/** Splits a plain non-negative decimal string into scaled units at a common width. */
function aligned(a: string, b: string): [bigint, bigint, number] {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  return [BigInt(aw + af.padEnd(width, '0')), BigInt(bw + bf.padEnd(width, '0')), width];
}

/** `a − b` for plain non-negative decimal strings, exact, never below zero ("0" then). */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, width] = aligned(a, b);
  const difference = x > y ? x - y : 0n;
  if (width === 0) return difference.toString();
  const digits = difference.toString().padStart(width + 1, '0');
  return `${digits.slice(0, -width)}.${digits.slice(-width)}`;
}
