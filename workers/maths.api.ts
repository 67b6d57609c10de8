import { isLanguageTag } from '../engine/format/language-tag';
import { transfer } from 'comlink';
import { createFixedFormat, type FixedFormat } from '../engine/format/fixed-format';
import { MathsInputError } from '../engine/maths';
import {
  type BookInput,
  type BookRow,
  computeBookRows,
  type MarkTick,
  type PreparedBook,
  prepareBook,
} from '../engine/maths/position-book';
import { frameTransfer, RowsFrameWriter, type RowsFrame } from '../engine/maths/row-frame';

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
/** The formatted live cells of `shown`, LIVE_CELLS per row, so a figure that did not move is not formatted again. */
let shownCells: string[] = [];
const LIVE_CELLS = 4;
let seq = 0;
let format: FixedFormat = createFixedFormat('en');
let out: MessagePort | null = null;
let feed: MessagePort | null = null;

function text(value: string | null): string {
  return value === null ? NO_VALUE : format.number(value);
}

function percentText(value: string | null): string {
  return value === null ? NO_VALUE : format.signedPercent(value);
}

/**
 * Brings `shownCells` for the row at `index` up to date, formatting only the figures that moved since `previous`:
 * the others keep their text (an isolated position's liquidation price, a mark that stood still).
 */
function formatLive(index: number, row: BookRow, previous: BookRow | undefined): void {
  const at = index * LIVE_CELLS;
  if (previous === undefined || previous.mark !== row.mark) shownCells[at] = text(row.mark);
  if (previous === undefined || previous.upnl !== row.upnl) shownCells[at + 1] = text(row.upnl);
  if (previous === undefined || previous.roePercent !== row.roePercent)
    shownCells[at + 2] = percentText(row.roePercent);
  if (previous === undefined || previous.liquidation !== row.liquidation) shownCells[at + 3] = text(row.liquidation);
}

/** Writes the live cells of the row at `index` (LIVE_COLUMNS order). */
function writeLive(writer: RowsFrameWriter, index: number, row: BookRow, previous: BookRow | undefined): void {
  formatLive(index, row, previous);
  const at = index * LIVE_CELLS;
  writer.startRow(index);
  for (let i = 0; i < LIVE_CELLS; i += 1) writer.cell(shownCells[at + i]);
  writer.endRow();
}

/** Writes every cell of a row (ROW_COLUMNS order). */
function writeFull(writer: RowsFrameWriter, index: number, row: BookRow): void {
  formatLive(index, row, undefined);
  const at = index * LIVE_CELLS;
  writer.startRow(index);
  for (const cell of [
    row.id,
    row.symbol,
    row.side,
    text(row.size),
    text(row.entry),
    shownCells[at],
    text(row.margin),
    shownCells[at + 1],
    shownCells[at + 2],
    shownCells[at + 3],
  ])
    writer.cell(cell);
  writer.endRow();
}

function isSameLive(a: BookRow | undefined, b: BookRow): boolean {
  return (
    a !== undefined &&
    a.upnl === b.upnl &&
    a.roePercent === b.roePercent &&
    a.liquidation === b.liquidation &&
    a.mark === b.mark
  );
}

/**
 * Recomputes every row at the tick and packs the ones whose figures changed: whole rows in a full frame, only the
 * live cells in a delta. Only changed figures are formatted.
 */
function recompute(tick: MarkTick, tickTs: number, isFull: boolean): RowsFrame {
  const started = performance.now();
  if (!book) throw new Error('no book');
  const next = computeBookRows(book, tick);
  const writer = new RowsFrameWriter();
  for (let index = 0; index < next.length; index += 1) {
    const row = next[index];
    if (isFull) writeFull(writer, index, row);
    else if (!isSameLive(shown[index], row)) writeLive(writer, index, row, shown[index]);
  }
  shown = next;
  if (!isFull) seq += 1;
  const frame = writer.pack({ seq, isFull, rowCount: next.length, workerMs: 0, tickTs });
  // Packing is part of the tick's work too.
  frame.workerMs = performance.now() - started;
  return frame;
}

function send(frame: RowsFrame): void {
  out?.postMessage(frame, frameTransfer(frame));
}

function failure(error: unknown): MathsFailure {
  if (error instanceof MathsInputError)
    return { ok: false, field: error.field, code: error.code, message: error.message };
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
  // The values the tick replaces, per target in flat lists (a tick sets a thousand keys; no tuple per key).
  const saved: { target: Record<string, unknown>; keys: string[]; values: unknown[] }[] = [];
  for (const [target, source] of [
    [current.marks, tick.marks],
    [current.indexPrices, tick.indexPrices],
  ] as const) {
    if (source === null || typeof source !== 'object') continue;
    const keys = Object.keys(source);
    const values = new Array<unknown>(keys.length);
    for (let i = 0; i < keys.length; i += 1) {
      values[i] = target[keys[i]];
      target[keys[i]] = (source as Record<string, unknown>)[keys[i]];
    }
    saved.push({ target, keys, values });
  }
  try {
    return compute(current as MarkTick);
  } catch (error) {
    for (const { target, keys, values } of saved.reverse()) {
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        if (values[i] === undefined) delete target[keys[i]];
        else target[keys[i]] = values[i];
      }
    }
    throw error;
  }
}

function onMarks(event: MessageEvent): void {
  const message = event.data as Partial<MarkMessage> | null;
  // The feed is another worker; still, a malformed message is dropped, never turned into a wrong number.
  if (!book || !message || message.type !== 'marks' || typeof message.marks !== 'object' || message.marks === null)
    return;
  try {
    const frame = withMerged({ marks: message.marks, indexPrices: message.indexPrices }, (tick) =>
      recompute(tick, Number(message.ts) || 0, false),
    );
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
  async setBook(input: {
    book: BookInput;
    tick: MarkTick;
    intl: string;
    rowsPort?: MessagePort;
  }): Promise<RowsFrame | MathsFailure> {
    if (!isLanguageTag(input?.intl)) throw new TypeError('intl must be a BCP 47 language tag');
    try {
      book = prepareBook(input.book);
      format = createFixedFormat(input.intl);
      shown = [];
      shownCells = [];
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
