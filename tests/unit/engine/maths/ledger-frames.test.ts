import { describe, expect, it } from 'vitest';
import { RowsTable } from '../../../../engine/format/rows-table';
import { MathsInputError } from '../../../../engine/maths';
import { LedgerFrames } from '../../../../engine/maths/ledger-frames';
import type { LedgerPosition } from '../../../../engine/maths/position-ledger';
import { CONTRACT_LONG } from '../../../fixtures/contract-positions';

const LONG: LedgerPosition = CONTRACT_LONG;
const ETH: LedgerPosition = { ...CONTRACT_LONG, id: 'p2', symbol: 'ETHUSDT' };

/** A clock that moves 2 ms per read, so a frame's work time is known. */
function steppingClock(): () => number {
  let now = 0;
  return () => {
    now += 2;
    return now;
  };
}

describe('LedgerFrames', () => {
  it('answers a new ledger with every row, formatted in the page language, timed by the injected clock', () => {
    const frames = new LedgerFrames(steppingClock());
    frames.setLedger({ positions: [LONG], crossAvailable: {} }, 'de-DE');
    const full = frames.fullFrame({ marks: { BTCUSDT: '61000' } });
    const table = new RowsTable();
    table.apply(full);
    expect(full).toMatchObject({ isFull: true, seq: 0, rowCount: 1, workerMs: 2, tickTs: 0 });
    expect(table.row(0)).toMatchObject({ id: 'p1', upnl: '500,00', liquidation: '54.249,5' });
  });

  it('sends only the rows whose figures moved, numbered tick by tick, with the tick time', () => {
    const frames = new LedgerFrames(steppingClock());
    frames.setLedger({ positions: [LONG, ETH], crossAvailable: {} }, 'en');
    const table = new RowsTable();
    table.apply(frames.fullFrame({ marks: { BTCUSDT: '61000', ETHUSDT: '3000' } }));
    const delta = frames.applyMarks({ marks: { ETHUSDT: '3100' } }, 77);
    expect(delta).toMatchObject({ isFull: false, seq: 1, tickTs: 77 });
    expect(Array.from(table.apply(delta))).toEqual([1]);
    expect(table.row(0)?.mark).toBe('61,000.0');
    expect(frames.applyMarks({ marks: { ETHUSDT: '3100' } }, 78).indices).toHaveLength(0);
  });

  it('keeps no bad mark behind: the next tick computes from the last good ones', () => {
    const frames = new LedgerFrames(steppingClock());
    frames.setLedger({ positions: [LONG], crossAvailable: {} }, 'en');
    frames.fullFrame({ marks: { BTCUSDT: '61000' } });
    expect(() => frames.applyMarks({ marks: { BTCUSDT: 'NaN' } }, 1)).toThrow(MathsInputError);
    const table = new RowsTable();
    frames.setLedger({ positions: [LONG], crossAvailable: {} }, 'en');
    table.apply(frames.fullFrame(undefined));
    expect(table.row(0)?.mark).toBe('61,000.0');
  });

  it('holds no ledger after a refused one, and keeps the marks it knows for the next', () => {
    const frames = new LedgerFrames(steppingClock());
    frames.setLedger({ positions: [LONG], crossAvailable: {} }, 'en');
    frames.fullFrame({ marks: { BTCUSDT: '61000' } });
    expect(() => frames.setLedger({ positions: [{ ...LONG, symbol: '' }], crossAvailable: {} }, 'en')).toThrow(
      MathsInputError,
    );
    expect(frames.hasLedger).toBe(false);
    frames.setLedger({ positions: [LONG, ETH], crossAvailable: {} }, 'en');
    const table = new RowsTable();
    table.apply(frames.fullFrame(undefined));
    expect(table.row(0)?.mark).toBe('61,000.0');
    expect(table.row(1)?.mark).toBe('--');
  });
});
