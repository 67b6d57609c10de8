/**
 * The maths worker's rows for the positions panel (contracts/maths.md; ARCHITECTURE "display-ready frames"): a
 * position ledger ticked by marks, packed as rows frames, the first full, then only the rows whose figures moved,
 * formatted in the page's language. The clock that times a tick's work is injected.
 */
import { createFixedFormat, type FixedFormat } from '../format/fixed-format';
import {
  computeLedgerRows,
  type LedgerInput,
  type LedgerRow,
  type MarkTick,
  type PreparedLedger,
  prepareLedger,
} from './position-ledger';
import type { RowsFrame } from '../format/rows-table';
import { RowsFrameWriter } from './row-frame';

const NO_VALUE = '--';
/** Live cells per row (LIVE_COLUMNS). */
const LIVE_CELLS = 4;

function isSameLive(a: LedgerRow | undefined, b: LedgerRow): boolean {
  return (
    a !== undefined &&
    a.upnl === b.upnl &&
    a.roePercent === b.roePercent &&
    a.liquidation === b.liquidation &&
    a.mark === b.mark
  );
}

/** Mark and index prices as a tick carries them, before they are checked. */
type TickValues = { marks: Record<string, unknown>; indexPrices: Record<string, unknown> };

/**
 * One positions panel's ledger and the rows the page holds of it: {@link LedgerFrames.fullFrame} answers with every
 * row, {@link LedgerFrames.applyMarks} with the changed ones. Marks are kept across ledgers, so a new set of
 * positions starts from the marks already known.
 */
export class LedgerFrames {
  private ledger: PreparedLedger | null = null;
  /** The marks and index prices so far: a feed may send only the symbols that moved. */
  private readonly current: TickValues = { marks: Object.create(null), indexPrices: Object.create(null) };
  /** Each row's fixed-point live values at the last tick, to skip rows (and formatting) that did not move. */
  private shown: LedgerRow[] = [];
  /** The formatted live cells of `shown`, LIVE_CELLS per row, so a figure that did not move is not formatted again. */
  private shownCells: string[] = [];
  private seq = 0;
  private format: FixedFormat = createFixedFormat('en');

  /** `now` is a steady clock in ms, for the frame's `workerMs`. */
  constructor(private readonly now: () => number) {}

  /** Whether a ledger is set (marks before one are not answered). */
  get hasLedger(): boolean {
    return this.ledger !== null;
  }

  /**
   * Checks a ledger and takes the page's language (`intl`, already checked); throws MathsInputError naming the
   * field, and then holds no ledger. {@link LedgerFrames.fullFrame} answers with its rows.
   */
  setLedger(input: LedgerInput, intl: string): void {
    try {
      this.ledger = prepareLedger(input);
      this.format = createFixedFormat(intl);
      this.shown = [];
      this.shownCells = [];
    } catch (error) {
      this.ledger = null;
      throw error;
    }
  }

  /** Every row of the ledger at its first marks (a full frame); a bad mark throws, and then no ledger is held. */
  fullFrame(tick: MarkTick | undefined): RowsFrame {
    try {
      return this.withMerged(tick ?? { marks: {} }, (merged) => this.recompute(merged, 0, true));
    } catch (error) {
      this.ledger = null;
      throw error;
    }
  }

  /** Applies new marks and returns only the rows that changed; a bad mark throws and is not kept. */
  applyMarks(tick: MarkTick, tickTs: number): RowsFrame {
    return this.withMerged(tick, (merged) => this.recompute(merged, tickTs, false));
  }

  private text(value: string | null): string {
    return value === null ? NO_VALUE : this.format.number(value);
  }

  private percentText(value: string | null): string {
    return value === null ? NO_VALUE : this.format.signedPercent(value);
  }

  /**
   * Brings `shownCells` for the row at `index` up to date, formatting only the figures that moved since `previous`:
   * the others keep their text (an isolated position's liquidation price, a mark that stood still).
   */
  private formatLive(index: number, row: LedgerRow, previous: LedgerRow | undefined): void {
    const cells = this.shownCells;
    const at = index * LIVE_CELLS;
    if (previous === undefined || previous.mark !== row.mark) cells[at] = this.text(row.mark);
    if (previous === undefined || previous.upnl !== row.upnl) cells[at + 1] = this.text(row.upnl);
    if (previous === undefined || previous.roePercent !== row.roePercent)
      cells[at + 2] = this.percentText(row.roePercent);
    if (previous === undefined || previous.liquidation !== row.liquidation) cells[at + 3] = this.text(row.liquidation);
  }

  /** Writes the live cells of the row at `index` (LIVE_COLUMNS order). */
  private writeLive(writer: RowsFrameWriter, index: number, row: LedgerRow, previous: LedgerRow | undefined): void {
    this.formatLive(index, row, previous);
    const at = index * LIVE_CELLS;
    writer.startRow(index);
    for (let i = 0; i < LIVE_CELLS; i += 1) writer.cell(this.shownCells[at + i]);
    writer.endRow();
  }

  /** Writes every cell of a row (ROW_COLUMNS order). */
  private writeFull(writer: RowsFrameWriter, index: number, row: LedgerRow): void {
    this.formatLive(index, row, undefined);
    const at = index * LIVE_CELLS;
    const cells = this.shownCells;
    writer.startRow(index);
    for (const cell of [
      row.id,
      row.symbol,
      row.side,
      this.text(row.size),
      this.text(row.entry),
      cells[at],
      this.text(row.margin),
      cells[at + 1],
      cells[at + 2],
      cells[at + 3],
    ])
      writer.cell(cell);
    writer.endRow();
  }

  /**
   * Recomputes every row at the tick and packs the ones whose figures changed: whole rows in a full frame, only the
   * live cells in a delta. Only changed figures are formatted.
   */
  private recompute(tick: MarkTick, tickTs: number, isFull: boolean): RowsFrame {
    const started = this.now();
    if (!this.ledger) throw new Error('no ledger');
    const next = computeLedgerRows(this.ledger, tick);
    const writer = new RowsFrameWriter();
    for (let index = 0; index < next.length; index += 1) {
      const row = next[index];
      if (isFull) this.writeFull(writer, index, row);
      else if (!isSameLive(this.shown[index], row)) this.writeLive(writer, index, row, this.shown[index]);
    }
    this.shown = next;
    if (!isFull) this.seq += 1;
    const frame = writer.pack({ seq: this.seq, isFull, rowCount: next.length, workerMs: 0, tickTs });
    // Packing is part of the tick's work too.
    frame.workerMs = this.now() - started;
    return frame;
  }

  /**
   * Runs `compute` with the tick's values merged over the current ones, in place (O(moved), not O(ledger)); if it
   * throws, the values it brought are taken back out, so a bad mark never stays behind to spoil the next tick.
   */
  private withMerged<T>(tick: MarkTick, compute: (merged: MarkTick) => T): T {
    const { current } = this;
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
}
