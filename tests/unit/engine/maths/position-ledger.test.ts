import { describe, expect, it } from 'vitest';
import { futuresPositionMetrics, liquidationPrice, MathsInputError } from '../../../../engine/maths';
import { type LedgerPosition, computeLedgerRows, prepareLedger } from '../../../../engine/maths/position-ledger';
import { CELL_SEPARATOR, ROW_END, type RowsFrame, RowsTable } from '../../../../engine/format/rows-table';
import { packRows } from '../../../../engine/maths/row-frame';
import { CONTRACT_LONG } from '../../../fixtures/contract-positions';

const LONG: LedgerPosition = CONTRACT_LONG;

describe('computeLedgerRows', () => {
  it('gives the contract example for an isolated long: uPnL 500.00, ROE 16.67, liquidation 54249.5', () => {
    const [row] = computeLedgerRows(prepareLedger({ positions: [LONG], crossAvailable: {} }), {
      marks: { BTCUSDT: '61000' },
    });
    expect(row).toMatchObject({
      id: 'p1',
      side: 'long',
      upnl: '500.00',
      roePercent: '16.67',
      liquidation: '54249.5',
      mark: '61000.0',
    });
  });

  it('agrees with the single-position functions for a lone cross position', () => {
    const cross = { ...LONG, marginMode: 2 };
    const [row] = computeLedgerRows(prepareLedger({ positions: [cross], crossAvailable: { USDT: '5000' } }), {
      marks: { BTCUSDT: '59000' },
    });
    const metrics = futuresPositionMetrics({ position: cross.position, markPrice: '59000' });
    const expected = liquidationPrice({
      businessLine: 10,
      marginMode: 2,
      positionMode: 1,
      side: 1,
      pricePlace: 1,
      available: '5000',
      othersUpnl: '0',
      othersMaintain: '0',
      longOpenPrice: '60000',
      longOpenCount: '0.5',
      shortOpenPrice: '0',
      shortOpenCount: '0',
      totalDelegateValue: '0',
      mm: '0.004',
      feeRate: '0.0006',
    });
    expect(row).toMatchObject({ upnl: metrics.upnl, roePercent: metrics.roePercent, liquidation: expected.display });
  });

  it('moves a cross liquidation price when another cross position loses, and leaves an isolated one alone', () => {
    const cross = { ...LONG, id: 'c', marginMode: 2 };
    const other = {
      ...LONG,
      id: 'e',
      symbol: 'ETHUSDT',
      marginMode: 2,
      position: { ...LONG.position, positionsOpenAvgPrice: '3000' },
    };
    const isolated = { ...LONG, id: 'i' };
    const ledger = prepareLedger({ positions: [cross, other, isolated], crossAvailable: { USDT: '5000' } });
    const calm = computeLedgerRows(ledger, { marks: { BTCUSDT: '60000', ETHUSDT: '3000' } });
    const stressed = computeLedgerRows(ledger, { marks: { BTCUSDT: '60000', ETHUSDT: '2000' } });
    expect(Number(stressed[0].liquidation)).toBeGreaterThan(Number(calm[0].liquidation));
    expect(stressed[2].liquidation).toBe(calm[2].liquidation);
  });

  it('shows static figures and no profit for a symbol without a mark yet', () => {
    const [row] = computeLedgerRows(prepareLedger({ positions: [LONG], crossAvailable: {} }), { marks: {} });
    expect(row).toMatchObject({
      size: '0.5000',
      entry: '60000.0',
      mark: null,
      upnl: null,
      roePercent: null,
      liquidation: '54249.5',
    });
  });

  it('names the position and field of a bad input', () => {
    const bad = { ...LONG, position: { ...LONG.position, positionsCount: '-1' } };
    expect(() => prepareLedger({ positions: [LONG, { ...bad, id: 'p2' }], crossAvailable: {} })).toThrow(
      expect.objectContaining({ field: 'positions[1].position.positionsCount', code: 'maths.negative' }),
    );
    expect(() => prepareLedger({ positions: [LONG, LONG], crossAvailable: {} })).toThrow(MathsInputError);
    const ledger = prepareLedger({ positions: [LONG], crossAvailable: {} });
    expect(() => computeLedgerRows(ledger, { marks: { BTCUSDT: 'NaN' } })).toThrow(
      expect.objectContaining({ field: 'marks.BTCUSDT' }),
    );
  });

  it('refuses an id or symbol holding a control character, which would break its row on the wire', () => {
    for (const [field, value] of [
      ['id', 'p\u001f2'],
      ['id', 'p\u001e'],
      ['symbol', 'BTC\u0000USDT'],
      ['symbol', 'BTC\u007f'],
    ] as const) {
      expect(() =>
        prepareLedger({ positions: [LONG, { ...LONG, id: 'p2', [field]: value }], crossAvailable: {} }),
      ).toThrow(expect.objectContaining({ field: `positions[1].${field}`, code: 'maths.bad-shape' }));
    }
  });

  it('keeps a mark that did not move, and reads one that did, tick after tick', () => {
    const ledger = prepareLedger({ positions: [LONG], crossAvailable: {} });
    expect(computeLedgerRows(ledger, { marks: { BTCUSDT: '61000' } })[0]).toMatchObject({
      mark: '61000.0',
      upnl: '500.00',
    });
    expect(computeLedgerRows(ledger, { marks: { BTCUSDT: '61000' } })[0]).toMatchObject({
      mark: '61000.0',
      upnl: '500.00',
    });
    expect(computeLedgerRows(ledger, { marks: { BTCUSDT: '0059000.04' } })[0]).toMatchObject({
      mark: '59000.0',
      upnl: '-499.98',
    });
    expect(computeLedgerRows(ledger, { marks: { BTCUSDT: 59000.05 } })[0]).toMatchObject({
      mark: '59000.1',
      upnl: '-499.98',
    });
    // A refused mark leaves the next tick unharmed.
    expect(() => computeLedgerRows(ledger, { marks: { BTCUSDT: '0' } })).toThrow(
      expect.objectContaining({ field: 'marks.BTCUSDT', code: 'maths.out-of-range' }),
    );
    expect(computeLedgerRows(ledger, { marks: { BTCUSDT: '61000' } })[0]).toMatchObject({
      mark: '61000.0',
      upnl: '500.00',
    });
  });
});

/** The cells of a frame of one row, read straight from its buffer. */
const cellsOf = (frame: RowsFrame) =>
  String.fromCharCode(...frame.cells)
    .replace(ROW_END, '')
    .split(CELL_SEPARATOR);

describe('prepareLedger cross wallet', () => {
  const cross = { ...LONG, id: 'c', marginMode: 2 };
  const isolated = { ...LONG, id: 'i', symbol: 'ETHUSDT' };
  const tick = { marks: { BTCUSDT: '59000', ETHUSDT: '61000' } };

  it('works the cross wallet balance out from equity, uPnL and the isolated margins in that coin', () => {
    // equity 9000 − uPnL 1000 − the isolated position's margin of 3000 gives what a balance of 5000 given whole gives.
    expect(isolated.position).toMatchObject({ positionsOpenMarginCount: '3000' });
    const given = computeLedgerRows(
      prepareLedger({ positions: [cross, isolated], crossAvailable: { USDT: '5000' } }),
      tick,
    );
    const worked = computeLedgerRows(
      prepareLedger({ positions: [cross, isolated], crossWallet: { USDT: { equity: '9000', unrealizedPL: '1000' } } }),
      tick,
    );
    expect(worked).toEqual(given);
    expect(worked[0]?.liquidation).not.toBe(
      computeLedgerRows(prepareLedger({ positions: [cross, isolated], crossAvailable: { USDT: '8000' } }), tick)[0]
        ?.liquidation,
    );
  });

  it('names the field of a bad account figure', () => {
    expect(() =>
      prepareLedger({ positions: [cross], crossWallet: { USDT: { equity: 'lots', unrealizedPL: '0' } } }),
    ).toThrow(/crossWallet\.USDT\.equity/);
  });
});

describe('RowsTable', () => {
  const row = (id: string, upnl: string) => ({
    id,
    symbol: 'BTCUSDT',
    side: 'long',
    size: '1',
    entry: '1',
    mark: '1',
    margin: '1',
    upnl,
    roePercent: '0',
    liquidation: '--',
  });

  it('applies a full frame, then only the changed rows of a delta, and ignores a stale delta', () => {
    const table = new RowsTable();
    table.apply(
      packRows(
        [
          { index: 0, row: row('a', '1') },
          { index: 1, row: row('b', '2') },
        ],
        { seq: 0, isFull: true, rowCount: 2, workerMs: 0, tickTs: 0 },
      ),
    );
    expect(table.row(1)?.upnl).toBe('2');
    table.apply(
      packRows([{ index: 1, row: row('b', '-3.50') }], { seq: 1, isFull: false, rowCount: 2, workerMs: 0, tickTs: 0 }),
    );
    expect([table.row(0)?.upnl, table.row(1)?.upnl]).toEqual(['1', '-3.50']);
    table.apply(
      packRows([{ index: 1, row: row('b', '9') }], { seq: 1, isFull: false, rowCount: 2, workerMs: 0, tickTs: 0 }),
    );
    expect(table.row(1)?.upnl).toBe('-3.50');
    expect(table.row(2)).toBeNull();
  });

  it("carries only the live cells in a delta and keeps the full frame's static ones", () => {
    const full = packRows([{ index: 0, row: row('a', '1') }], {
      seq: 0,
      isFull: true,
      rowCount: 1,
      workerMs: 0,
      tickTs: 0,
    });
    const delta = packRows([{ index: 0, row: { mark: '2', upnl: '5', roePercent: '+1%', liquidation: '--' } }], {
      seq: 1,
      isFull: false,
      rowCount: 1,
      workerMs: 0,
      tickTs: 0,
    });
    expect(cellsOf(delta)).toEqual(['2', '5', '+1%', '--']);
    const table = new RowsTable();
    table.apply(full);
    table.apply(delta);
    expect(table.row(0)).toMatchObject({
      id: 'a',
      symbol: 'BTCUSDT',
      size: '1',
      mark: '2',
      upnl: '5',
      roePercent: '+1%',
    });
    // A delta for another ledger size is not applied to this one.
    table.apply(
      packRows([{ index: 0, row: { mark: '9', upnl: '9', roePercent: '9', liquidation: '9' } }], {
        seq: 2,
        isFull: false,
        rowCount: 3,
        workerMs: 0,
        tickTs: 0,
      }),
    );
    expect(table.row(0)?.mark).toBe('2');
  });
});
