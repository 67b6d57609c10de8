import { describe, expect, it } from 'vitest';
import {
  type BookCanvas2D,
  type BookPaintLayout,
  backingSize,
  bookRowAt,
  checkBookPaintLayout,
  paintBook,
} from '../../../../engine/market/book-painter';
import type { BookView } from '../../../../engine/market/trade-frame';

const LAYOUT: BookPaintLayout = {
  width: 300,
  height: 3 * 17 * 2 + 24,
  dpr: 2,
  rows: 3,
  rowHeight: 17,
  spreadHeight: 24,
  gap: 4,
  rtl: false,
  font: '12px system-ui',
  spreadFont: '13px system-ui',
  spreadLabel: 'Spread',
  colors: { text: '#eee', muted: '#999', up: 'green', down: 'red' },
};

const BOOK: BookView = {
  status: 'live',
  asks: [
    ['68,001.0', '0.5', '0.5', 0.25],
    ['68,002.0', '1.5', '2.0', 1],
  ],
  bids: [['68,000.0', '0.2', '0.2', 0.1]],
  spread: '1.0',
  step: '0.1',
};

type Op = { op: string; args: unknown[]; fillStyle: unknown; textAlign: string; globalAlpha: number; font: string };

/** A 2D context that records what was drawn, with the state each call saw. */
function recorder(): BookCanvas2D & {
  ops: Op[];
  texts(): { text: string; x: number; y: number; color: unknown; align: string }[];
} {
  const ops: Op[] = [];
  const ctx = {
    fillStyle: '' as unknown,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    ops,
    record(op: string, args: unknown[]) {
      ops.push({
        op,
        args,
        fillStyle: ctx.fillStyle,
        textAlign: ctx.textAlign,
        globalAlpha: ctx.globalAlpha,
        font: ctx.font,
      });
    },
    setTransform: (...args: number[]) => ctx.record('setTransform', args),
    clearRect: (...args: number[]) => ctx.record('clearRect', args),
    fillRect: (...args: number[]) => ctx.record('fillRect', args),
    fillText: (...args: unknown[]) => ctx.record('fillText', args),
    measureText: (text: string) => ({ width: text.length * 6 }),
    texts: () =>
      ops
        .filter((o) => o.op === 'fillText')
        .map((o) => ({
          text: o.args[0] as string,
          x: o.args[1] as number,
          y: o.args[2] as number,
          color: o.fillStyle,
          align: o.textAlign,
        })),
  };
  return ctx;
}

describe('paintBook', () => {
  it('puts the best ask just above the spread and the best bid just below, prices in their side colour', () => {
    const ctx = recorder();
    paintBook(ctx, BOOK, LAYOUT);
    const texts = ctx.texts();
    const y = (text: string) => texts.find((t) => t.text === text)!.y;
    // Rows are 17 px: ask rows 0..2 from the top (best lowest), the spread band, then bids.
    expect(y('68,002.0')).toBe(17 + 8.5);
    expect(y('68,001.0')).toBe(2 * 17 + 8.5);
    expect(y('Spread')).toBe(3 * 17 + 12);
    expect(y('68,000.0')).toBe(3 * 17 + 24 + 8.5);
    expect(texts.find((t) => t.text === '68,001.0')!.color).toBe('red');
    expect(texts.find((t) => t.text === '68,000.0')!.color).toBe('green');
    expect(texts.find((t) => t.text === '1.0')!.x).toBeGreaterThan(texts.find((t) => t.text === 'Spread')!.x);
    // The backing store is in device pixels.
    expect(ctx.ops[0]).toMatchObject({ op: 'setTransform', args: [2, 0, 0, 2, 0, 0] });
    expect(backingSize(LAYOUT)).toEqual({ width: 600, height: 252 });
  });

  it('draws depth bars from the inline end, their length the row share, faint', () => {
    const ctx = recorder();
    paintBook(ctx, BOOK, LAYOUT);
    const bars = ctx.ops.filter((o) => o.op === 'fillRect');
    expect(bars.map((b) => b.args)).toEqual([
      [225, 2 * 17, 75, 17],
      [0, 17, 300, 17],
      [270, 3 * 17 + 24, 30, 17],
    ]);
    expect(bars.every((b) => b.globalAlpha === 0.15)).toBe(true);
  });

  it('mirrors columns and bars on a right-to-left page', () => {
    const ctx = recorder();
    paintBook(ctx, BOOK, { ...LAYOUT, rtl: true });
    const price = ctx.texts().find((t) => t.text === '68,001.0')!;
    const total = ctx.texts().find((t) => t.text === '2.0')!;
    expect(price).toMatchObject({ x: 300, align: 'right' });
    expect(total).toMatchObject({ x: 0, align: 'left' });
    expect(ctx.ops.filter((o) => o.op === 'fillRect')[0].args[0]).toBe(0);
  });

  it('clears and draws nothing for a book being rebuilt, or none', () => {
    for (const book of [{ ...BOOK, status: 'resyncing' as const }, null]) {
      const ctx = recorder();
      paintBook(ctx, book, LAYOUT);
      expect(ctx.ops.map((o) => o.op)).toEqual(['setTransform', 'clearRect']);
    }
  });

  it('draws at most the layout rows per side, and clamps a share outside 0…1', () => {
    const ctx = recorder();
    const many: BookView = {
      ...BOOK,
      bids: Array.from({ length: 10 }, (_, i) => [`${i}`, '1', '1', i === 0 ? 7 : -1] as const),
    };
    paintBook(ctx, many, LAYOUT);
    const bidPrices = ctx.texts().filter((t) => t.color === 'green');
    expect(bidPrices).toHaveLength(3);
    const bars = ctx.ops.filter((o) => o.op === 'fillRect' && o.fillStyle === 'green');
    expect(bars.map((b) => b.args[2])).toEqual([300]);
  });
});

describe('paintBook with one side shown', () => {
  /** Six rows of one side in the height of three per side: what the panel asks for bids only or asks only. */
  const ONE_SIDE: BookPaintLayout = { ...LAYOUT, rows: 6 };
  const DEEP: BookView = {
    ...BOOK,
    asks: Array.from({ length: 8 }, (_, i) => [`a${i}`, '1', '1', 0.1] as const),
    bids: Array.from({ length: 8 }, (_, i) => [`b${i}`, '1', '1', 0.1] as const),
  };

  it('bids only: the spread band on top, then six bids, best first, and no ask', () => {
    const ctx = recorder();
    paintBook(ctx, DEEP, { ...ONE_SIDE, sides: 'bids' });
    const texts = ctx.texts();
    expect(texts.find((t) => t.text === 'Spread')!.y).toBe(12);
    const bids = texts.filter((t) => t.color === 'green');
    expect(bids.map((t) => t.text)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'b5']);
    expect(bids.map((t) => t.y)).toEqual([0, 1, 2, 3, 4, 5].map((i) => 24 + i * 17 + 8.5));
    expect(texts.some((t) => t.color === 'red')).toBe(false);
    // The rows of two sides fill the same height as both sides did.
    expect(24 + 6 * 17).toBe(LAYOUT.height);
  });

  it('asks only: six asks, best lowest, ending on the spread band at the bottom, and no bid', () => {
    const ctx = recorder();
    paintBook(ctx, DEEP, { ...ONE_SIDE, sides: 'asks' });
    const texts = ctx.texts();
    const asks = texts.filter((t) => t.color === 'red');
    expect(asks.map((t) => t.text)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
    expect(asks[0].y).toBe(5 * 17 + 8.5);
    expect(asks[5].y).toBe(8.5);
    expect(texts.find((t) => t.text === 'Spread')!.y).toBe(6 * 17 + 12);
    expect(texts.some((t) => t.color === 'green')).toBe(false);
  });

  it('picks only rows of the side shown', () => {
    const bids = { ...ONE_SIDE, sides: 'bids' as const };
    expect(bookRowAt(DEEP, bids, 5)).toBeNull();
    expect(bookRowAt(DEEP, bids, 24 + 1)).toEqual({ side: 'bid', price: 'b0' });
    expect(bookRowAt(DEEP, bids, 24 + 5 * 17 + 1)).toEqual({ side: 'bid', price: 'b5' });
    const asks = { ...ONE_SIDE, sides: 'asks' as const };
    expect(bookRowAt(DEEP, asks, 5 * 17 + 1)).toEqual({ side: 'ask', price: 'a0' });
    expect(bookRowAt(DEEP, asks, 1)).toEqual({ side: 'ask', price: 'a5' });
    expect(bookRowAt(DEEP, asks, 6 * 17 + 30)).toBeNull();
  });
});

describe('bookRowAt', () => {
  it('finds the price under a point, and nothing over the spread or an empty row', () => {
    expect(bookRowAt(BOOK, LAYOUT, 2 * 17 + 3)).toEqual({ side: 'ask', price: '68,001.0' });
    expect(bookRowAt(BOOK, LAYOUT, 17 + 16)).toEqual({ side: 'ask', price: '68,002.0' });
    expect(bookRowAt(BOOK, LAYOUT, 5)).toBeNull();
    expect(bookRowAt(BOOK, LAYOUT, 3 * 17 + 10)).toBeNull();
    expect(bookRowAt(BOOK, LAYOUT, 3 * 17 + 24 + 1)).toEqual({ side: 'bid', price: '68,000.0' });
    expect(bookRowAt(BOOK, LAYOUT, 3 * 17 + 24 + 17 + 1)).toBeNull();
    for (const y of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e9]) expect(bookRowAt(BOOK, LAYOUT, y)).toBeNull();
    expect(bookRowAt({ ...BOOK, status: 'resyncing' }, LAYOUT, 2 * 17 + 3)).toBeNull();
  });
});

describe('checkBookPaintLayout', () => {
  it('accepts a sane layout and copies only its known fields', () => {
    const checked = checkBookPaintLayout({ ...LAYOUT, extra: 'x', colors: { ...LAYOUT.colors, more: 1 } });
    expect(checked).toEqual({ ...LAYOUT, sides: 'both' });
    expect(checkBookPaintLayout({ ...LAYOUT, sides: 'asks' }).sides).toBe('asks');
  });

  it('refuses hostile layouts with the field named', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ width: -1 }, /width/],
      [{ width: Number.NaN }, /width/],
      [{ height: 1e9 }, /height/],
      [{ dpr: 0 }, /dpr/],
      [{ dpr: 100 }, /dpr/],
      [{ rows: 1.5 }, /rows/],
      [{ rows: 1000 }, /rows/],
      [{ rtl: 'yes' }, /rtl/],
      [{ sides: 'left' }, /sides/],
      [{ font: 'x'.repeat(500) }, /font/],
      [{ spreadLabel: 42 }, /spreadLabel/],
      [{ colors: null }, /colors/],
      [{ colors: { ...LAYOUT.colors, up: {} } }, /colors\.up/],
    ];
    for (const [patch, message] of bad)
      expect(() => checkBookPaintLayout({ ...LAYOUT, ...patch }), JSON.stringify(patch)).toThrow(message);
    for (const value of [null, 'layout', 42]) expect(() => checkBookPaintLayout(value)).toThrow(TypeError);
  });
});
