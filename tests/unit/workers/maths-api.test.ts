import { describe, expect, it } from 'vitest';
import { RowsTable } from '../../../engine/format/rows-table';
import type { RowsFrame } from '../../../engine/format/rows-table';
import { createMathsApi } from '../../../workers/maths.api';
import { CONTRACT_LONG } from '../../fixtures/contract-positions';

const LEDGER = { positions: [CONTRACT_LONG], crossAvailable: {} };

function rowsOf(frame: RowsFrame | { ok: false }): RowsTable {
  if (!('isFull' in frame)) throw new Error('refused');
  const table = new RowsTable();
  table.apply(frame);
  return table;
}

describe('createMathsApi', () => {
  it('answers a ledger with its rows, then only what a tick moved', async () => {
    const api = createMathsApi();
    const table = rowsOf(await api.setLedger({ ledger: LEDGER, tick: { marks: { BTCUSDT: '61000' } }, intl: 'en' }));
    expect(table.row(0)).toMatchObject({ upnl: '500.00', liquidation: '54,249.5' });
    const delta = await api.applyMarks({ marks: { BTCUSDT: '62000' } }, 5);
    expect(delta).toMatchObject({ isFull: false, seq: 1, tickTs: 5 });
  });

  it('keeps each api its own ledger and marks: two in one thread share nothing', async () => {
    const first = createMathsApi();
    const second = createMathsApi();
    await first.setLedger({ ledger: LEDGER, tick: { marks: { BTCUSDT: '61000' } }, intl: 'en' });
    await expect(second.applyMarks({ marks: { BTCUSDT: '61000' } })).rejects.toThrow(/setLedger first/);
    const table = rowsOf(await second.setLedger({ ledger: LEDGER, tick: { marks: {} }, intl: 'en' }));
    expect(table.row(0)?.mark).toBe('--');
  });

  it('refuses a bad ledger with the field and code, and a bad language tag', async () => {
    const api = createMathsApi();
    const refused = await api.setLedger({
      ledger: { positions: [{ ...CONTRACT_LONG, symbol: '' }], crossAvailable: {} },
      tick: { marks: {} },
      intl: 'en',
    });
    expect(refused).toMatchObject({ ok: false, field: 'positions[0].symbol', code: 'maths.bad-shape' });
    await expect(api.setLedger({ ledger: LEDGER, tick: { marks: {} }, intl: 'en"><img' })).rejects.toThrow(TypeError);
  });
});
