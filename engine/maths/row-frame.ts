/**
 * The maths worker's side of the positions rows frame (contracts/maths.md): rows packed into one transferable buffer,
 * whole in a full frame and only their live cells in a delta. The format and the page's reader are in
 * engine/format/rows-table.
 */
import {
  CELL_SEPARATOR,
  type DisplayRow,
  LIVE_COLUMNS,
  type LiveCells,
  ROW_COLUMNS,
  ROW_END,
  type RowsFrame,
} from '../format/rows-table';

/** The cells of one row as a frame carries them (cells never hold the separators: they are numbers, ids and symbols). */
export function rowText(cells: readonly string[]): string {
  return cells.join(CELL_SEPARATOR) + ROW_END;
}

/**
 * One buffer holding the indices, the offsets and the cells: `parts` in order, `ends[k]` where row k's cells end,
 * `length` the code units of all parts.
 */
function packParts(
  indices: ArrayLike<number>,
  ends: ArrayLike<number>,
  parts: readonly string[],
  length: number,
  meta: Omit<RowsFrame, 'indices' | 'offsets' | 'cells'>,
): RowsFrame {
  const count = indices.length;
  const head = 8 * count + 4;
  const buffer = new ArrayBuffer(head + 2 * length);
  const frameIndices = new Uint32Array(buffer, 0, count);
  const offsets = new Uint32Array(buffer, 4 * count, count + 1);
  const cells = new Uint16Array(buffer, head, length);
  for (let k = 0; k < count; k += 1) {
    frameIndices[k] = indices[k];
    offsets[k + 1] = ends[k];
  }
  // Part by part into the buffer: no joined copy of the whole text first.
  let at = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) cells[at + i] = part.charCodeAt(i);
    at += part.length;
  }
  return { ...meta, indices: frameIndices, offsets, cells };
}

/**
 * Packs changed rows, each already joined by {@link rowText}, into a frame. One buffer holds the indices, the offsets
 * and the cells.
 */
export function packRowTexts(
  indices: ArrayLike<number>,
  texts: readonly string[],
  meta: Omit<RowsFrame, 'indices' | 'offsets' | 'cells'>,
): RowsFrame {
  const ends: number[] = [];
  let at = 0;
  for (const text of texts) {
    at += text.length;
    ends.push(at);
  }
  return packParts(indices, ends, texts, at, meta);
}

/**
 * Builds a frame row by row (the maths worker's side): every cell goes into one list of strings, copied into the
 * frame's buffer when it is packed, so a row makes no string of its own.
 */
export class RowsFrameWriter {
  private readonly indices: number[] = [];
  private readonly ends: number[] = [];
  private readonly parts: string[] = [];
  private length = 0;
  private isRowStart = true;

  /** Number of rows written. */
  get rowCount(): number {
    return this.indices.length;
  }

  /** Starts the row at `index`; its cells follow with {@link cell}, and {@link endRow} closes it. */
  startRow(index: number): void {
    this.indices.push(index);
    this.isRowStart = true;
  }

  /** Adds the next cell of the row being written (cells never hold the separators). */
  cell(text: string): void {
    if (!this.isRowStart) {
      this.parts.push(CELL_SEPARATOR);
      this.length += 1;
    }
    this.parts.push(text);
    this.length += text.length;
    this.isRowStart = false;
  }

  endRow(): void {
    this.parts.push(ROW_END);
    this.length += 1;
    this.ends.push(this.length);
  }

  /** The frame of the rows written. */
  pack(meta: Omit<RowsFrame, 'indices' | 'offsets' | 'cells'>): RowsFrame {
    return packParts(this.indices, this.ends, this.parts, this.length, meta);
  }
}

/** Packs changed rows into a frame: whole rows in a full frame, live cells in a delta. */
export function packRows(
  changed: readonly { index: number; row: LiveCells | DisplayRow }[],
  meta: Omit<RowsFrame, 'indices' | 'offsets' | 'cells'>,
): RowsFrame {
  const columns: readonly string[] = meta.isFull ? ROW_COLUMNS : LIVE_COLUMNS;
  return packRowTexts(
    changed.map(({ index }) => index),
    changed.map(({ row }) => rowText(columns.map((column) => (row as Record<string, string>)[column] ?? ''))),
    meta,
  );
}

/** The buffers to transfer with a frame (each once: its views usually share one). */
export function frameTransfer(frame: RowsFrame): ArrayBuffer[] {
  const buffers = new Set<ArrayBufferLike>([frame.indices.buffer, frame.offsets.buffer, frame.cells.buffer]);
  return [...buffers].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
}
