import { describe, expect, it } from 'vitest';
import type { LiveCells } from '../../../../engine/format/rows-table';
import { frameTransfer, packRows, packRowTexts, RowsFrameWriter, rowText } from '../../../../engine/maths/row-frame';

const META = { workerMs: 0, tickTs: 0 };

const live = (mark: string, upnl: string): LiveCells => ({ mark, upnl, roePercent: '+0.10%', liquidation: '--' });

describe('RowsFrameWriter', () => {
  it('packs the same frame as the rows joined one by one', () => {
    const writer = new RowsFrameWriter();
    const rows = [
      [3, ['1', '-2.50', '+0.10%', '--']],
      [7, ['68,000.5', '0.00', '0.00%', '54,000.1']],
    ] as const;
    for (const [index, cells] of rows) {
      writer.startRow(index);
      for (const cell of cells) writer.cell(cell);
      writer.endRow();
    }
    const written = writer.pack({ seq: 4, isFull: false, rowCount: 9, ...META });
    const joined = packRowTexts(
      rows.map(([index]) => index),
      rows.map(([, cells]) => rowText(cells)),
      { seq: 4, isFull: false, rowCount: 9, ...META },
    );
    expect(writer.rowCount).toBe(2);
    expect(Array.from(written.indices)).toEqual([3, 7]);
    expect(Array.from(written.offsets)).toEqual(Array.from(joined.offsets));
    expect(Array.from(written.cells)).toEqual(Array.from(joined.cells));
  });
});

describe('frameTransfer', () => {
  it('lists the one buffer the views share once, as postMessage requires', () => {
    const frame = packRows([{ index: 0, row: live('1', '2') }], { seq: 1, isFull: false, rowCount: 1, ...META });
    expect(frameTransfer(frame)).toEqual([frame.cells.buffer]);
    expect(frame.indices.buffer).toBe(frame.cells.buffer);
    expect(frame.offsets.buffer).toBe(frame.cells.buffer);
  });
});
