import { describe, expect, it } from 'vitest';
import type { BookCanvas2D, BookCanvasLike, BookPaintLayout } from '../../../../engine/market/book-painter';
import { paintTape, TapeSurfacePainter } from '../../../../engine/market/tape-painter';
import type { TradeRowView } from '../../../../engine/market/trade-frame';

const LAYOUT: BookPaintLayout = {
  width: 300,
  height: 3 * 17,
  dpr: 1,
  rows: 3,
  rowHeight: 17,
  spreadHeight: 0,
  gap: 4,
  rtl: false,
  font: '12px system-ui',
  spreadFont: '12px system-ui',
  spreadLabel: '',
  colors: { text: '#eee', muted: '#999', up: 'green', down: 'red' },
};

const trade = (id: number, side: 'buy' | 'sell'): TradeRowView => ({
  id: String(id),
  price: `${100 + id}.0`,
  size: `0.${id}`,
  time: `12:00:0${id}`,
  side,
});

function recorder() {
  const texts: { text: string; x: number; y: number; color: unknown; align: string }[] = [];
  const ctx: BookCanvas2D = {
    fillStyle: '',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    setTransform: () => undefined,
    clearRect: () => texts.splice(0),
    fillRect: () => undefined,
    fillText: (text, x, y) => texts.push({ text, x, y, color: ctx.fillStyle, align: ctx.textAlign }),
    measureText: (text) => ({ width: text.length * 6 }),
  };
  return { ctx, texts };
}

describe('paintTape', () => {
  it('paints the newest trade on top, price in its side colour, size and time after', () => {
    const { ctx, texts } = recorder();
    paintTape(ctx, [trade(3, 'buy'), trade(2, 'sell'), trade(1, 'buy'), trade(0, 'sell')], LAYOUT);
    const at = (text: string) => texts.find((t) => t.text === text)!;
    expect(at('103.0')).toMatchObject({ y: 8.5, color: 'green', x: 0, align: 'left' });
    expect(at('102.0')).toMatchObject({ y: 17 + 8.5, color: 'red' });
    expect(at('12:00:03')).toMatchObject({ x: 300, align: 'right', color: '#999' });
    // Only the rows the layout has room for.
    expect(texts.some((t) => t.text === '100.0')).toBe(false);
  });

  it('mirrors on a right-to-left page', () => {
    const { ctx, texts } = recorder();
    paintTape(ctx, [trade(1, 'buy')], { ...LAYOUT, rtl: true });
    expect(texts.find((t) => t.text === '101.0')).toMatchObject({ x: 300, align: 'right' });
    expect(texts.find((t) => t.text === '12:00:01')).toMatchObject({ x: 0, align: 'left' });
  });
});

describe('TapeSurfacePainter', () => {
  it('puts new rows on top, replaces the tape on a reset, and keeps only what the layout shows', () => {
    const { ctx, texts } = recorder();
    const canvas: BookCanvasLike = { width: 0, height: 0, getContext: () => ctx };
    const painter = new TapeSurfacePainter(canvas);
    painter.paint({ reset: true, rows: [trade(2, 'buy'), trade(1, 'sell')] });
    expect(texts).toHaveLength(0);
    painter.setLayout(LAYOUT);
    expect(canvas.width).toBe(300);
    expect(texts.filter((t) => t.align === 'left').map((t) => t.text)).toEqual(['102.0', '101.0']);
    painter.paint({ reset: false, rows: [trade(4, 'buy'), trade(3, 'buy')] });
    const prices = () =>
      texts
        .filter((t) => t.align === 'left')
        .sort((a, b) => a.y - b.y)
        .map((t) => t.text);
    expect(prices()).toEqual(['104.0', '103.0', '102.0']);
    painter.paint({ reset: true, rows: [trade(9, 'sell')] });
    expect(prices()).toEqual(['109.0']);
  });
});
