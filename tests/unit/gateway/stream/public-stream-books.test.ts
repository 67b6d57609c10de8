import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookLevel, bookChecksum } from '../../../../engine/market/book-checksum';
import {
  type Arg,
  INSTRUMENTS,
  isPushOf,
  type Received,
  StreamClient,
  type StreamGateway,
  sleep,
  startStreamGateway,
} from './stream-support';

/** One `books` row as pushed. */
interface BookRow {
  asks: BookLevel[];
  bids: BookLevel[];
  checksum: number;
  seq: number;
  ts: string;
}

/** A client-side book kept the way the contract says: merge by price, "0" deletes, sides kept in price order. */
class ReferenceBook {
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();

  constructor(snapshot: BookRow) {
    for (const [price, size] of snapshot.bids) this.bids.set(price, size);
    for (const [price, size] of snapshot.asks) this.asks.set(price, size);
  }

  apply(update: BookRow): number {
    for (const [side, levels] of [
      [this.bids, update.bids],
      [this.asks, update.asks],
    ] as const) {
      for (const [price, size] of levels) {
        if (size === '0') side.delete(price);
        else side.set(price, size);
      }
    }
    return update.bids.length + update.asks.length;
  }

  top(depth: number): { bids: BookLevel[]; asks: BookLevel[] } {
    const sorted = (side: Map<string, string>, descending: boolean): BookLevel[] =>
      [...side.entries()]
        .sort((a, b) => (descending ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])))
        .slice(0, depth);
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }

  checksum(): number {
    const { bids, asks } = this.top(25);
    return bookChecksum(bids, asks);
  }
}

function rowOf(message: Received): BookRow {
  expect(message.data).toHaveLength(1);
  return message.data![0] as BookRow;
}

const booksArg = (instType: string, instId: string): Arg => ({ instType, channel: 'books', instId });

describe('books channel at a high update rate', () => {
  let stream: StreamGateway;
  beforeAll(async () => {
    // 25 ms steps with 40 random changes each: well above 2,000 level changes a second across the instruments.
    stream = await startStreamGateway({ marketStepMs: 25, levelChangesPerStep: 40 });
  });
  afterAll(() => stream.close());

  it('sends a snapshot, then updates whose seq rises by one and whose checksum matches a merged local book', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const args = INSTRUMENTS.map(([instType, instId]) => booksArg(instType, instId));
    client.subscribe(...args);
    const books = new Map<
      string,
      { book: ReferenceBook; seq: number; from: number; updates: number; mismatches: number; gaps: number }
    >();
    for (const arg of args) {
      const ack = await client.waitFor(
        (m) => m.event === 'subscribe' && m.arg?.instId === arg.instId && m.arg.instType === arg.instType,
      );
      const snapshot = await client.waitFor((m) => isPushOf(m, arg), { from: ack.index });
      expect(snapshot.action).toBe('snapshot');
      const row = rowOf(snapshot);
      const book = new ReferenceBook(row);
      expect(row.checksum).toBe(book.checksum());
      expect(row.bids.length).toBeGreaterThanOrEqual(100);
      expect(row.asks.length).toBeGreaterThanOrEqual(100);
      books.set(`${arg.instType}:${arg.instId}`, {
        book,
        seq: row.seq,
        from: snapshot.index,
        updates: 0,
        mismatches: 0,
        gaps: 0,
      });
    }
    const start = client.received.length;
    const startedAt = Date.now();
    await sleep(1500);
    const elapsedSeconds = (Date.now() - startedAt) / 1000;
    let levelChanges = 0;
    // Updates of one book may arrive while the next snapshots are awaited: read each book from its own snapshot on.
    for (const [index, message] of client.received.entries()) {
      if (message.action === undefined) continue;
      const state = books.get(`${message.arg!.instType}:${message.arg!.instId}`)!;
      if (index <= state.from) continue;
      expect(message.action).toBe('update');
      const row = rowOf(message);
      if (row.seq !== state.seq + 1) state.gaps += 1;
      state.seq = row.seq;
      const changes = state.book.apply(row);
      if (index >= start) levelChanges += changes;
      if (row.checksum !== state.book.checksum()) state.mismatches += 1;
      state.updates += 1;
      expect(typeof message.ts).toBe('number');
      expect(row.ts).toMatch(/^\d{13}$/);
    }
    for (const [key, state] of books) {
      expect(state.updates, key).toBeGreaterThan(10);
      expect(state.gaps, key).toBe(0);
      expect(state.mismatches, key).toBe(0);
    }
    expect(levelChanges / elapsedSeconds).toBeGreaterThan(2000);
    client.close();
  });

  it('sends deletions as size "0" and prices and sizes as strings at the instrument precision', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const arg = booksArg('SPOT', 'BGBUSDT');
    client.subscribe(arg);
    await client.waitFor(
      (m) =>
        isPushOf(m, arg) &&
        m.action === 'update' &&
        rowOf(m)
          .bids.concat(rowOf(m).asks)
          .some(([, size]) => size === '0'),
    );
    for (const message of client.received.filter((m) => isPushOf(m, arg))) {
      for (const [price, size] of [...rowOf(message).bids, ...rowOf(message).asks]) {
        expect(price).toMatch(/^\d+\.\d{4}$/);
        expect(size === '0' || /^\d+\.\d{4}$/.test(size), size).toBe(true);
      }
    }
    client.close();
  });

  it('starts a resubscription with a fresh snapshot on the same connection', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const arg = booksArg('USDT-FUTURES', 'ETHUSDT');
    client.subscribe(arg);
    const first = await client.waitFor((m) => isPushOf(m, arg));
    const update = await client.waitFor((m) => isPushOf(m, arg) && m.action === 'update', { from: first.index });
    client.unsubscribe(arg);
    const ack = await client.waitFor((m) => m.event === 'unsubscribe', { from: update.index });
    client.subscribe(arg);
    const again = await client.waitFor((m) => isPushOf(m, arg), { from: ack.index });
    expect(again.action).toBe('snapshot');
    const row = rowOf(again);
    expect(row.seq).toBeGreaterThanOrEqual(rowOf(update).seq);
    expect(row.checksum).toBe(new ReferenceBook(row).checksum());
    client.close();
  });

  it('starts with a fresh snapshot after a reconnect, numbered from where the old connection left off', async () => {
    const arg = booksArg('SPOT', 'ETHUSDT');
    const before = await StreamClient.connect(stream.wsUrl);
    before.subscribe(arg);
    const seen = await before.waitFor((m) => isPushOf(m, arg) && m.action === 'update');
    before.close();
    await before.closed;
    const after = await StreamClient.connect(stream.wsUrl);
    after.subscribe(arg);
    const first = await after.waitFor((m) => isPushOf(m, arg));
    expect(first.action).toBe('snapshot');
    expect(rowOf(first).seq).toBeGreaterThanOrEqual(rowOf(seen).seq);
    const next = await after.waitFor((m) => isPushOf(m, arg), { from: first.index + 1 });
    expect(rowOf(next).seq).toBe(rowOf(first).seq + 1);
    after.close();
  });
});

describe('books1, books5 and books15 channels', () => {
  let stream: StreamGateway;
  beforeAll(async () => {
    stream = await startStreamGateway({ marketStepMs: 40 });
  });
  afterAll(() => stream.close());

  it.each([
    ['books1', 1],
    ['books5', 5],
    ['books15', 15],
  ])(
    '%s pushes snapshots of exactly %i levels per side, best first, with a matching checksum',
    async (channel, depth) => {
      const client = await StreamClient.connect(stream.wsUrl);
      const arg: Arg = { instType: 'USDT-FUTURES', channel, instId: 'BTCUSDT' };
      client.subscribe(arg);
      const first = await client.waitFor((m) => isPushOf(m, arg));
      const later = await client.waitFor((m) => isPushOf(m, arg), { from: first.index + 1 });
      for (const message of [first, later]) {
        expect(message.action).toBe('snapshot');
        const row = rowOf(message);
        expect(row.bids).toHaveLength(depth);
        expect(row.asks).toHaveLength(depth);
        const bidPrices = row.bids.map(([p]) => Number(p));
        const askPrices = row.asks.map(([p]) => Number(p));
        expect(bidPrices).toEqual([...bidPrices].sort((a, b) => b - a));
        expect(askPrices).toEqual([...askPrices].sort((a, b) => a - b));
        expect(bidPrices[0]!).toBeLessThan(askPrices[0]!);
        expect(row.checksum).toBe(bookChecksum(row.bids, row.asks));
        expect(row.bids[0]![0]).toMatch(/^\d+\.\d$/);
      }
      client.close();
    },
  );
});
