/**
 * The `books` channel's data entries (market-data contract, "Order book maintenance"): their shape checked before
 * anything is merged, with an error naming the field and the value that broke it.
 */
import type { BookLevel } from './book-checksum';
import { canonicalPrice, sizeSign } from './price-text';

/** A `books` push's data entry as the stream sends it; an update must carry the checksum, a snapshot may. */
export interface BookMessage {
  seq: number;
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
  checksum?: number;
}

/** A `books` message that is not the contract's shape; its message names the field and the offending value. */
export class BookInputError extends Error {
  override name = 'BookInputError';
}

/** Most levels accepted per side in one message (the stream sends a few hundred). */
export const MAX_MESSAGE_LEVELS = 50_000;
const SIDES = ['bids', 'asks'] as const;

function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 24 ? `${value.slice(0, 24)}…` : value;
    return `${JSON.stringify(shown)}${value.length > 24 ? ` (${value.length} characters)` : ''}`;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'number' ? `the number ${value}` : `a value of type ${typeof value}`;
}

function fail(kind: string, field: string, problem: string, value: unknown): never {
  throw new BookInputError(`book ${kind} ${field}: ${problem}, got ${describeValue(value)}`);
}

/**
 * Checks a `books` data entry against the contract's shape and fills `canons` (when given) with each level's
 * canonical price, bids then asks. Throws {@link BookInputError} before anything is merged.
 */
export function checkBookMessage(value: unknown, kind: 'snapshot' | 'update', canons: string[] | null): BookMessage {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail(kind, 'data', 'must be an object', value);
  const message = value as Record<string, unknown>;
  const { seq, checksum } = message;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0)
    fail(kind, 'seq', 'must be a non-negative integer', seq);
  const hasChecksum = checksum !== undefined || kind === 'update';
  if (
    hasChecksum &&
    (typeof checksum !== 'number' || !Number.isInteger(checksum) || checksum < -(2 ** 31) || checksum >= 2 ** 31)
  ) {
    fail(kind, 'checksum', 'must be a signed 32-bit integer', checksum);
  }
  let offset = 0;
  for (const side of SIDES) {
    const levels = message[side];
    if (!Array.isArray(levels)) fail(kind, side, 'must be an array of [price, size]', levels);
    if (levels.length > MAX_MESSAGE_LEVELS) fail(kind, side, `must hold at most ${MAX_MESSAGE_LEVELS} levels`, levels);
    for (let i = 0; i < levels.length; i += 1) {
      const level: unknown = levels[i];
      if (!Array.isArray(level) || level.length !== 2) fail(kind, `${side}[${i}]`, 'must be [price, size]', level);
      const price: unknown = level[0];
      const size: unknown = level[1];
      const canon = typeof price === 'string' ? canonicalPrice(price) : null;
      if (canon === null) fail(kind, `${side}[${i}] price`, 'must be a positive plain decimal string', price);
      if (typeof size !== 'string' || sizeSign(size) < 0)
        fail(kind, `${side}[${i}] size`, 'must be a non-negative plain decimal string', size);
      if (canons) canons[offset + i] = canon;
    }
    offset += levels.length;
  }
  return message as unknown as BookMessage;
}

/**
 * Checks that a value is a `books` snapshot or update of the contract's shape and returns it typed; throws a
 * {@link BookInputError} naming the field otherwise (market-data contract, "Order book maintenance").
 */
export function readBookMessage(value: unknown, kind: 'snapshot' | 'update'): BookMessage {
  return checkBookMessage(value, kind, null);
}
