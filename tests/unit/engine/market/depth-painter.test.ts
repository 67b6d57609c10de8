import { describe, expect, it } from 'vitest';
import { buildDepth, resyncingDepth } from '../../../../engine/market/book-depth';
import type { BookLevel } from '../../../../engine/market/book-checksum';
import {
  type DepthCanvas2D,
  type DepthPaintLayout,
  DepthSurfacePainter,
  depthPlot,
  depthPointAt,
  paintDepth,
  priceX,
} from '../../../../engine/market/depth-painter';
import { createFeedFormat } from '../../../../engine/market/feed-format';

const BIDS: BookLevel[] = [
  ['100.5', '1.0000'],
  ['100.4', '2.0000'],
  ['100.2', '0.5000'],
];
const ASKS: BookLevel[] = [
  ['100.6', '1.5000'],
  ['100.8', '2.5000'],
  ['101.0', '1.0000'],
];
const DEPTH = buildDepth(BIDS, ASKS, createFeedFormat('en', 1, 4), { pricePlaces: 1, valuePlaces: 2 });

const LAYOUT: DepthPaintLayout = {
  width: 400,
  height: 242,
  dpr: 2,
  font: '11px system-ui',
  colors: { text: '#eee', muted: '#999', grid: '#333', up: 'green', down: 'red' },
};

type Op = { op: string; args: unknown[]; fillStyle: unknown; strokeStyle: unknown; globalAlpha: number };

/** A 2D context that records what was drawn, with the colours each call saw; text is 6 px a character. */
function recorder(): DepthCanvas2D & { ops: Op[] } {
  const ops: Op[] = [];
  const ctx = {
    fillStyle: '' as unknown,
    strokeStyle: '' as unknown,
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    ops,
  };
  const record =
    (op: string) =>
    (...args: unknown[]) =>
      ops.push({ op, args, fillStyle: ctx.fillStyle, strokeStyle: ctx.strokeStyle, globalAlpha: ctx.globalAlpha });
  return Object.assign(ctx, {
    setTransform: record('setTransform'),
    clearRect: record('clearRect'),
    fillRect: record('fillRect'),
    fillText: record('fillText'),
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    closePath: record('closePath'),
    fill: record('fill'),
    stroke: record('stroke'),
    setLineDash: record('setLineDash'),
    arc: record('arc'),
    measureText: (text: string) => ({ width: text.length * 6 }),
  });
}

const texts = (ctx: { ops: Op[] }) =>
  ctx.ops.filter((o) => o.op === 'fillText').map((o) => ({ text: o.args[0], x: o.args[1], y: o.args[2] }));

describe('depthPointAt', () => {
  const plot = depthPlot(DEPTH, LAYOUT, 40);

  it('snaps to the deepest level of the side under the pointer', () => {
    expect(depthPointAt(DEPTH, plot, plot.left)?.level.slice(2)).toEqual(['100.2', '3.5000', '351.40']);
    expect(depthPointAt(DEPTH, plot, priceX(plot, 100.45))?.level[2]).toBe('100.5');
    expect(depthPointAt(DEPTH, plot, priceX(plot, 100.35))?.level[2]).toBe('100.4');
    expect(depthPointAt(DEPTH, plot, plot.right)?.level.slice(2)).toEqual(['100.8', '4.0000', '402.90']);
    expect(depthPointAt(DEPTH, plot, priceX(plot, 100.7))).toMatchObject({ side: 'ask', index: 0 });
  });

  it('takes the best level between the best price and the mid', () => {
    expect(depthPointAt(DEPTH, plot, priceX(plot, 100.52))).toMatchObject({ side: 'bid', index: 0 });
    expect(depthPointAt(DEPTH, plot, priceX(plot, 100.58))).toMatchObject({ side: 'ask', index: 0 });
  });

  it('puts the point on its step: at the level price, at its cumulative amount', () => {
    const point = depthPointAt(DEPTH, plot, plot.left)!;
    expect(point.x).toBeCloseTo(priceX(plot, 100.2), 6);
    expect(point.x).toBeGreaterThan(plot.left);
    expect(point.y).toBeCloseTo(plot.bottom - (3.5 / plot.amountTop) * (plot.bottom - plot.top), 6);
  });

  it('finds nothing off the plot, for a book being rebuilt, or without levels', () => {
    expect(depthPointAt(DEPTH, plot, plot.right + 1)).toBeNull();
    expect(depthPointAt(DEPTH, plot, Number.NaN)).toBeNull();
    expect(depthPointAt(resyncingDepth(), plot, 10)).toBeNull();
    expect(depthPointAt(null, plot, 10)).toBeNull();
  });
});

describe('paintDepth', () => {
  it('fills the bids green left of the mid and the asks red right of it, under their outlines', () => {
    const ctx = recorder();
    const { plot } = paintDepth(ctx, DEPTH, LAYOUT, null);
    const fills = ctx.ops.filter((o) => o.op === 'fill');
    expect(fills.map((o) => [o.fillStyle, o.globalAlpha])).toEqual([
      ['green', 0.18],
      ['red', 0.18],
    ]);
    const mid = priceX(plot!, DEPTH.mid);
    const xsOf = (color: string) =>
      ctx.ops.filter((o) => o.op === 'lineTo' && o.strokeStyle === color).map((o) => o.args[0] as number);
    expect(Math.max(...xsOf('green'))).toBeLessThan(mid);
    expect(Math.min(...xsOf('red'))).toBeGreaterThan(mid);
    expect(ctx.ops.filter((o) => o.op === 'stroke' && o.strokeStyle === 'green')).toHaveLength(1);
  });

  it('writes the mid price on top, amounts right of the plot and the prices that fit under it', () => {
    const ctx = recorder();
    const { plot } = paintDepth(ctx, DEPTH, LAYOUT, null);
    const all = texts(ctx);
    expect(all.find((t) => t.text === '100.55')).toMatchObject({ y: 11 });
    // "4" is the widest amount: 6 px, so the axis keeps its least width (32 px).
    expect(plot!.right).toBe(400 - 32);
    expect(all.filter((t) => ['1', '2', '3', '4'].includes(t.text as string)).every((t) => t.x === 368 + 6)).toBe(true);
    const prices = all.filter((t) => (t.y as number) > plot!.bottom).map((t) => t.text);
    expect(prices.length).toBeGreaterThan(0);
    for (const text of prices) expect(DEPTH.priceTicks.map((t) => t.text)).toContain(text);
  });

  it('leaves out price labels that would run into each other', () => {
    const ctx = recorder();
    paintDepth(ctx, DEPTH, { ...LAYOUT, width: 120 }, null);
    const prices = texts(ctx).filter((t) => /^100\.\d$/.test(t.text as string));
    expect(prices.length).toBeLessThan(DEPTH.priceTicks.length);
  });

  it('draws the crosshair and a dot in the colour of the side under it', () => {
    const ctx = recorder();
    const { point } = paintDepth(ctx, DEPTH, LAYOUT, 360);
    expect(point).toMatchObject({ side: 'ask', index: 1 });
    const dot = ctx.ops.find((o) => o.op === 'arc')!;
    expect(dot.args.slice(0, 2)).toEqual([point!.x, point!.y]);
    const dotFill = ctx.ops.slice(ctx.ops.indexOf(dot)).find((o) => o.op === 'fill')!;
    expect(dotFill.fillStyle).toBe('red');
  });

  it('clears and draws nothing for a book being rebuilt or empty', () => {
    for (const view of [resyncingDepth(), { ...DEPTH, bids: [], asks: [] }, null]) {
      const ctx = recorder();
      expect(paintDepth(ctx, view, LAYOUT, 100)).toEqual({ plot: null, point: null });
      expect(ctx.ops.map((o) => o.op)).toEqual(['setTransform', 'clearRect']);
    }
  });
});

describe('DepthSurfacePainter', () => {
  it('sizes its backing store in device pixels and tells the level under the crosshair', () => {
    const ctx = recorder();
    const canvas = { width: 0, height: 0, getContext: () => ctx };
    const painter = new DepthSurfacePainter(canvas);
    painter.paint(DEPTH);
    painter.hover(0);
    // Nothing is drawn before the page's layout.
    expect(ctx.ops).toHaveLength(0);
    painter.setLayout(LAYOUT);
    expect([canvas.width, canvas.height]).toEqual([800, 484]);
    expect(painter.point?.level[2]).toBe('100.2');
    painter.hover(null);
    expect(painter.point).toBeNull();
    painter.paint(resyncingDepth());
    expect(painter.plot).toBeNull();
  });
});
