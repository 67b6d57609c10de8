/**
 * Paints the depth chart (issue 38, point 4) on a 2D canvas: cumulative bids as a stepped area rising to the left of
 * the mid price, asks to the right, a price axis under them (always left to right, as prices run), a cumulative
 * amount axis on the right, the mid price, and a crosshair on the book level under the pointer. Positions are the
 * only floats; every figure drawn or shown is a text the feed wrote (engine/market/book-depth).
 */
import type { DepthLevelView, DepthView } from './book-depth';
import { type BookCanvas2D, type CanvasSize, fitBacking } from './book-painter';

/** The part of a 2D context the depth painter uses beyond the book's. */
export interface DepthCanvas2D extends BookCanvas2D {
  strokeStyle: unknown;
  lineWidth: number;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
}

/** A canvas the depth painter can own. */
export interface DepthCanvasLike {
  width: number;
  height: number;
  getContext(type: '2d'): DepthCanvas2D | null;
}

/** How the page lays the chart out: its size (CSS px), its type, and the theme's colours. */
export interface DepthPaintLayout extends CanvasSize {
  font: string;
  colors: { text: string; muted: string; grid: string; up: string; down: string };
}

/** Where the chart draws: the plot's edges (CSS px) and the price and amount ranges they span. */
export interface DepthPlot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  low: number;
  high: number;
  /** The amount at the plot's top edge. */
  amountTop: number;
}

/** The level under the crosshair: its side and index (best first), where its step is drawn, and its figures. */
export interface DepthPoint {
  side: 'bid' | 'ask';
  index: number;
  x: number;
  y: number;
  level: DepthLevelView;
}

/** Height of the band above the plot that holds the mid price, and of the price axis under it (CSS px). */
const MID_BAND = 22;
const PRICE_AXIS = 20;
/** Space between the plot and the amount labels, and the least room kept for them. */
const AXIS_GAP = 6;
const MIN_AMOUNT_AXIS = 32;
/** The largest amount reaches this share of the plot's height, so its step never touches the top. */
const HEADROOM = 1 / 1.1;
/** The areas are filled this opaque under their outline. */
const AREA_ALPHA = 0.18;
const DOT_RADIUS = 4;

/** The plot of a view in a layout, with `amountAxis` CSS px kept on the right for the amount labels. */
export function depthPlot(view: DepthView, layout: CanvasSize, amountAxis: number): DepthPlot {
  return {
    left: 0,
    right: Math.max(1, layout.width - amountAxis),
    top: MID_BAND,
    bottom: Math.max(MID_BAND + 1, layout.height - PRICE_AXIS),
    low: view.low,
    high: view.high > view.low ? view.high : view.low + 1,
    amountTop: view.maxAmount > 0 ? view.maxAmount / HEADROOM : 1,
  };
}

/** The x of a price on the plot. */
export function priceX(plot: DepthPlot, price: number): number {
  const x = plot.left + ((price - plot.low) / (plot.high - plot.low)) * (plot.right - plot.left);
  return Math.min(plot.right, Math.max(plot.left, x));
}

/** The y of a cumulative amount on the plot. */
export function amountY(plot: DepthPlot, amount: number): number {
  return plot.bottom - (Math.max(0, amount) / plot.amountTop) * (plot.bottom - plot.top);
}

/** How many of `levels` (prices best first) lie at or beyond `price` on their side: a binary search. */
function reached(levels: readonly DepthLevelView[], price: number, isBid: boolean): number {
  let lo = 0;
  let hi = levels.length;
  while (lo < hi) {
    const middle = (lo + hi) >> 1;
    const at = levels[middle][0];
    if (isBid ? at >= price : at <= price) lo = middle + 1;
    else hi = middle;
  }
  return lo;
}

/**
 * The book level whose step is drawn at `x` (CSS px): on the bids' side of the mid price, the deepest bid at or above
 * the pointer's price (the best one between the best bid and the mid), and the same for asks; null off the plot or
 * without levels.
 */
export function depthPointAt(view: DepthView | null, plot: DepthPlot, x: number): DepthPoint | null {
  if (view === null || view.status !== 'live' || !Number.isFinite(x)) return null;
  if (x < plot.left || x > plot.right) return null;
  const price = plot.low + ((x - plot.left) / (plot.right - plot.left)) * (plot.high - plot.low);
  const isBid = view.asks.length === 0 || (view.bids.length > 0 && price <= view.mid);
  const levels = isBid ? view.bids : view.asks;
  if (levels.length === 0) return null;
  const index = Math.max(0, reached(levels, price, isBid) - 1);
  const level = levels[index];
  return { side: isBid ? 'bid' : 'ask', index, x: priceX(plot, level[0]), y: amountY(plot, level[1]), level };
}

/** One side's stepped outline from its best level outwards, ending at the plot's `edge`. */
function outline(levels: readonly DepthLevelView[], plot: DepthPlot, edge: number): [number, number][] {
  const points: [number, number][] = [];
  let y = plot.bottom;
  for (const level of levels) {
    const x = priceX(plot, level[0]);
    points.push([x, y]);
    y = amountY(plot, level[1]);
    points.push([x, y]);
  }
  points.push([edge, y]);
  return points;
}

function paintSide(
  ctx: DepthCanvas2D,
  levels: readonly DepthLevelView[],
  plot: DepthPlot,
  edge: number,
  color: string,
) {
  if (levels.length === 0) return;
  const points = outline(levels, plot, edge);
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.globalAlpha = AREA_ALPHA;
  ctx.beginPath();
  ctx.moveTo(points[0][0], plot.bottom);
  for (const [x, y] of points) ctx.lineTo(x, y);
  ctx.lineTo(edge, plot.bottom);
  ctx.closePath();
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(points[0][0], points[0][1]);
  for (const [x, y] of points) ctx.lineTo(x, y);
  ctx.stroke();
}

function dashedLine(ctx: DepthCanvas2D, x1: number, y1: number, x2: number, y2: number, color: string): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The axes: amount grid lines and labels on the right, the price labels under the plot (those that fit). */
function paintAxes(ctx: DepthCanvas2D, view: DepthView, plot: DepthPlot, layout: DepthPaintLayout): void {
  const { colors } = layout;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (const tick of view.amountTicks) {
    const y = Math.round(amountY(plot, tick.at)) + 0.5;
    ctx.fillStyle = colors.grid;
    ctx.fillRect(plot.left, y - 0.5, plot.right - plot.left, 1);
    ctx.fillStyle = colors.muted;
    ctx.fillText(tick.text, plot.right + AXIS_GAP, y);
  }
  ctx.fillStyle = colors.grid;
  ctx.fillRect(plot.left, plot.bottom, plot.right - plot.left, 1);
  ctx.fillStyle = colors.muted;
  ctx.textAlign = 'center';
  const y = plot.bottom + PRICE_AXIS / 2;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const tick of view.priceTicks) {
    const x = priceX(plot, tick.at);
    const half = ctx.measureText(tick.text).width / 2;
    // A label that would run into the one before or off the plot is left out.
    if (x - half < lastEnd + AXIS_GAP || x - half < plot.left || x + half > plot.right) continue;
    ctx.fillText(tick.text, x, y);
    lastEnd = x + half;
  }
}

/**
 * Paints one depth view with the crosshair at `hoverX` (CSS px, or null) and returns the plot and the level under the
 * crosshair; a view that is not live or has no levels leaves the canvas clear (the page shows its state instead).
 */
export function paintDepth(
  ctx: DepthCanvas2D,
  view: DepthView | null,
  layout: DepthPaintLayout,
  hoverX: number | null,
): { plot: DepthPlot | null; point: DepthPoint | null } {
  ctx.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  if (view === null || view.status !== 'live' || (view.bids.length === 0 && view.asks.length === 0))
    return { plot: null, point: null };
  const { colors } = layout;
  ctx.font = layout.font;
  let labels = 0;
  for (const tick of view.amountTicks) labels = Math.max(labels, ctx.measureText(tick.text).width);
  const plot = depthPlot(view, layout, Math.max(MIN_AMOUNT_AXIS, Math.ceil(labels) + 2 * AXIS_GAP));
  paintAxes(ctx, view, plot, layout);
  paintSide(ctx, view.bids, plot, plot.left, colors.up);
  paintSide(ctx, view.asks, plot, plot.right, colors.down);
  if (view.midText !== '') {
    const x = priceX(plot, view.mid);
    dashedLine(ctx, x, plot.top, x, plot.bottom, colors.muted);
    ctx.fillStyle = colors.text;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(view.midText, x, MID_BAND / 2);
  }
  const point = hoverX === null ? null : depthPointAt(view, plot, hoverX);
  if (point !== null) {
    dashedLine(ctx, point.x, plot.top, point.x, plot.bottom, colors.text);
    dashedLine(ctx, plot.left, point.y, plot.right, point.y, colors.text);
    ctx.fillStyle = point.side === 'bid' ? colors.up : colors.down;
    ctx.beginPath();
    ctx.arc(point.x, point.y, DOT_RADIUS, 0, 2 * Math.PI);
    ctx.fill();
  }
  return { plot, point };
}

/**
 * A depth chart's canvas: keeps the page's layout, the last view and the crosshair's place, repaints on any of them,
 * and tells which level the crosshair is on. Nothing is drawn until the page has sent a layout.
 */
export class DepthSurfacePainter {
  private readonly ctx: DepthCanvas2D;
  private layout: DepthPaintLayout | null = null;
  private view: DepthView | null = null;
  private hoverX: number | null = null;
  private shown: { plot: DepthPlot | null; point: DepthPoint | null } = { plot: null, point: null };

  constructor(private readonly canvas: DepthCanvasLike) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new TypeError('the canvas has no 2D context');
    this.ctx = ctx;
  }

  /** A new layout (first, resized, new theme): resizes the backing store and repaints. */
  setLayout(layout: DepthPaintLayout): void {
    fitBacking(this.canvas, layout);
    this.layout = layout;
    this.draw();
  }

  /** A new view of the book's depth. */
  paint(view: DepthView | null): void {
    this.view = view;
    this.draw();
  }

  /** Puts the crosshair at `x` CSS px from the canvas's left edge, or takes it away (null). */
  hover(x: number | null): void {
    this.hoverX = x;
    this.draw();
  }

  /** The level under the crosshair as last painted, or null. */
  get point(): DepthPoint | null {
    return this.shown.point;
  }

  /** The plot as last painted, or null when nothing was drawn. */
  get plot(): DepthPlot | null {
    return this.shown.plot;
  }

  private draw(): void {
    if (this.layout) this.shown = paintDepth(this.ctx, this.view, this.layout, this.hoverX);
  }
}
