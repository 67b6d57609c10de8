import { str as crc32 } from 'crc-32';

/** One book level exactly as the stream sent it: price and size strings (`"0.5000"` stays `"0.5000"`). */
export type BookLevel = readonly [price: string, size: string];

/** Levels per side that the checksum covers (market-data contract). */
export const CHECKSUM_DEPTH = 25;

/**
 * The text the checksum is taken over: the first 25 bids and asks interleaved as
 * `bid1price:bid1size:ask1price:ask1size:bid2…`, skipping the entries of a side that has fewer levels.
 */
export function checksumText(bids: readonly BookLevel[], asks: readonly BookLevel[]): string {
  const parts: string[] = [];
  for (let i = 0; i < CHECKSUM_DEPTH; i += 1) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid) parts.push(bid[0], bid[1]);
    if (ask) parts.push(ask[0], ask[1]);
  }
  return parts.join(':');
}

/** The book's checksum as the stream sends it: CRC32 of {@link checksumText} as a signed 32-bit integer. */
export function bookChecksum(bids: readonly BookLevel[], asks: readonly BookLevel[]): number {
  // crc-32 already returns the signed 32-bit value.
  return crc32(checksumText(bids, asks));
}
