import { describe, expect, it } from 'vitest';
import type { InstrumentSpec } from '../../../../gateway/market/instruments';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import type { BookLevel, MarketEvent } from '../../../../gateway/market/market-types';
import { levelChangesOf, MarketSimulator } from '../../../../gateway/market/simulator';
import { T0 } from '../support';

function run(seed: number, steps: number, options: Partial<ConstructorParameters<typeof MarketSimulator>[0]> = {}) {
  const sim = new MarketSimulator({ seed, nowMs: T0, ...options });
  const events: MarketEvent[] = [];
  sim.subscribe((e) => events.push(e));
  for (let i = 1; i <= steps; i++) sim.step(T0 + i * 250);
  return { sim, events };
}

/** Units of the last decimal, or NaN when the string is not a plain decimal with exactly `places` decimals. */
function units(text: string, places: number): number {
  const pattern = places === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${places}}$`);
  return pattern.test(text) ? Number(text.replace('.', '')) : Number.NaN;
}

const FIVE_TICK: InstrumentSpec = {
  ...DEFAULT_INSTRUMENTS.find((s) => s.instType === 'USDT-FUTURES' && s.symbol === 'ETHUSDT')!,
  symbol: 'FIVEUSDT',
  pricePlace: 1,
  priceEndStep: 5,
  startPrice: '2000.0',
};

describe('MarketSimulator determinism', () => {
  it('replays the same market for the same seed and step times', () => {
    const a = run(123, 40);
    const b = run(123, 40);
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    expect(b.sim.getTickers('SPOT')).toEqual(a.sim.getTickers('SPOT'));
    expect(b.sim.getBook('USDT-FUTURES', 'BTCUSDT')).toEqual(a.sim.getBook('USDT-FUTURES', 'BTCUSDT'));
  });

  it('gives a different market for a different seed', () => {
    expect(run(1, 5).sim.getTicker('SPOT', 'BTCUSDT')!.lastPr).not.toBe(
      run(2, 5).sim.getTicker('SPOT', 'BTCUSDT')!.lastPr,
    );
  });

  it('is not disturbed by reading tickers or books between steps', () => {
    const quiet = run(9, 20);
    const busy = new MarketSimulator({ seed: 9, nowMs: T0 });
    for (let i = 1; i <= 20; i++) {
      busy.getTickers('USDT-FUTURES');
      busy.getBook('SPOT', 'ETHUSDT', 5);
      busy.step(T0 + i * 250);
    }
    expect(busy.getTickers('USDT-FUTURES')).toEqual(quiet.sim.getTickers('USDT-FUTURES'));
  });
});

describe('MarketSimulator with more instruments', () => {
  /** The instruments the gateway simulated before the minor perpetuals were added. */
  const ORIGINAL_SIX = DEFAULT_INSTRUMENTS.filter(
    (spec) =>
      ['BTCUSDT', 'ETHUSDT'].includes(spec.symbol) ||
      (spec.instType === 'SPOT' && ['BGBUSDT', 'USDTBRL'].includes(spec.symbol)),
  );

  it('replays the original six instruments exactly as a simulator of those six alone does', () => {
    expect(ORIGINAL_SIX).toHaveLength(6);
    const alone = run(42, 60, { instruments: ORIGINAL_SIX, levelChangesPerStep: 20 });
    const all = run(42, 60, { levelChangesPerStep: 20 });
    const isOriginal = (e: MarketEvent) =>
      ORIGINAL_SIX.some((spec) => spec.instType === e.instType && spec.symbol === e.symbol);
    const original = all.events.filter(isOriginal);
    expect(original.length).toBe(alone.events.length);
    expect(JSON.stringify(original)).toBe(JSON.stringify(alone.events));
    expect(all.sim.getBook('USDT-FUTURES', 'BTCUSDT')).toEqual(alone.sim.getBook('USDT-FUTURES', 'BTCUSDT'));
    expect(all.events.some((e) => !isOriginal(e))).toBe(true);
  });
});

describe('levelChangesOf', () => {
  const spec = (bookActivity?: number): InstrumentSpec => ({ ...DEFAULT_INSTRUMENTS[0]!, bookActivity });

  it("gives a full-activity instrument the simulator's count and a quarter-activity one a rounded quarter, at least 1", () => {
    expect(levelChangesOf(spec(), 20)).toBe(20);
    expect(levelChangesOf(spec(1), 12)).toBe(12);
    expect(levelChangesOf(spec(0.25), 20)).toBe(5);
    expect(levelChangesOf(spec(0.25), 12)).toBe(3);
    expect(levelChangesOf(spec(0.25), 10)).toBe(3);
    expect(levelChangesOf(spec(0.25), 1)).toBe(1);
    expect(levelChangesOf(spec(0.25), 0)).toBe(0);
  });
});

describe('MarketSimulator book activity', () => {
  const ETH_PERP = DEFAULT_INSTRUMENTS.find((s) => s.instType === 'USDT-FUTURES' && s.symbol === 'ETHUSDT')!;

  /** Level changes per step of one instrument on a still price, so the random churn is what is counted. */
  function levelChangesPerStep(bookActivity: number): number {
    const { events } = run(8, 50, {
      instruments: [{ ...ETH_PERP, bookActivity }],
      levelChangesPerStep: 40,
      volatilityScale: 0,
    });
    return events.reduce((n, e) => n + (e.type === 'book' ? e.bids.length + e.asks.length : 0), 0) / 50;
  }

  it('churns a quarter-activity book about a quarter as much as a full one', () => {
    const full = levelChangesPerStep(1);
    const quarter = levelChangesPerStep(0.25);
    // 10 random changes a step against 40; a few land on the same level and re-centring adds a couple either way.
    expect(full).toBeGreaterThan(30);
    expect(quarter).toBeGreaterThan(full * 0.15);
    expect(quarter).toBeLessThan(full * 0.4);
  });

  it('rejects an activity outside (0, 1]', () => {
    for (const bookActivity of [0, -1, 1.5, Number.NaN]) {
      expect(
        () => new MarketSimulator({ seed: 1, nowMs: T0, instruments: [{ ...ETH_PERP, bookActivity }] }),
        String(bookActivity),
      ).toThrow(RangeError);
    }
  });
});

describe('MarketSimulator prices and books', () => {
  const { sim, events } = run(77, 200, { instruments: [...DEFAULT_INSTRUMENTS, FIVE_TICK] });

  it('keeps every price on the tick grid with exactly the instrument precision (no float artefacts)', () => {
    for (const spec of sim.listInstruments()) {
      const onGrid = (price: string) => units(price, spec.pricePlace) % spec.priceEndStep === 0;
      const t = sim.getTicker(spec.instType, spec.symbol)!;
      for (const field of ['lastPr', 'open24h', 'high24h', 'low24h', 'bidPr', 'askPr', 'openUtc'] as const) {
        expect(onGrid(t[field]), `${spec.symbol} ${field}=${t[field]}`).toBe(true);
      }
      const book = sim.getBook(spec.instType, spec.symbol)!;
      for (const [price, size] of [...book.bids, ...book.asks]) {
        expect(onGrid(price), `${spec.symbol} ${price}`).toBe(true);
        expect(units(size, spec.volumePlace)).toBeGreaterThan(0);
      }
    }
  });

  it('emits prices and sizes with exactly the instrument precision in every event', () => {
    const bad: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) bad.push(what);
    };
    for (const e of events) {
      const spec = sim.getInstrument(e.instType, e.symbol)!;
      const isPrice = (text: string) => !Number.isNaN(units(text, spec.pricePlace));
      const isSize = (text: string) => text === '0' || !Number.isNaN(units(text, spec.volumePlace));
      if (e.type === 'book') {
        for (const [price, size] of [...e.bids, ...e.asks])
          check(isPrice(price) && isSize(size), `${e.symbol} ${price} ${size}`);
      } else if (e.type === 'trades') {
        for (const trade of e.trades)
          check(isPrice(trade.price) && isSize(trade.size), `${e.symbol} ${trade.price} ${trade.size}`);
      } else {
        const { lastPr, bidSz, baseVolume, quoteVolume, change24h } = e.ticker;
        check(isPrice(lastPr) && isSize(bidSz) && isSize(baseVolume), `${e.symbol} ${lastPr} ${bidSz} ${baseVolume}`);
        check(new RegExp(`^\\d+\\.\\d{${spec.pricePlace + spec.volumePlace}}$`).test(quoteVolume), quoteVolume);
        check(/^-?\d+\.\d{5}$/.test(change24h), change24h);
      }
    }
    expect(events.length).toBeGreaterThan(1000);
    expect(bad).toEqual([]);
  });

  it('keeps books sorted (bids descending, asks ascending), uncrossed and a few hundred levels deep', () => {
    for (const spec of sim.listInstruments()) {
      const { bids, asks } = sim.getBook(spec.instType, spec.symbol)!;
      const value = (levels: BookLevel[]) => levels.map(([p]) => Number(p));
      const bidPrices = value(bids);
      const askPrices = value(asks);
      expect(bidPrices).toEqual([...bidPrices].sort((x, y) => y - x));
      expect(askPrices).toEqual([...askPrices].sort((x, y) => x - y));
      expect(new Set(bidPrices).size).toBe(bidPrices.length);
      expect(bidPrices[0]!).toBeLessThan(askPrices[0]!);
      expect(bids.length).toBeGreaterThanOrEqual(200);
      expect(asks.length).toBeGreaterThanOrEqual(200);
      const t = sim.getTicker(spec.instType, spec.symbol)!;
      expect([t.bidPr, t.askPr]).toEqual([bids[0]![0], asks[0]![0]]);
    }
  });

  it('keeps 24 h high ≥ last ≥ low and base volume positive', () => {
    for (const t of [...sim.getTickers('SPOT'), ...sim.getTickers('USDT-FUTURES')]) {
      expect(Number(t.high24h)).toBeGreaterThanOrEqual(Number(t.lastPr));
      expect(Number(t.low24h)).toBeLessThanOrEqual(Number(t.lastPr));
      expect(Number(t.baseVolume)).toBeGreaterThan(0);
    }
  });
});

describe('MarketSimulator events', () => {
  it('numbers book updates 1, 2, 3… per instrument and applying them to the first snapshot reproduces the book', () => {
    const sim = new MarketSimulator({ seed: 5, nowMs: T0 });
    const snapshot = sim.getBook('SPOT', 'BTCUSDT', 10_000)!;
    const local = { bids: new Map(snapshot.bids), asks: new Map(snapshot.asks) };
    const seqs: number[] = [];
    sim.subscribe((e) => {
      if (e.type !== 'book' || e.symbol !== 'BTCUSDT' || e.instType !== 'SPOT') return;
      seqs.push(e.seq);
      for (const [side, levels] of [
        [local.bids, e.bids],
        [local.asks, e.asks],
      ] as const) {
        for (const [price, size] of levels) {
          if (size === '0') side.delete(price);
          else side.set(price, size);
        }
      }
    });
    for (let i = 1; i <= 50; i++) sim.step(T0 + i * 250);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => snapshot.seq + i + 1));
    const now = sim.getBook('SPOT', 'BTCUSDT', 10_000)!;
    expect(new Map(now.bids)).toEqual(local.bids);
    expect(new Map(now.asks)).toEqual(local.asks);
  });

  it('can be pushed past 2,000 level changes per second', () => {
    const { events } = run(3, 4, { levelChangesPerStep: 100 });
    const changes = events.reduce((n, e) => n + (e.type === 'book' ? e.bids.length + e.asks.length : 0), 0);
    expect(changes).toBeGreaterThan(2000); // 4 steps of 250 ms = one second
  });

  it('stops calling a listener after unsubscribe and survives a throwing listener', () => {
    const errors: unknown[] = [];
    const sim = new MarketSimulator({ seed: 5, nowMs: T0, onListenerError: (e) => errors.push(e) });
    let calls = 0;
    const stop = sim.subscribe(() => {
      calls += 1;
    });
    sim.subscribe(() => {
      throw new Error('boom');
    });
    sim.step(T0 + 250);
    const afterOne = calls;
    stop();
    sim.step(T0 + 500);
    expect(afterOne).toBeGreaterThan(0);
    expect(calls).toBe(afterOne);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('emits trades with the public field names, on the tick grid', () => {
    const { events } = run(11, 8);
    const trade = events.find((e) => e.type === 'trades' && e.symbol === 'ETHUSDT');
    expect(trade?.type).toBe('trades');
    if (trade?.type !== 'trades') return;
    expect(trade.trades[0]).toEqual({
      ts: expect.stringMatching(/^\d{13}$/),
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      size: expect.stringMatching(/^\d+\.\d+$/),
      side: expect.stringMatching(/^(buy|sell)$/),
      tradeId: expect.stringMatching(/^\d+$/),
    });
  });
});

describe('MarketSimulator paper fills', () => {
  it('puts a paper taker fill on the tape at once and on the stream with the next step, at the price it took', () => {
    const { sim, events } = run(5, 4);
    const asks = sim.takerLevels('SPOT', 'BTCUSDT', 'buy', 2)!;
    const size = asks[0].size + 1n;
    const fills = sim.takeLiquidity('SPOT', 'BTCUSDT', 'buy', null, size);
    expect(fills.map((f) => f.price)).toEqual([asks[0].price, asks[1].price]);
    const recent = sim.getTrades('SPOT', 'BTCUSDT', 5)!;
    // Newest first: the second level's fill, then the first.
    expect(recent.slice(0, 2).map((t) => [t.side, units(t.price, 2), units(t.size, 6)])).toEqual([
      ['buy', Number(asks[1].price), 1],
      ['buy', Number(asks[0].price), Number(asks[0].size)],
    ]);
    events.length = 0;
    sim.step(T0 + 5 * 250);
    const streamed = events
      .filter((e) => e.type === 'trades' && e.instType === 'SPOT' && e.symbol === 'BTCUSDT')
      .flatMap((e) => (e.type === 'trades' ? e.trades : []));
    expect(streamed.map((t) => t.tradeId)).toEqual(expect.arrayContaining(recent.slice(0, 2).map((t) => t.tradeId)));
    // Sent once: the step after carries only its own trades.
    events.length = 0;
    sim.step(T0 + 6 * 250);
    const again = events.flatMap((e) =>
      e.type === 'trades' && e.instType === 'SPOT' && e.symbol === 'BTCUSDT' ? e.trades : [],
    );
    expect(again.some((t) => recent.slice(0, 2).some((r) => r.tradeId === t.tradeId))).toBe(false);
  });
});
