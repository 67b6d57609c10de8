import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DisplayRow, type LiveCells, type RowsFrame, RowsTable } from '../../../../engine/format/rows-table';
import { packRows, packRowTexts, rowText } from '../../../../engine/maths/row-frame';

const META = { workerMs: 0, tickTs: 0 };

const fullRow = (id: string, upnl = '1.00'): DisplayRow => ({
  id,
  symbol: `${id}USDT`,
  side: 'long',
  size: '1.0000',
  entry: '60,000.0',
  mark: '61,000.0',
  margin: '3,000.00',
  upnl,
  roePercent: '+1.00%',
  liquidation: '54,249.5',
});

const live = (mark: string, upnl: string): LiveCells => ({ mark, upnl, roePercent: '+0.10%', liquidation: '--' });

/** A table holding a full frame of `count` rows named r0, r1, … */
function tableOf(count: number): RowsTable {
  const table = new RowsTable();
  table.apply(
    packRows(
      Array.from({ length: count }, (_, index) => ({ index, row: fullRow(`r${index}`) })),
      { seq: 0, isFull: true, rowCount: count, ...META },
    ),
  );
  return table;
}

/** A copy of a frame's parts, each in its own buffer, so a test can damage one. */
function copyOf(frame: RowsFrame): RowsFrame {
  return { ...frame, indices: frame.indices.slice(), offsets: frame.offsets.slice(), cells: frame.cells.slice() };
}

describe('RowsTable', () => {
  it('keeps every row right through many deltas, however few rows each one moves', () => {
    const size = 40;
    const deltas = fc.array(fc.uniqueArray(fc.integer({ min: 0, max: size - 1 }), { maxLength: size }), {
      minLength: 1,
      maxLength: 60,
    });
    fc.assert(
      fc.property(deltas, (moves) => {
        const table = tableOf(size);
        const expected = Array.from({ length: size }, (_, index) => fullRow(`r${index}`));
        moves.forEach((indices, tick) => {
          const rows = indices.map((index) => ({ index, row: live(`${tick}.${index}`, `-${tick}.${index}0`) }));
          const applied = table.apply(packRows(rows, { seq: tick + 1, isFull: false, rowCount: size, ...META }));
          expect(Array.from(applied)).toEqual(indices);
          for (const { index, row } of rows) expected[index] = { ...expected[index], ...row };
          // Read some rows between ticks, so cached rows must be dropped when they change.
          if (tick % 3 === 0)
            for (let index = 0; index < size; index += 7) expect(table.row(index)).toEqual(expected[index]);
        });
        for (let index = 0; index < size; index += 1) expect(table.row(index)).toEqual(expected[index]);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps rows right while thousands of frames pass and old frames are let go or compacted', () => {
    const size = 300;
    const table = tableOf(size);
    const expected = Array.from({ length: size }, (_, index) => fullRow(`r${index}`));
    for (let tick = 1; tick <= 3000; tick += 1) {
      // Row r stops moving after tick r, so each of the first frames is kept alive by one row until they are copied
      // together; the other rows move on every tick.
      const rows: { index: number; row: LiveCells }[] = [];
      for (let index = Math.min(tick, size); index < size; index += 1)
        rows.push({ index, row: live(`${tick}`, `${index}`) });
      if (tick < size) rows.unshift({ index: tick - 1, row: live(`${tick}`, `${tick - 1}`) });
      table.apply(packRows(rows, { seq: tick, isFull: false, rowCount: size, ...META }));
      for (const { index, row } of rows) expected[index] = { ...expected[index], ...row };
      if (tick % 250 === 0)
        for (let index = 0; index < size; index += 1) expect(table.row(index)).toEqual(expected[index]);
    }
  });

  it('applies a row listed twice in one frame as its last cells', () => {
    const table = tableOf(2);
    table.apply(
      packRows(
        [
          { index: 1, row: live('1', '1') },
          { index: 1, row: live('2', '2') },
        ],
        { seq: 1, isFull: false, rowCount: 2, ...META },
      ),
    );
    table.apply(packRows([{ index: 0, row: live('3', '3') }], { seq: 2, isFull: false, rowCount: 2, ...META }));
    expect(table.row(1)).toMatchObject({ mark: '2', upnl: '2' });
    expect(table.row(0)).toMatchObject({ mark: '3', upnl: '3' });
  });

  it('carries cells in any script and sign a language writes', () => {
    const table = new RowsTable();
    const row = {
      ...fullRow('ж'),
      entry: '60\u202f000,0',
      upnl: '\u200f-500,00',
      roePercent: '\u061c+16٫67%',
      symbol: 'BTC😀',
    };
    table.apply(packRows([{ index: 0, row }], { seq: 0, isFull: true, rowCount: 1, ...META }));
    expect(table.row(0)).toEqual(row);
  });

  it('shows nothing for an index out of the ledger', () => {
    const table = tableOf(2);
    for (const index of [-1, 2, 0.5, Number.NaN]) expect(table.row(index)).toBeNull();
  });
});

describe('RowsTable with a damaged or hostile frame', () => {
  const delta = () =>
    packRows(
      [
        { index: 0, row: live('2', '5') },
        { index: 1, row: live('3', '6') },
      ],
      { seq: 1, isFull: false, rowCount: 2, ...META },
    );

  const damages: [string, (frame: RowsFrame) => RowsFrame][] = [
    ['cells cut short', (frame) => ({ ...frame, cells: frame.cells.slice(0, frame.cells.length - 3) })],
    ['an offset past the cells', (frame) => ({ ...frame, offsets: Uint32Array.from([0, 5, frame.cells.length + 10]) })],
    ['an empty row', (frame) => ({ ...frame, offsets: Uint32Array.from([0, 0, frame.cells.length]) })],
    [
      'a row cut between two rows',
      (frame) => ({ ...frame, offsets: Uint32Array.from([0, frame.offsets[1] - 2, frame.cells.length]) }),
    ],
    [
      'offsets not starting at the cells',
      (frame) => ({ ...frame, offsets: Uint32Array.from([1, frame.offsets[1], frame.cells.length]) }),
    ],
    ['one offset too few', (frame) => ({ ...frame, offsets: frame.offsets.slice(0, 2) })],
    ['a row beyond the ledger', (frame) => ({ ...frame, indices: Uint32Array.from([0, 2]) })],
    ['cells as a string', (frame) => ({ ...frame, cells: 'a\u001fb' as unknown as Uint16Array })],
    ['indices as a plain array', (frame) => ({ ...frame, indices: [0, 1] as unknown as Uint32Array })],
    ['a fractional seq', (frame) => ({ ...frame, seq: 1.5 })],
  ];

  it.each(damages)('ignores a frame with %s and keeps the rows it had', (_, damage) => {
    const table = tableOf(2);
    const before = [table.row(0), table.row(1)];
    expect(table.apply(damage(copyOf(delta())))).toHaveLength(0);
    expect([table.row(0), table.row(1)]).toEqual(before);
    expect(table.seq).toBe(0);
    // The next good frame still applies.
    table.apply(delta());
    expect(table.row(1)).toMatchObject({ mark: '3', upnl: '6' });
  });

  it('ignores what is not a frame at all', () => {
    const table = tableOf(1);
    for (const junk of [null, undefined, 'frame', 42, {}, { isFull: true, rowCount: 5 }])
      expect(table.apply(junk as unknown as RowsFrame)).toHaveLength(0);
    expect(table.row(0)).toEqual(fullRow('r0'));
  });

  it('shows no row rather than wrong cells when a row holds another number of cells', () => {
    const table = tableOf(3);
    const cells = [rowText(['1', '2', '3', '4', '5']), rowText(['1', '2', '3']), rowText(['9', '9', '9', '9'])];
    table.apply(packRowTexts([0, 1, 2], cells, { seq: 1, isFull: false, rowCount: 3, ...META }));
    expect(table.row(0)).toBeNull();
    expect(table.row(1)).toBeNull();
    expect(table.row(2)).toMatchObject({ mark: '9', upnl: '9' });
  });

  it('shows no row when its bytes hide a second row', () => {
    const table = tableOf(1);
    table.apply(
      packRowTexts([0], [`${rowText(['1', '2', '3', '4'])}${rowText(['5', '6', '7', '8'])}`], {
        seq: 1,
        isFull: false,
        rowCount: 1,
        ...META,
      }),
    );
    expect(table.row(0)).toBeNull();
  });

  it('reads a very long row without overflowing a call', () => {
    const table = new RowsTable();
    const row = { ...fullRow('x'), symbol: 'S'.repeat(200_000) };
    table.apply(packRows([{ index: 0, row }], { seq: 0, isFull: true, rowCount: 1, ...META }));
    expect(table.row(0)?.symbol).toHaveLength(200_000);
  });
});
