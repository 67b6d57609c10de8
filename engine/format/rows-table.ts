/**
 * The positions rows frame as the page reads it (contracts/maths.md; ARCHITECTURE "display-ready frames"): the
 * columns, the packed frame the maths worker sends, and {@link RowsTable}, which holds the rows a page shows and
 * decodes a row only when it is read. Pure and small, so the page applies frames itself; the maths worker writes them
 * (engine/maths/row-frame).
 */
/** Columns of a position row on the wire, in order (display-ready strings). */
export const ROW_COLUMNS = [
  'id',
  'symbol',
  'side',
  'size',
  'entry',
  'mark',
  'margin',
  'upnl',
  'roePercent',
  'liquidation',
] as const;

/** Columns that move with the marks: the only ones a delta frame carries (the others come with the full frame). */
export const LIVE_COLUMNS = ['mark', 'upnl', 'roePercent', 'liquidation'] as const;

/** One display-ready position row. */
export type DisplayRow = Record<(typeof ROW_COLUMNS)[number], string>;

/** The live cells of a row. */
export type LiveCells = Pick<DisplayRow, (typeof LIVE_COLUMNS)[number]>;

/**
 * Rows that changed on one tick, packed in one transferable buffer so the receiving thread neither copies nor
 * parses text: `indices`, `offsets` and `cells` are views of the same ArrayBuffer (see {@link frameTransfer}). The
 * page records where each changed row's cells are (O(changed) integer work) and decodes a row only when it is read.
 */
export interface RowsFrame {
  /** Tick number; 0 for the full frame after a ledger is set. */
  seq: number;
  /** True when every row is in the frame and rows not in it no longer exist. */
  isFull: boolean;
  rowCount: number;
  /** Index of each changed row. */
  indices: Uint32Array;
  /** Start of each changed row's cells in `cells`, plus a final end offset (`indices.length + 1` entries). */
  offsets: Uint32Array;
  /**
   * Cells of the changed rows as UTF-16 code units, in order: each row's cells separated by U+001F and ended by
   * U+001E; every column of ROW_COLUMNS in a full frame, LIVE_COLUMNS in a delta.
   */
  cells: Uint16Array;
  /** Milliseconds the maths worker spent on this tick. */
  workerMs: number;
  /** `ts` of the tick that caused this frame (the mark message's time), for update-to-paint latency. */
  tickTs: number;
}

/** Separates the cells of a row. */
export const CELL_SEPARATOR = '\u001f';
/** Ends a row's cells, so a row read from a frame is known to be whole. */
export const ROW_END = '\u001e';
const CELL_UNIT = 0x1f;
const ROW_UNIT = 0x1e;

/**
 * Whether a frame's parts fit together: typed arrays of matching lengths, offsets rising within the cells, each
 * row ending where a row ends, rows within the ledger. A frame that fails is not applied at all.
 */
function isWellFormed(frame: RowsFrame): boolean {
  if (!frame || typeof frame !== 'object') return false;
  const { indices, offsets, cells, rowCount } = frame;
  if (!(indices instanceof Uint32Array && offsets instanceof Uint32Array && cells instanceof Uint16Array)) return false;
  if (
    !Number.isInteger(rowCount) ||
    rowCount < 0 ||
    !Number.isInteger(frame.seq) ||
    offsets.length !== indices.length + 1 ||
    offsets[0] !== 0
  )
    return false;
  if (offsets[indices.length] !== cells.length) return false;
  for (let k = 0; k < indices.length; k += 1) {
    const end = offsets[k + 1];
    if (end <= offsets[k] || cells[end - 1] !== ROW_UNIT || indices[k] >= rowCount) return false;
  }
  return true;
}

/**
 * The cells of one row, or null when the units there are not one whole row of `count` cells (a row end inside,
 * another number of cells): a damaged row is not shown rather than shown wrong.
 */
function decodeRow(units: Uint16Array, start: number, end: number, count: number): string[] | null {
  if (end <= start || units[end - 1] !== ROW_UNIT) return null;
  let separators = 0;
  for (let i = start; i < end - 1; i += 1) {
    const unit = units[i];
    if (unit === ROW_UNIT) return null;
    if (unit === CELL_UNIT) separators += 1;
  }
  if (separators !== count - 1) return null;
  let text = '';
  // In slices, so a row however long never exceeds the arguments a call may take.
  for (let at = start; at < end - 1; at += DECODE_CHUNK) {
    text += String.fromCharCode.apply(
      null,
      units.subarray(at, Math.min(at + DECODE_CHUNK, end - 1)) as unknown as number[],
    );
  }
  return text.split(CELL_SEPARATOR);
}

const DECODE_CHUNK = 4096;

/** Below this many bytes a table never compacts its deltas (a small ledger's frames are tiny). */
const COMPACT_FLOOR_BYTES = 128 * 1024;
/** Buffers held for deltas may grow to this many times the bytes the rows still use before they are compacted. */
const COMPACT_FACTOR = 4;
const NO_FRAME = -1;
const NO_ROWS = new Uint32Array(0);

/**
 * The rows a page holds. Applying a frame only records, per changed row, which frame and bytes hold its cells
 * (O(changed) integer work, no strings); a row is decoded when it is read, and the decoded row is kept until it
 * changes. Delta buffers are held while a row still points into them; when they hold far more bytes than the
 * rows use, the live cells are copied into one buffer, so memory stays bounded by the ledger, not the tick count.
 */
export class RowsTable {
  /** Number of rows. */
  rowCount = 0;
  /** Seq of the last frame applied. */
  seq = -1;
  private full: Uint16Array = new Uint16Array(0);
  /** Where each row's full cells are in `full` (end 0: the row is not in the ledger). */
  private fullStart = new Uint32Array(0);
  private fullEnd = new Uint32Array(0);
  /** Delta buffers still used by some row, by slot, with the number of rows using each. */
  private slots: (Uint16Array | undefined)[] = [];
  private slotRows: number[] = [];
  private freeSlots: number[] = [];
  /** Per row, the slot of its newest live cells (NO_FRAME: the full frame's are newest) and where they are. */
  private liveSlot = new Int32Array(0);
  private liveStart = new Uint32Array(0);
  private liveEnd = new Uint32Array(0);
  /** Bytes of all held delta buffers, and bytes the rows use in them. */
  private heldBytes = 0;
  private usedBytes = 0;
  private decoded: (DisplayRow | null | undefined)[] = [];

  /** Applies one frame; returns the indices that changed. A delta not newer than the table, or a malformed frame, is ignored. */
  apply(frame: RowsFrame): Uint32Array {
    if (!isWellFormed(frame)) return NO_ROWS;
    if (frame.isFull) {
      this.reset(frame);
    } else {
      if (frame.seq <= this.seq || frame.rowCount !== this.rowCount) return NO_ROWS;
      this.applyDelta(frame);
    }
    this.seq = frame.seq;
    return frame.indices;
  }

  /** The display row at `index`, or null when there is none. */
  row(index: number): DisplayRow | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.rowCount || this.fullEnd[index] === 0) return null;
    const cached = this.decoded[index];
    if (cached !== undefined) return cached;
    const row = this.decode(index);
    this.decoded[index] = row;
    return row;
  }

  private decode(index: number): DisplayRow | null {
    const cells = decodeRow(this.full, this.fullStart[index], this.fullEnd[index], ROW_COLUMNS.length);
    if (!cells) return null;
    const row = {} as DisplayRow;
    for (let i = 0; i < ROW_COLUMNS.length; i += 1) row[ROW_COLUMNS[i]] = cells[i];
    const slot = this.liveSlot[index];
    if (slot !== NO_FRAME) {
      const live = decodeRow(
        this.slots[slot] as Uint16Array,
        this.liveStart[index],
        this.liveEnd[index],
        LIVE_COLUMNS.length,
      );
      if (!live) return null;
      for (let i = 0; i < LIVE_COLUMNS.length; i += 1) row[LIVE_COLUMNS[i]] = live[i];
    }
    return row;
  }

  private reset(frame: RowsFrame): void {
    const count = frame.rowCount;
    this.rowCount = count;
    this.full = frame.cells;
    this.fullStart = new Uint32Array(count);
    this.fullEnd = new Uint32Array(count);
    this.liveSlot = new Int32Array(count).fill(NO_FRAME);
    this.liveStart = new Uint32Array(count);
    this.liveEnd = new Uint32Array(count);
    this.slots = [];
    this.slotRows = [];
    this.freeSlots = [];
    this.heldBytes = 0;
    this.usedBytes = 0;
    this.decoded = new Array(count);
    const { indices, offsets } = frame;
    for (let k = 0; k < indices.length; k += 1) {
      this.fullStart[indices[k]] = offsets[k];
      this.fullEnd[indices[k]] = offsets[k + 1];
    }
  }

  private applyDelta(frame: RowsFrame): void {
    const { indices, offsets, cells } = frame;
    if (indices.length === 0) return;
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = cells;
    this.heldBytes += cells.buffer.byteLength;
    const { liveSlot, liveStart, liveEnd, slotRows, decoded } = this;
    // The frame holds its own slot while its rows move in, so a row listed twice cannot free it halfway.
    slotRows[slot] = 1;
    let usedUnits = 0;
    for (let k = 0; k < indices.length; k += 1) {
      const index = indices[k];
      const previous = liveSlot[index];
      if (previous !== NO_FRAME) {
        usedUnits -= liveEnd[index] - liveStart[index];
        slotRows[previous] -= 1;
        if (slotRows[previous] === 0) this.drop(previous);
      }
      const start = offsets[k];
      const end = offsets[k + 1];
      liveSlot[index] = slot;
      liveStart[index] = start;
      liveEnd[index] = end;
      usedUnits += end - start;
      slotRows[slot] += 1;
      decoded[index] = undefined;
    }
    slotRows[slot] -= 1;
    this.usedBytes += 2 * usedUnits;
    if (this.heldBytes > COMPACT_FLOOR_BYTES + COMPACT_FACTOR * this.usedBytes) this.compact();
  }

  /** Drops a delta buffer no row uses any more. */
  private drop(slot: number): void {
    this.heldBytes -= (this.slots[slot] as Uint16Array).buffer.byteLength;
    this.slots[slot] = undefined;
    this.freeSlots.push(slot);
  }

  /** Copies every row's live cells into one buffer, so old delta buffers that a few rows kept alive can go. */
  private compact(): void {
    const cells = new Uint16Array(this.usedBytes / 2);
    const { liveSlot, liveStart, liveEnd, slots } = this;
    let at = 0;
    let rows = 0;
    for (let index = 0; index < this.rowCount; index += 1) {
      const slot = liveSlot[index];
      if (slot === NO_FRAME) continue;
      const source = slots[slot] as Uint16Array;
      const start = at;
      for (let i = liveStart[index]; i < liveEnd[index]; i += 1) cells[at++] = source[i];
      liveSlot[index] = 0;
      liveStart[index] = start;
      liveEnd[index] = at;
      rows += 1;
    }
    this.freeSlots = [];
    this.slots = rows === 0 ? [] : [cells];
    this.slotRows = rows === 0 ? [] : [rows];
    this.heldBytes = rows === 0 ? 0 : cells.buffer.byteLength;
  }
}
