/**
 * The local order book of the `books` channel (market-data contract, "Order book maintenance"): a snapshot replaces
 * it, each update is merged by price and then proven by `seq` and the checksum over the first 25 levels. Prices and
 * sizes stay the strings the stream sent; a book that is known to be wrong is never readable.
 */
import { type BookLevel, bookChecksum } from './book-checksum';

/** The two sides of a book, named as on the wire. */
export type BookSide = 'bids' | 'asks';

/** A `books` push's data entry as the stream sends it; an update must carry the checksum, a snapshot may. */
export interface BookMessage {
  seq: number;
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
  checksum?: number;
}

/**
 * Where the book stands: `live` is the only state with readable levels; `empty` before the first snapshot; the
 * others say why the book was dropped, and each lasts until the next snapshot.
 */
export type BookStatus = 'empty' | 'live' | 'gap' | 'checksum-mismatch' | 'rejected';

/**
 * What one message did, for the caller to act on: `ok` (applied), `stale` (an old `seq`, ignored, book unchanged),
 * `awaiting-snapshot` (an update while there is no live book, ignored), and `gap`, `checksum-mismatch`, `rejected`
 * (malformed message): the book is dropped, so resubscribe for a fresh snapshot.
 */
export type BookApplyResult = 'ok' | 'stale' | 'awaiting-snapshot' | 'gap' | 'checksum-mismatch' | 'rejected';

/** Figures a screen or a bench can show about one book's stream. */
export interface BookCounters {
  snapshots: number;
  updates: number;
  stale: number;
  gaps: number;
  checksumMismatches: number;
  rejected: number;
}

/** A `books` message that is not the contract's shape; its message names the field and the offending value. */
export class BookInputError extends Error {
  override name = 'BookInputError';
}

/** Longest price or size string accepted; anything longer is hostile, not a market figure. */
export const MAX_DECIMAL_LENGTH = 64;
/** Most levels accepted per side in one message (the stream sends a few hundred). */
export const MAX_MESSAGE_LEVELS = 50_000;
/** Significant digits up to which a price's double is a faithful sort key (see {@link priceKey}). */
const EXACT_KEY_DIGITS = 15;

const SIDES = ['bids', 'asks'] as const;
const NO_LEVELS: readonly BookLevel[] = Object.freeze([]);
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * The canonical text of a positive plain decimal (`"0100.50"` → `"100.5"`): prices that differ only in leading or
 * trailing zeros share it. Null when the text is anything else (sign, exponent, blanks, zero, too long).
 */
export function canonicalPrice(text: string): string | null {
  const length = text.length;
  if (length === 0 || length > MAX_DECIMAL_LENGTH) return null;
  let dot = -1;
  let firstNonZero = -1;
  let lastNonZero = -1;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === DOT) {
      if (dot >= 0 || i === 0 || i === length - 1) return null;
      dot = i;
    } else if (c < ZERO || c > NINE) {
      return null;
    } else if (c !== ZERO) {
      if (firstNonZero < 0) firstNonZero = i;
      lastNonZero = i;
    }
  }
  if (firstNonZero < 0) return null;
  const integerEnd = dot < 0 ? length : dot;
  // Keep one "0" before the point of a price below 1; drop the fraction's trailing zeros, and the point with them.
  const start = firstNonZero < integerEnd ? firstNonZero : integerEnd - 1;
  const end = dot < 0 ? length : lastNonZero > dot ? lastNonZero + 1 : dot;
  return start === 0 && end === length ? text : text.slice(start, end);
}

/** -1 when the text is not a non-negative plain decimal, 0 for a zero size, 1 for a positive one. */
function sizeSign(text: string): -1 | 0 | 1 {
  const length = text.length;
  if (length === 0 || length > MAX_DECIMAL_LENGTH) return -1;
  let dot = -1;
  let sign: 0 | 1 = 0;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === DOT) {
      if (dot >= 0 || i === 0 || i === length - 1) return -1;
      dot = i;
    } else if (c < ZERO || c > NINE) {
      return -1;
    } else if (c !== ZERO) {
      sign = 1;
    }
  }
  return sign;
}

/**
 * A numeric sort key for a canonical price, or NaN when it might not be faithful. Number() rounds a decimal of at
 * most 20 significant digits correctly (ECMAScript StringToNumber), rounding is monotonic, and two distinct decimals
 * of at most 15 significant digits never round to the same double; so for such prices, keys compare exactly as the
 * prices do. NaN compares neither way, which sends the comparison to the exact text comparison.
 */
function priceKey(canonical: string): number {
  let digits = canonical.length;
  if (canonical.charCodeAt(0) === ZERO) {
    // "0.000123": the zeros before the first non-zero digit are not significant.
    let i = 2;
    while (canonical.charCodeAt(i) === ZERO) i += 1;
    digits -= i;
  } else if (canonical.includes('.')) {
    digits -= 1;
  }
  return digits <= EXACT_KEY_DIGITS ? Number(canonical) : Number.NaN;
}

/** Orders two canonical prices exactly: the longer integer part is larger; with equal lengths text order is numeric order. */
function compareCanonical(a: string, b: string): number {
  if (a === b) return 0;
  const pointA = a.indexOf('.');
  const pointB = b.indexOf('.');
  const integerA = pointA < 0 ? a.length : pointA;
  const integerB = pointB < 0 ? b.length : pointB;
  if (integerA !== integerB) return integerA < integerB ? -1 : 1;
  // Canonical fractions have no trailing zeros, so a fraction that is a prefix of another is the smaller one.
  return a < b ? -1 : 1;
}

function comparePrices(keyA: number, canonA: string, keyB: number, canonB: string): number {
  if (keyA < keyB) return -1;
  if (keyA > keyB) return 1;
  if (keyA === keyB) return 0;
  return compareCanonical(canonA, canonB);
}

/** One side of the book: parallel arrays kept in display order (bids descending, asks ascending). */
class BookSideLevels {
  keys: number[] = [];
  canons: string[] = [];
  levels: BookLevel[] = [];

  constructor(readonly sign: 1 | -1) {}

  /** Index of the level at this price, or the bitwise complement of where it belongs. */
  find(key: number, canon: string): number {
    const { keys, canons, sign } = this;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = comparePrices(keys[mid], canons[mid], key, canon) * sign;
      if (order < 0) lo = mid + 1;
      else if (order > 0) hi = mid - 1;
      else return mid;
    }
    return ~lo;
  }

  /** Merges one change: size zero deletes the level, otherwise the level (with the price text just received) is set. */
  merge(price: string, canon: string, size: string, isZero: boolean): void {
    const key = priceKey(canon);
    const at = this.find(key, canon);
    if (at >= 0) {
      if (isZero) {
        this.keys.splice(at, 1);
        this.canons.splice(at, 1);
        this.levels.splice(at, 1);
      } else {
        this.levels[at] = [price, size];
      }
    } else if (!isZero) {
      const to = ~at;
      this.keys.splice(to, 0, key);
      this.canons.splice(to, 0, canon);
      this.levels.splice(to, 0, [price, size]);
    }
  }

  /** Replaces the side with a snapshot's non-zero levels, ordered, the last of equal prices winning. */
  replace(source: readonly BookLevel[], canons: readonly string[], offset: number): void {
    const keys: number[] = [];
    const kept: string[] = [];
    const levels: BookLevel[] = [];
    let isOrdered = true;
    for (let i = 0; i < source.length; i += 1) {
      const price = source[i][0];
      const size = source[i][1];
      if (sizeSign(size) === 0) continue;
      const canon = canons[offset + i];
      const key = priceKey(canon);
      const n = levels.length;
      if (n > 0 && comparePrices(keys[n - 1], kept[n - 1], key, canon) * this.sign >= 0) isOrdered = false;
      keys.push(key);
      kept.push(canon);
      levels.push([price, size]);
    }
    if (isOrdered) {
      this.keys = keys;
      this.canons = kept;
      this.levels = levels;
      return;
    }
    // Out of order or repeated prices: a stable sort keeps arrival order among equals, so the last one wins.
    const order = levels.map((_, i) => i);
    order.sort((a, b) => comparePrices(keys[a], kept[a], keys[b], kept[b]) * this.sign);
    this.clear();
    for (let j = 0; j < order.length; j += 1) {
      const i = order[j];
      const n = this.levels.length;
      if (n > 0 && comparePrices(this.keys[n - 1], this.canons[n - 1], keys[i], kept[i]) === 0) {
        this.levels[n - 1] = levels[i];
        continue;
      }
      this.keys.push(keys[i]);
      this.canons.push(kept[i]);
      this.levels.push(levels[i]);
    }
  }

  clear(): void {
    this.keys = [];
    this.canons = [];
    this.levels = [];
  }
}

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
function checkMessage(value: unknown, kind: 'snapshot' | 'update', canons: string[] | null): BookMessage {
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
  return checkMessage(value, kind, null);
}

/** The exact difference `ask − bid` of two positive plain decimals, with the larger number of decimals of the two. */
function decimalDifference(ask: string, bid: string): string {
  const pointAsk = ask.indexOf('.');
  const pointBid = bid.indexOf('.');
  const placesAsk = pointAsk < 0 ? 0 : ask.length - pointAsk - 1;
  const placesBid = pointBid < 0 ? 0 : bid.length - pointBid - 1;
  const places = Math.max(placesAsk, placesBid);
  const units = (text: string, point: number, own: number) =>
    BigInt((point < 0 ? text : text.slice(0, point) + text.slice(point + 1)) + '0'.repeat(places - own));
  const difference = units(ask, pointAsk, placesAsk) - units(bid, pointBid, placesBid);
  const negative = difference < 0n;
  const digits = (negative ? -difference : difference).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

/**
 * A local order book maintained from the `books` channel (market-data contract, "Order book maintenance"):
 * snapshots replace it, updates merge by exact price, every message is proven by `seq` and checksum, and on any
 * doubt the book drops its levels until the next snapshot.
 */
export class OrderBook {
  private readonly bids = new BookSideLevels(-1);
  private readonly asks = new BookSideLevels(1);
  private readonly scratch: string[] = [];
  private currentStatus: BookStatus = 'empty';
  private lastSeq: number | null = null;
  private lastError: string | null = null;
  private readonly tally: BookCounters = {
    snapshots: 0,
    updates: 0,
    stale: 0,
    gaps: 0,
    checksumMismatches: 0,
    rejected: 0,
  };

  /** Where the book stands; only `live` has readable levels. */
  get status(): BookStatus {
    return this.currentStatus;
  }

  /** True when the book has levels that can be shown. */
  get isLive(): boolean {
    return this.currentStatus === 'live';
  }

  /** The `seq` of the last message applied, or null when the book is not live. */
  get seq(): number | null {
    return this.currentStatus === 'live' ? this.lastSeq : null;
  }

  /** Why the last rejected message was refused (names the field and value), or null. */
  get error(): string | null {
    return this.lastError;
  }

  /** A copy of the counters, cloneable to the UI. */
  counters(): BookCounters {
    return { ...this.tally };
  }

  /** Replaces the whole book with a snapshot; levels of size zero are ignored and a checksum, when sent, is verified. */
  applySnapshot(value: unknown): BookApplyResult {
    let message: BookMessage;
    try {
      message = checkMessage(value, 'snapshot', this.scratch);
    } catch (error) {
      return this.reject(error);
    }
    this.bids.replace(message.bids, this.scratch, 0);
    this.asks.replace(message.asks, this.scratch, message.bids.length);
    this.tally.snapshots += 1;
    if (message.checksum !== undefined && bookChecksum(this.bids.levels, this.asks.levels) !== message.checksum) {
      return this.drop('checksum-mismatch');
    }
    this.lastSeq = message.seq;
    this.lastError = null;
    this.currentStatus = 'live';
    return 'ok';
  }

  /** Merges one update; the result says whether it was applied, ignored, or cost the book (resubscribe then). */
  applyUpdate(value: unknown): BookApplyResult {
    if (this.currentStatus !== 'live' || this.lastSeq === null) return 'awaiting-snapshot';
    let message: BookMessage;
    try {
      message = checkMessage(value, 'update', this.scratch);
    } catch (error) {
      return this.reject(error);
    }
    if (message.seq <= this.lastSeq) {
      this.tally.stale += 1;
      return 'stale';
    }
    if (message.seq !== this.lastSeq + 1) return this.drop('gap');
    const { bids, asks } = message;
    const canons = this.scratch;
    for (let i = 0; i < bids.length; i += 1) {
      const level = bids[i];
      this.bids.merge(level[0], canons[i], level[1], sizeSign(level[1]) === 0);
    }
    const offset = bids.length;
    for (let i = 0; i < asks.length; i += 1) {
      const level = asks[i];
      this.asks.merge(level[0], canons[offset + i], level[1], sizeSign(level[1]) === 0);
    }
    if (bookChecksum(this.bids.levels, this.asks.levels) !== message.checksum) return this.drop('checksum-mismatch');
    this.lastSeq = message.seq;
    this.tally.updates += 1;
    return 'ok';
  }

  /** Forgets the book (unsubscribe, reconnect): back to `empty`, counters kept. */
  reset(): void {
    this.bids.clear();
    this.asks.clear();
    this.lastSeq = null;
    this.lastError = null;
    this.currentStatus = 'empty';
  }

  /** The first `count` levels of a side as received, best first; empty unless the book is live. */
  top(side: BookSide, count: number): BookLevel[] {
    if (this.currentStatus !== 'live') return [];
    return (side === 'bids' ? this.bids : this.asks).levels.slice(0, Math.max(0, count));
  }

  /**
   * A side's levels, best first, without copying (per-frame grouping reads only the rows it shows); empty unless the
   * book is live. The array is the book's own: read it now, never keep or change it, as the next message changes it.
   */
  levels(side: BookSide): readonly BookLevel[] {
    if (this.currentStatus !== 'live') return NO_LEVELS;
    return (side === 'bids' ? this.bids : this.asks).levels;
  }

  /** How many levels a side holds; zero unless the book is live. */
  depth(side: BookSide): number {
    return this.currentStatus === 'live' ? (side === 'bids' ? this.bids : this.asks).levels.length : 0;
  }

  /** The best level of a side (highest bid, lowest ask), or null. */
  best(side: BookSide): BookLevel | null {
    if (this.currentStatus !== 'live') return null;
    return (side === 'bids' ? this.bids : this.asks).levels[0] ?? null;
  }

  /** Best ask minus best bid, exact, with the decimals of the more precise price; null without both sides. */
  spread(): string | null {
    const bid = this.best('bids');
    const ask = this.best('asks');
    return bid && ask ? decimalDifference(ask[0], bid[0]) : null;
  }

  private reject(error: unknown): BookApplyResult {
    if (!(error instanceof BookInputError)) throw error;
    this.tally.rejected += 1;
    this.drop('rejected');
    this.lastError = error.message;
    return 'rejected';
  }

  private drop(reason: 'gap' | 'checksum-mismatch' | 'rejected'): BookApplyResult {
    if (reason === 'gap') this.tally.gaps += 1;
    if (reason === 'checksum-mismatch') this.tally.checksumMismatches += 1;
    this.bids.clear();
    this.asks.clear();
    this.lastSeq = null;
    this.lastError = null;
    this.currentStatus = reason;
    return reason;
  }
}
