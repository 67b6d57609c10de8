/**
 * Paints the trades tape on a 2D canvas, newest first: price in the taker side's colour, size, and time. Like the
 * book (book-painter.ts), the market worker paints it on an OffscreenCanvas, so a busy tape costs the page nothing.
 * The tape uses the book's layout; it has no spread band, so the spread fields are not read.
 */
import { type BookCanvas2D, type BookPaintLayout, CanvasSurface } from './book-painter';
import type { TradeRowView } from './trade-frame';

/** Rows a tape keeps before the page has said how many it shows. */
const DEFAULT_KEPT = 100;

/** Paints the first `layout.rows` trades of `rows` (newest first) from the top. */
export function paintTape(ctx: BookCanvas2D, rows: readonly TradeRowView[], layout: BookPaintLayout): void {
  ctx.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  const { width, gap, rtl, colors, rowHeight } = layout;
  const count = Math.min(rows.length, layout.rows);
  if (count === 0) return;
  const column = Math.max(0, (width - 2 * gap) / 3);
  const start = (x: number) => (rtl ? width - x : x);
  ctx.font = layout.font;
  ctx.textBaseline = 'middle';
  ctx.globalAlpha = 1;
  ctx.textAlign = rtl ? 'right' : 'left';
  // Prices, grouped by colour so the fill style changes at most twice.
  for (const side of ['buy', 'sell'] as const) {
    ctx.fillStyle = side === 'buy' ? colors.up : colors.down;
    for (let i = 0; i < count; i += 1)
      if (rows[i].side === side) ctx.fillText(rows[i].price, start(0), i * rowHeight + rowHeight / 2);
  }
  ctx.textAlign = rtl ? 'left' : 'right';
  ctx.fillStyle = colors.text;
  for (let i = 0; i < count; i += 1) ctx.fillText(rows[i].size, start(2 * column + gap), i * rowHeight + rowHeight / 2);
  ctx.fillStyle = colors.muted;
  for (let i = 0; i < count; i += 1) ctx.fillText(rows[i].time, start(width), i * rowHeight + rowHeight / 2);
}

/** A trades part: a reset replaces the tape, else the rows go on top (newest first). */
export interface TapePart {
  reset: boolean;
  rows: readonly TradeRowView[];
}

/** One tape canvas: keeps the newest trades from each part and repaints. */
export class TapeSurfacePainter extends CanvasSurface<TapePart> {
  private rows: readonly TradeRowView[] = [];

  protected take(part: TapePart): void {
    const kept = this.layout?.rows ?? DEFAULT_KEPT;
    this.rows = part.reset
      ? part.rows.slice(0, kept)
      : [...part.rows.slice(0, kept), ...this.rows.slice(0, Math.max(0, kept - part.rows.length))];
  }

  protected draw(layout: BookPaintLayout): void {
    paintTape(this.ctx, this.rows, layout);
  }
}
