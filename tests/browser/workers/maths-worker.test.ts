import { transfer } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixedFormat } from '../../../engine/format/fixed-format';
import { type LedgerPosition, computeLedgerRows, prepareLedger } from '../../../engine/maths/position-ledger';
import { type RowsFrame, RowsTable } from '../../../engine/format/rows-table';
import { lazyWorker, type WorkerHandle } from '../../../src/workers';
import { benchLedger, benchTick } from '../../bench/position-ledger-fixture';
import { CONTRACT_LONG } from '../../fixtures/contract-positions';
import type { MathsApi, MathsFailure } from '../../../workers/maths.api';

const BTC: LedgerPosition = { ...CONTRACT_LONG, id: 'btc' };
const ETH: LedgerPosition = {
  ...BTC,
  id: 'eth',
  symbol: 'ETHUSDT',
  position: { ...BTC.position, positionsOpenAvgPrice: '3000', positionsOpenMarginCount: '150' },
  pricePlace: 2,
};

let worker: WorkerHandle<MathsApi> | null = null;
let feedWorker: Worker | null = null;
afterEach(() => {
  worker?.terminate();
  feedWorker?.terminate();
});

function start() {
  worker = lazyWorker<MathsApi>(
    'maths',
    () => new Worker(new URL('../../../workers/maths.worker.ts', import.meta.url), { type: 'module' }),
  );
  return worker;
}

type SetLedgerInput = Parameters<MathsApi['setLedger']>[0];

/** Sets a ledger and returns the worker's answer: a full frame, or a refusal. */
async function setLedger(
  maths: WorkerHandle<MathsApi>,
  input: SetLedgerInput,
  ports: Transferable[] = [],
): Promise<RowsFrame | MathsFailure> {
  return maths.call(
    async (api) => (await api.setLedger(ports.length > 0 ? transfer(input, ports) : input)) as RowsFrame | MathsFailure,
  );
}

async function fullFrame(
  maths: WorkerHandle<MathsApi>,
  input: SetLedgerInput,
  ports: Transferable[] = [],
): Promise<RowsFrame> {
  const answer = await setLedger(maths, input, ports);
  if (!('isFull' in answer)) throw new Error(`ledger refused: ${answer.message}`);
  return answer;
}

/** The next frames the page receives on its end of the rows channel. */
function frames(port: MessagePort) {
  const received: RowsFrame[] = [];
  const waiters: (() => void)[] = [];
  port.onmessage = (event: MessageEvent<RowsFrame>) => {
    received.push(event.data);
    for (const wake of waiters.splice(0)) wake();
  };
  return {
    received,
    async next(timeoutMs = 3000): Promise<RowsFrame> {
      const count = received.length;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no frame arrived')), timeoutMs);
        const check = () => {
          if (received.length <= count) return void waiters.push(check);
          clearTimeout(timer);
          resolve();
        };
        check();
      });
      return received[received.length - 1];
    },
  };
}

/** A ledger set with a rows channel to the page and a mark feed channel attached: what the positions screen wires up. */
async function connect(positions: LedgerPosition[], marks: Record<string, string>) {
  const maths = start();
  const rows = new MessageChannel();
  const feed = new MessageChannel();
  const page = frames(rows.port1);
  const table = new RowsTable();
  table.apply(
    await fullFrame(
      maths,
      { ledger: { positions, crossAvailable: {} }, tick: { marks }, intl: 'en', rowsPort: rows.port2 },
      [rows.port2],
    ),
  );
  await maths.call((api) => api.attachMarkFeed(transfer(feed.port2, [feed.port2])));
  return { page, table, feed: feed.port1 };
}

describe('maths worker', () => {
  it('returns every row display-ready, with the contract example to the digit', async () => {
    const maths = start();
    const frame = await fullFrame(maths, {
      ledger: { positions: [BTC, ETH], crossAvailable: {} },
      tick: { marks: { BTCUSDT: '61000' } },
      intl: 'en',
    });
    const table = new RowsTable();
    table.apply(frame);
    expect(frame.isFull).toBe(true);
    expect(table.row(0)).toMatchObject({
      id: 'btc',
      mark: '61,000.0',
      upnl: '500.00',
      roePercent: '+16.67%',
      liquidation: '54,249.5',
    });
    // No mark yet for ETH: its profit is not guessed.
    expect(table.row(1)).toMatchObject({ id: 'eth', mark: '--', upnl: '--', roePercent: '--' });
  });

  it('keeps the marks it knows when the positions change, so a new ledger is never shown without them', async () => {
    const maths = start();
    await fullFrame(maths, {
      ledger: { positions: [BTC], crossAvailable: {} },
      tick: { marks: { BTCUSDT: '61000' } },
      intl: 'en',
    });
    const frame = await fullFrame(maths, {
      ledger: { positions: [BTC, ETH], crossAvailable: {} },
      tick: { marks: {} },
      intl: 'en',
    });
    const table = new RowsTable();
    table.apply(frame);
    expect(table.row(0)).toMatchObject({ id: 'btc', mark: '61,000.0', upnl: '500.00' });
    expect(table.row(1)).toMatchObject({ id: 'eth', mark: '--' });
  });

  it('formats for the page language', async () => {
    const maths = start();
    const frame = await fullFrame(maths, {
      ledger: { positions: [BTC], crossAvailable: {} },
      tick: { marks: { BTCUSDT: '61000' } },
      intl: 'de-DE',
    });
    const table = new RowsTable();
    table.apply(frame);
    expect(table.row(0)).toMatchObject({ upnl: '500,00', liquidation: '54.249,5' });
  });

  it('takes marks from another worker over a MessageChannel and sends only the rows that changed', async () => {
    const { page, table, feed } = await connect([BTC, ETH], { BTCUSDT: '61000', ETHUSDT: '3000' });
    feedWorker = new Worker(new URL('../fixtures/mark-feed.worker.ts', import.meta.url), { type: 'module' });
    feedWorker.postMessage({ port: feed, ticks: [{ type: 'marks', marks: { BTCUSDT: '62000' }, ts: 1234 }] }, [feed]);
    const delta = await page.next();
    expect(delta).toMatchObject({ isFull: false, seq: 1, rowCount: 2, tickTs: 1234 });
    // Only BTC moved; ETH's row is not sent again.
    expect(Array.from(table.apply(delta))).toEqual([0]);
    expect(table.row(0)).toMatchObject({ mark: '62,000.0', upnl: '1,000.00', roePercent: '+33.33%' });
    expect(table.row(1)).toMatchObject({ mark: '3,000.00', upnl: '0.00' });
    expect(delta.workerMs).toBeGreaterThanOrEqual(0);
  });

  it('drops malformed and hostile feed messages without a frame, and keeps serving good ones', async () => {
    const { page, table, feed } = await connect([BTC, ETH], { BTCUSDT: '61000', ETHUSDT: '3000' });
    for (const bad of [
      null,
      'marks',
      { type: 'other', marks: { BTCUSDT: '1' } },
      { type: 'marks', marks: null },
      { type: 'marks', marks: { BTCUSDT: 'NaN' } },
      { type: 'marks', marks: { BTCUSDT: '-5' } },
      { type: 'marks', marks: { BTCUSDT: '1e999' } },
      { type: 'marks', marks: { BTCUSDT: '0x10' } },
    ]) {
      feed.postMessage(bad);
    }
    // A tick with one bad mark is dropped whole, good marks and all.
    feed.postMessage({ type: 'marks', marks: { BTCUSDT: 'NaN', ETHUSDT: '3100' } });
    await expect(page.next(400)).rejects.toThrow('no frame arrived');
    expect(table.row(0)).toMatchObject({ mark: '61,000.0', upnl: '500.00' });
    expect(table.row(1)).toMatchObject({ mark: '3,000.00' });
    // The bad mark did not stay behind: a later tick that moves only ETH goes through with BTC's last good mark.
    feed.postMessage({ type: 'marks', marks: { ETHUSDT: '3200' }, ts: 5 });
    expect(Array.from(table.apply(await page.next()))).toEqual([1]);
    expect(table.row(0)).toMatchObject({ mark: '61,000.0', upnl: '500.00' });
    expect(table.row(1)).toMatchObject({ mark: '3,200.00', upnl: '100.00' });
    feed.postMessage({ type: 'marks', marks: { BTCUSDT: '59000' }, ts: 6 });
    table.apply(await page.next());
    expect(table.row(0)).toMatchObject({ mark: '59,000.0', upnl: '-500.00', roePercent: '-16.67%' });
  });

  it('carries a language whose separators are not ASCII to the page intact', async () => {
    const maths = start();
    const frame = await fullFrame(maths, {
      ledger: { positions: [BTC], crossAvailable: {} },
      tick: { marks: { BTCUSDT: '61000' } },
      intl: 'fr-FR',
    });
    const table = new RowsTable();
    table.apply(frame);
    const french = (value: number, places: number) =>
      new Intl.NumberFormat('fr-FR', { minimumFractionDigits: places, maximumFractionDigits: places }).format(value);
    expect(table.row(0)).toMatchObject({
      mark: french(61000, 1),
      upnl: french(500, 2),
      liquidation: french(54249.5, 1),
    });
    expect(table.row(0)?.liquidation).toMatch(/\u202f/);
  });

  it('sends every row of a large ledger, tick after tick, as the engine computes and the language formats it', async () => {
    const { ledger, symbols } = benchLedger(600);
    const maths = start();
    const rows = new MessageChannel();
    const feed = new MessageChannel();
    const page = frames(rows.port1);
    const table = new RowsTable();
    table.apply(
      await fullFrame(maths, { ledger, tick: benchTick(symbols, 0), intl: 'de-DE', rowsPort: rows.port2 }, [
        rows.port2,
      ]),
    );
    await maths.call((api) => api.attachMarkFeed(transfer(feed.port2, [feed.port2])));
    const expected = prepareLedger(ledger);
    const format = createFixedFormat('de-DE');
    const shown = (value: string | null) => (value === null ? '--' : format.number(value));
    for (let step = 1; step <= 3; step += 1) {
      const tick = benchTick(symbols, step);
      feed.port1.postMessage({ type: 'marks', ...tick, ts: step });
      const delta = await page.next();
      expect(delta.seq).toBe(step);
      table.apply(delta);
      computeLedgerRows(expected, tick).forEach((row, index) => {
        expect(table.row(index)).toEqual({
          id: row.id,
          symbol: row.symbol,
          side: row.side,
          size: shown(row.size),
          entry: shown(row.entry),
          mark: shown(row.mark),
          margin: shown(row.margin),
          upnl: shown(row.upnl),
          roePercent: row.roePercent === null ? '--' : format.signedPercent(row.roePercent),
          liquidation: shown(row.liquidation),
        });
      });
    }
  });

  it('refuses a bad ledger with the field and code, and a bad language tag', async () => {
    const maths = start();
    const bad = { ...ETH, position: { ...ETH.position, positionsCount: '-1' } };
    const refusal = await setLedger(maths, {
      ledger: { positions: [BTC, bad], crossAvailable: {} },
      tick: { marks: {} },
      intl: 'en',
    });
    expect(refusal).toMatchObject({ ok: false, field: 'positions[1].position.positionsCount', code: 'maths.negative' });
    await expect(
      setLedger(maths, { ledger: { positions: [BTC], crossAvailable: {} }, tick: { marks: {} }, intl: 'en"><img' }),
    ).rejects.toThrow('BCP 47');
  });
});
