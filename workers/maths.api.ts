import { isLanguageTag } from '../engine/format/language-tag';
import { transfer } from 'comlink';
import { formatDecimal } from '../engine/format/number-format';
import { MathsInputError } from '../engine/maths';
import { type BookInput, type BookRow, computeBookRows, type MarkTick, type PreparedBook, prepareBook } from '../engine/maths/position-book';
import { type DisplayRow, packRows, type RowsFrame } from '../engine/maths/row-frame';

/** What a mark feed port carries: mark prices per symbol and the stream time they belong to. */
export interface MarkMessage extends MarkTick {
  type: 'marks';
  /** Stream time of the marks (ms), passed on as the frame's `tickTs`. */
  ts: number;
}

/** A refusal of the maths worker, with the engine's field and code so the page can say what was wrong. */
export interface MathsFailure {
  ok: false;
  field: string;
  code: string;
  message: string;
}

const NO_VALUE = '--';

let book: PreparedBook | null = null;
let lastTick: MarkTick = { marks: {} };
let rows: DisplayRow[] = [];
let seq = 0;
let intl = 'en';
let out: MessagePort | null = null;
let feed: MessagePort | null = null;

/** Formats one fixed-point string for the page; the same string is formatted once per tick however many rows show it. */
function displayOf(cache: Map<string, string>, value: string | null, percent = false): string {
  if (value === null) return NO_VALUE;
  const key = percent ? `%${value}` : value;
  let shown = cache.get(key);
  if (shown === undefined) {
    const places = value.indexOf('.') < 0 ? 0 : value.length - value.indexOf('.') - 1;
    shown = formatDecimal(value, { intl, minFraction: places, maxFraction: places, signDisplay: percent ? 'exceptZero' : 'auto' });
    if (percent) shown = `${shown}%`;
    cache.set(key, shown);
  }
  return shown;
}

function display(row: BookRow, cache: Map<string, string>): DisplayRow {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    size: displayOf(cache, row.size),
    entry: displayOf(cache, row.entry),
    mark: displayOf(cache, row.mark),
    margin: displayOf(cache, row.margin),
    upnl: displayOf(cache, row.upnl),
    roePercent: displayOf(cache, row.roePercent, true),
    liquidation: displayOf(cache, row.liquidation),
  };
}

function isSameRow(a: DisplayRow | undefined, b: DisplayRow): boolean {
  return a !== undefined && a.upnl === b.upnl && a.roePercent === b.roePercent && a.liquidation === b.liquidation && a.mark === b.mark;
}

/** Recomputes every row at the tick and packs the ones whose shown text changed. */
function recompute(tick: MarkTick, tickTs: number, isFull: boolean): RowsFrame {
  const started = performance.now();
  if (!book) throw new Error('no book');
  const cache = new Map<string, string>();
  const next = computeBookRows(book, tick).map((row) => display(row, cache));
  const changed: { index: number; row: DisplayRow }[] = [];
  next.forEach((row, index) => {
    if (isFull || !isSameRow(rows[index], row)) changed.push({ index, row });
  });
  rows = next;
  lastTick = tick;
  if (!isFull) seq += 1;
  return packRows(changed, { seq, isFull, rowCount: next.length, workerMs: performance.now() - started, tickTs });
}

function send(frame: RowsFrame): void {
  out?.postMessage(frame, [frame.indices.buffer, frame.offsets.buffer]);
}

function failure(error: unknown): MathsFailure {
  if (error instanceof MathsInputError) return { ok: false, field: error.field, code: error.code, message: error.message };
  throw error;
}

/** Marks merged over the last ones, so a feed may send only the symbols that moved. */
function merged(tick: MarkTick): MarkTick {
  return { marks: { ...lastTick.marks, ...tick.marks }, indexPrices: { ...lastTick.indexPrices, ...tick.indexPrices } };
}

function onMarks(event: MessageEvent): void {
  const message = event.data as Partial<MarkMessage> | null;
  // The feed is another worker; still, a malformed message is dropped, never turned into a wrong number.
  if (!book || !message || message.type !== 'marks' || typeof message.marks !== 'object' || message.marks === null) return;
  try {
    const frame = recompute(merged({ marks: message.marks, indexPrices: message.indexPrices }), Number(message.ts) || 0, false);
    if (frame.indices.length > 0) send(frame);
  } catch (error) {
    if (!(error instanceof MathsInputError)) throw error;
    // A bad mark keeps the last good rows on screen; the next good tick replaces them.
  }
}

const api = {
  /**
   * Takes a book (positions plus account inputs) and its first marks, checks it all, and returns every row
   * display-ready. `rowsPort`, when given, then receives a frame of only the changed rows after each tick.
   */
  async setBook(input: { book: BookInput; tick: MarkTick; intl: string; rowsPort?: MessagePort }): Promise<RowsFrame | MathsFailure> {
    if (!isLanguageTag(input?.intl)) throw new TypeError('intl must be a BCP 47 language tag');
    try {
      book = prepareBook(input.book);
      intl = input.intl;
      rows = [];
      lastTick = { marks: {} };
      if (input.rowsPort) {
        out?.close();
        out = input.rowsPort;
      }
      const frame = recompute(merged(input.tick ?? { marks: {} }), 0, true);
      return transfer(frame, [frame.indices.buffer, frame.offsets.buffer]);
    } catch (error) {
      book = null;
      return failure(error);
    }
  },

  /** Applies new marks and returns only the rows that changed (for callers without a feed port). */
  async applyMarks(tick: MarkTick, tickTs = 0): Promise<RowsFrame | MathsFailure> {
    if (!book) throw new Error('setBook first');
    try {
      const frame = recompute(merged(tick), tickTs, false);
      return transfer(frame, [frame.indices.buffer, frame.offsets.buffer]);
    } catch (error) {
      return failure(error);
    }
  },

  /**
   * Listens for marks on a port, typically one end of a MessageChannel whose other end the market worker holds,
   * so marks reach this worker without the main thread in between. Frames go to the book's `rowsPort`.
   */
  async attachMarkFeed(port: MessagePort): Promise<void> {
    if (!(port instanceof MessagePort)) throw new TypeError('a MessagePort is required');
    feed?.close();
    feed = port;
    port.onmessage = onMarks;
  },
};

export type MathsApi = typeof api;
export const mathsApi = api;
