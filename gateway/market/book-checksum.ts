import { crc32 } from 'node:zlib';
import type { BookLevel } from './market-types';

/** Levels per side the checksum covers (market-data contract, "Order book maintenance"). */
export const CHECKSUM_LEVELS = 25;

/**
 * The `checksum` a `books` push carries (market-data contract): signed CRC32 of the first 25 bids and asks
 * interleaved as `bid1price:bid1size:ask1price:ask1size:bid2…`, skipping a shorter side's missing entries, over the
 * strings exactly as sent. Written on `node:zlib` apart from the client's engine code, so tests comparing the two
 * prove they agree.
 */
export function bookChecksum(bids: readonly BookLevel[], asks: readonly BookLevel[]): number {
  const parts: string[] = [];
  for (let i = 0; i < CHECKSUM_LEVELS; i += 1) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid) parts.push(bid[0], bid[1]);
    if (ask) parts.push(ask[0], ask[1]);
  }
  // zlib returns the unsigned value; the stream sends the signed 32-bit one.
  return crc32(parts.join(':')) | 0;
}
