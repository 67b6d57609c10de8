import { describe, expect, it } from 'vitest';
import { type BookLevel, bookChecksum, checksumText } from '../../../../engine/market/book-checksum';

/** An independent bitwise CRC32 (reflected, polynomial 0xEDB88320) over the UTF-8 bytes, as a signed 32-bit value. */
function referenceCrc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) | 0;
}

describe('book checksum', () => {
  it('interleaves the contract examples exactly', () => {
    expect(
      checksumText(
        [
          ['43231.1', '4'],
          ['43231', '6'],
        ],
        [
          ['43232.8', '9'],
          ['43232.9', '8'],
        ],
      ),
    ).toBe('43231.1:4:43232.8:9:43231:6:43232.9:8');
    expect(
      checksumText(
        [['3366.1', '7']],
        [
          ['3366.8', '9'],
          ['3368', '8'],
          ['3372', '8'],
        ],
      ),
    ).toBe('3366.1:7:3366.8:9:3368:8:3372:8');
  });

  it('covers the first 25 levels of each side only, with the strings as sent', () => {
    const side = (base: number): BookLevel[] => Array.from({ length: 30 }, (_, i) => [`${base + i}.10`, '0.5000']);
    const text = checksumText(side(100), side(200));
    expect(text.split(':')).toHaveLength(100);
    expect(text.endsWith('124.10:0.5000:224.10:0.5000')).toBe(true);
    expect(checksumText([['1', '0.5000']], [])).not.toBe(checksumText([['1', '0.5']], []));
  });

  it('is the signed CRC32 of that text', () => {
    const bids: BookLevel[] = [
      ['43231.1', '4'],
      ['43231', '6'],
    ];
    const asks: BookLevel[] = [
      ['43232.8', '9'],
      ['43232.9', '8'],
    ];
    const value = bookChecksum(bids, asks);
    expect(value).toBe(referenceCrc32('43231.1:4:43232.8:9:43231:6:43232.9:8'));
    expect(Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31).toBe(true);
    expect(bookChecksum([], [])).toBe(0);
  });
});
