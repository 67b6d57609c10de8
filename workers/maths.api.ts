import { isLanguageTag } from '../engine/format/language-tag';
import { transfer } from 'comlink';
import { createFixedFormat, type FixedFormat } from '../engine/format/fixed-format';
import { MathsInputError } from '../engine/maths';
import { type BookInput, type BookRow, computeBookRows, type MarkTick, type PreparedBook, prepareBook } from '../engine/maths/position-book';
import { CELL_SEPARATOR, frameTransfer, packRowTexts, ROW_END, type RowsFrame } from '../engine/maths/row-frame';

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
/** The marks and index prices so far: a feed may send only the symbols that moved. */
const current = freshTick();
/** Each row's fixed-point live values at the last tick, to skip rows (and formatting) that did not move. */
let shown: BookRow[] = [];
let seq = 0;
let format: FixedFormat = createFixedFormat('en');
let out: MessagePort | null = null;
let feed: MessagePort | null = null;

function text(value: string | null): string {
  return value === null ? NO_VALUE : format.number(value);
}

/** The live cells of a row as a frame carries them (LIVE_COLUMNS order). */
function liveText(row: BookRow): string {
  const roe = row.roePercent === null ? NO_VALUE : format.signedPercent(row.roePercent);
  return text(row.mark) + CELL_SEPARATOR + text(row.upnl) + CELL_SEPARATOR + roe + CELL_SEPARATOR + text(row.liquidation) + ROW_END;
}

/** Every cell of a row as a frame carries them (ROW_COLUMNS order). */
function fullText(row: BookRow): string {
  const roe = row.roePercent === null ? NO_VALUE : format.signedPercent(row.roePercent);
  return [row.id, row.symbol, row.side, text(row.size), text(row.entry), text(row.mark), text(row.margin), text(row.upnl), roe, text(row.liquidation)].join(CELL_SEPARATOR) + ROW_END;
}

function isSameLive(a: BookRow | undefined, b: BookRow): boolean {
  return a !== undefined && a.upnl === b.upnl && a.roePercent === b.roePercent && a.liquidation === b.liquidation && a.mark === b.mark;
}

/**
 * Recomputes every row at the tick and packs the ones whose figures changed: whole rows in a full frame, only the
 * live cells in a delta. Only changed figures are formatted.
 */
function recompute(tick: MarkTick, tickTs: number, isFull: boolean): RowsFrame {
  const started = performance.now();
  if (!book) throw new Error('no book');
  const next = computeBookRows(book, tick);
  const indices: number[] = [];
  const texts: string[] = [];
  for (let index = 0; index < next.length; index += 1) {
    const row = next[index];
    if (isFull) {
      indices.push(index);
      texts.push(fullText(row));
    } else if (!isSameLive(shown[index], row)) {
      indices.push(index);
      texts.push(liveText(row));
    }
  }
  shown = next;
  if (!isFull) seq += 1;
  const frame = packRowTexts(indices, texts, { seq, isFull, rowCount: next.length, workerMs: 0, tickTs });
  // Packing is part of the tick's work too.
  frame.workerMs = performance.now() - started;
  return frame;
}

function send(frame: RowsFrame): void {
  out?.postMessage(frame, frameTransfer(frame));
}

function failure(error: unknown): MathsFailure {
  if (error instanceof MathsInputError) return { ok: false, field: error.field, code: error.code, message: error.message };
  throw error;
}

function freshTick(): { marks: Record<string, unknown>; indexPrices: Record<string, unknown> } {
  return { marks: Object.create(null), indexPrices: Object.create(null) };
}

/**
 * Runs `compute` with the tick's values merged over the current ones, in place (O(moved), not O(book)); if it throws,
 * the values it brought are taken back out, so a bad mark never stays behind to spoil the next tick.
 */
function withMerged<T>(tick: MarkTick, compute: (merged: MarkTick) => T): T {
  const undo: [Record<string, unknown>, string, unknown][] = [];
  for (const [target, source] of [
    [current.marks, tick.marks],
    [current.indexPrices, tick.indexPrices],
  ] as const) {
    if (source === null || typeof source !== 'object') continue;
    for (const key of Object.keys(source)) {
      undo.push([target, key, target[key]]);
      target[key] = (source as Record<string, unknown>)[key];
    }
  }
  try {
    return compute(current as MarkTick);
  } catch (error) {
    for (const [target, key, previous] of undo.reverse()) {
      if (previous === undefined) delete target[key];
      else target[key] = previous;
    }
    throw error;
  }
}

function onMarks(event: MessageEvent): void {
  const message = event.data as Partial<MarkMessage> | null;
  // The feed is another worker; still, a malformed message is dropped, never turned into a wrong number.
  if (!book || !message || message.type !== 'marks' || typeof message.marks !== 'object' || message.marks === null) return;
  try {
    const frame = withMerged({ marks: message.marks, indexPrices: message.indexPrices }, (tick) => recompute(tick, Number(message.ts) || 0, false));
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
      format = createFixedFormat(input.intl);
      shown = [];
      // Marks are market facts, not part of a book: a new set of positions starts from the marks already known, so
      // a position change never blanks the mark column until the next tick.
      if (input.rowsPort) {
        out?.close();
        out = input.rowsPort;
      }
      const frame = withMerged(input.tick ?? { marks: {} }, (tick) => recompute(tick, 0, true));
      return transfer(frame, frameTransfer(frame));
    } catch (error) {
      book = null;
      return failure(error);
    }
  },

  /** Applies new marks and returns only the rows that changed (for callers without a feed port). */
  async applyMarks(tick: MarkTick, tickTs = 0): Promise<RowsFrame | MathsFailure> {
    if (!book) throw new Error('setBook first');
    try {
      const frame = withMerged(tick, (merged) => recompute(merged, tickTs, false));
      return transfer(frame, frameTransfer(frame));
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
