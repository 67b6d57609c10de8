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

describe('createMathsApi account watch', () => {
  const ACCOUNT = { ledger: LEDGER, wallets: { USDT: '1000' } };

  it('answers the live figures, then sends a message when a mark tick moves them', async () => {
    const api = createMathsApi();
    const channel = new MessageChannel();
    const received: unknown[] = [];
    channel.port1.onmessage = (event) => received.push(event.data);
    const first = await api.watchAccount({
      account: ACCOUNT,
      tick: { marks: { BTCUSDT: '61000' } },
      port: channel.port2,
    });
    expect(first).toEqual({ USDT: { unrealizedPL: '500.0000', equity: '1500.0000', unpriced: 0 } });
    const feed = new MessageChannel();
    await api.attachMarkFeed(feed.port2);
    feed.port1.postMessage({ type: 'marks', marks: { BTCUSDT: '61000' }, ts: 1 });
    feed.port1.postMessage({ type: 'marks', marks: { BTCUSDT: '60000' }, ts: 2 });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({
      type: 'account',
      figures: { USDT: { unrealizedPL: '0.0000', equity: '1000.0000', unpriced: 0 } },
    });
    await api.stopAccountWatch();
    feed.port1.postMessage({ type: 'marks', marks: { BTCUSDT: '62000' }, ts: 3 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toHaveLength(1);
    feed.port1.close();
  });

  it('refuses a bad account with the field and code', async () => {
    const api = createMathsApi();
    const refused = await api.watchAccount({ account: { ...ACCOUNT, wallets: { USDT: 'lots' } }, tick: { marks: {} } });
    expect(refused).toMatchObject({ ok: false, field: 'wallets.USDT' });
  });
});

describe('createMathsApi tpslPreview', () => {
  const SHORT = { side: 2, positionsCount: '0.3', positionsOpenAvgPrice: '2000', positionsOpenMarginCount: '60' };

  it('answers the PnL and ROE of a preset at its price for its size', async () => {
    // −1 · 0.1 · (1900 − 2000) = 10 on 60 · 0.1 / 0.3 = 20 of margin.
    expect(await createMathsApi().tpslPreview({ ...SHORT, triggerPrice: '1900', size: '0.1' })).toEqual({
      pnl: '10.00',
      roePercent: '50.00',
    });
  });

  it('refuses a size above the position with the field and code', async () => {
    expect(await createMathsApi().tpslPreview({ ...SHORT, triggerPrice: '1900', size: '0.4' })).toMatchObject({
      ok: false,
      field: 'size',
      code: 'maths.out-of-range',
    });
  });
});
