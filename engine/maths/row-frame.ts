/** Columns of a position row on the wire, in order (display-ready strings). */
export const ROW_COLUMNS = ['id', 'symbol', 'side', 'size', 'entry', 'mark', 'margin', 'upnl', 'roePercent', 'liquidation'] as const;

/** Columns that move with the marks: the only ones a delta frame carries (the others come with the full frame). */
export const LIVE_COLUMNS = ['mark', 'upnl', 'roePercent', 'liquidation'] as const;

/** One display-ready position row. */
export type DisplayRow = Record<(typeof ROW_COLUMNS)[number], string>;

/** The live cells of a row. */
export type LiveCells = Pick<DisplayRow, (typeof LIVE_COLUMNS)[number]>;

/**
 * Rows that changed on one tick, packed so the receiving thread does O(changed) integer work and no per-row
 * object decoding: one string for all cells plus typed arrays (transferable) of row indices and cell offsets.
 */
export interface RowsFrame {
  /** Tick number; 0 for the full frame after a book is set. */
  seq: number;
  /** True when every row is in the frame and rows not in it no longer exist. */
  isFull: boolean;
  rowCount: number;
  /** Index of each changed row. */
  indices: Uint32Array;
  /** Start of each changed row's cells in `text`, plus a final end offset (`indices.length + 1` entries). */
  offsets: Uint32Array;
  /** Cells of the changed rows separated by U+001F: every column of ROW_COLUMNS in a full frame, LIVE_COLUMNS in a delta. */
  text: string;
  /** Milliseconds the maths worker spent on this tick. */
  workerMs: number;
  /** `ts` of the tick that caused this frame (the mark message's time), for update-to-paint latency. */
  tickTs: number;
}

const CELL = '\u001f';

/** Packs changed rows into a frame (the maths worker's side): whole rows in a full frame, live cells in a delta. */
export function packRows(changed: readonly { index: number; row: LiveCells | DisplayRow }[], meta: Omit<RowsFrame, 'indices' | 'offsets' | 'text'>): RowsFrame {
  const columns: readonly string[] = meta.isFull ? ROW_COLUMNS : LIVE_COLUMNS;
  const indices = new Uint32Array(changed.length);
  const offsets = new Uint32Array(changed.length + 1);
  const parts: string[] = [];
  let at = 0;
  changed.forEach(({ index, row }, k) => {
    indices[k] = index;
    offsets[k] = at;
    // Cells never hold the separator: they are numbers, ids and symbols, which the book checks.
    const cells = columns.map((column) => (row as Record<string, string>)[column] ?? '').join(CELL);
    parts.push(cells);
    at += cells.length;
  });
  offsets[changed.length] = at;
  return { ...meta, indices, offsets, text: parts.join('') };
}

/** The rows a page holds: a frame is applied in O(changed) and a row is split into cells only when it is read. */
export class RowsTable {
  private cells: string[] = [];
  /** Live cells of a delta newer than the row's full cells. */
  private live: (string | undefined)[] = [];
  private decoded = new Map<number, DisplayRow>();
  /** Number of rows. */
  rowCount = 0;
  /** Seq of the last frame applied. */
  seq = -1;

  /** Applies one frame; returns the indices that changed. A delta not newer than the table is ignored. */
  apply(frame: RowsFrame): Uint32Array {
    if (!frame.isFull && (frame.seq <= this.seq || frame.rowCount !== this.rowCount)) return new Uint32Array(0);
    if (frame.isFull) {
      this.cells = new Array<string>(frame.rowCount).fill('');
      this.live = new Array<string | undefined>(frame.rowCount);
      this.decoded.clear();
      this.rowCount = frame.rowCount;
    }
    const target = frame.isFull ? this.cells : this.live;
    for (let k = 0; k < frame.indices.length; k += 1) {
      const index = frame.indices[k];
      if (index >= this.rowCount) continue;
      // A slice of the frame's one string: no copy and no parsing until the row is painted.
      target[index] = frame.text.slice(frame.offsets[k], frame.offsets[k + 1]);
      this.decoded.delete(index);
    }
    this.seq = frame.seq;
    return frame.indices;
  }

  /** The display row at `index`, or null when there is none. */
  row(index: number): DisplayRow | null {
    if (index < 0 || index >= this.rowCount || this.cells[index] === '') return null;
    const cached = this.decoded.get(index);
    if (cached) return cached;
    const cells = this.cells[index].split(CELL);
    const row = Object.fromEntries(ROW_COLUMNS.map((column, i) => [column, cells[i] ?? ''])) as DisplayRow;
    const live = this.live[index]?.split(CELL);
    if (live) {
      LIVE_COLUMNS.forEach((column, i) => {
        row[column] = live[i] ?? '';
      });
    }
    this.decoded.set(index, row);
    return row;
  }
}
