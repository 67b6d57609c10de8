/**
 * Paints the order book on a 2D canvas: asks above (best nearest the middle), the spread, bids below, each row with
 * its price, size, running total and depth bar. The market worker runs it on the book's OffscreenCanvas, so a book
 * moving at full market speed never touches the page's main thread (no rows to lay out, style or patch); a page
 * without OffscreenCanvas, and the bench's main-thread variant, run the very same code on the page.
 */
import type { BookView } from './trade-frame';

/** The part of `CanvasRenderingContext2D` / `OffscreenCanvasRenderingContext2D` the painter uses. */
export interface BookCanvas2D {
  fillStyle: unknown;
  font: string;
  textAlign: string;
  textBaseline: string;
  globalAlpha: number;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

/** Which sides of the book a panel shows (the exchange's book views): both, or one with the rows of two. */
export type BookSides = 'both' | 'bids' | 'asks';

/** How the page lays the book out: sizes in CSS pixels, the page's type and colours, the spread's label. */
export interface BookPaintLayout {
  /** Drawing width and height (CSS px); the backing store is these times `dpr`. */
  width: number;
  height: number;
  dpr: number;
  /** Rows per side shown and the height of one. */
  rows: number;
  rowHeight: number;
  /** Height of the spread band between the sides. */
  spreadHeight: number;
  /** Space between the three columns. */
  gap: number;
  /** Right-to-left page: columns and bars mirror. */
  rtl: boolean;
  /** CSS font shorthands for the rows and for the spread band. */
  font: string;
  spreadFont: string;
  /** The localized word before the spread figure. */
  spreadLabel: string;
  colors: { text: string; muted: string; up: string; down: string };
  /**
   * The sides shown (default both): asks above the spread band and bids below it; asks only end on the band at the
   * bottom, bids only start under it at the top.
   */
  sides?: BookSides;
}

/** The size of a painted canvas: drawing width and height in CSS px, and device pixels per CSS pixel. */
export type CanvasSize = Pick<BookPaintLayout, 'width' | 'height' | 'dpr'>;

/** Limits that keep a layout from another thread sane; anything outside is refused, never drawn. */
const MAX_SIDE_PX = 4096;
const MAX_DPR = 4;
const MAX_ROWS = 100;
const MAX_TEXT = 200;
/** Bars are drawn this opaque, as the page's depth bars were. */
const BAR_ALPHA = 0.15;

function isSize(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TEXT;
}

/** Checks a layout that came across a thread boundary; throws a TypeError naming the first bad field. */
export function checkBookPaintLayout(value: unknown): BookPaintLayout {
  if (value === null || typeof value !== 'object') throw new TypeError('book layout must be an object');
  const layout = value as Record<string, unknown>;
  for (const field of ['width', 'height', 'rowHeight', 'spreadHeight', 'gap'] as const) {
    if (!isSize(layout[field], MAX_SIDE_PX))
      throw new TypeError(`book layout ${field} must be a size from 0 to ${MAX_SIDE_PX}`);
  }
  if (!isSize(layout.dpr, MAX_DPR) || (layout.dpr as number) === 0)
    throw new TypeError(`book layout dpr must be above 0 and at most ${MAX_DPR}`);
  if (!Number.isInteger(layout.rows) || (layout.rows as number) < 1 || (layout.rows as number) > MAX_ROWS)
    throw new TypeError(`book layout rows must be a whole number from 1 to ${MAX_ROWS}`);
  if (typeof layout.rtl !== 'boolean') throw new TypeError('book layout rtl must be a boolean');
  const sides = layout.sides ?? 'both';
  if (sides !== 'both' && sides !== 'bids' && sides !== 'asks')
    throw new TypeError('book layout sides must be both, bids or asks');
  for (const field of ['font', 'spreadFont', 'spreadLabel'] as const) {
    if (!isText(layout[field]))
      throw new TypeError(`book layout ${field} must be a string of at most ${MAX_TEXT} characters`);
  }
  const colors = layout.colors as Record<string, unknown> | null;
  if (colors === null || typeof colors !== 'object') throw new TypeError('book layout colors must be an object');
  for (const field of ['text', 'muted', 'up', 'down'] as const) {
    if (!isText(colors[field]))
      throw new TypeError(`book layout colors.${field} must be a string of at most ${MAX_TEXT} characters`);
  }
  return {
    width: layout.width as number,
    height: layout.height as number,
    dpr: layout.dpr as number,
    rows: layout.rows as number,
    rowHeight: layout.rowHeight as number,
    spreadHeight: layout.spreadHeight as number,
    gap: layout.gap as number,
    rtl: layout.rtl as boolean,
    font: layout.font as string,
    spreadFont: layout.spreadFont as string,
    spreadLabel: layout.spreadLabel as string,
    colors: {
      text: colors.text as string,
      muted: colors.muted as string,
      up: colors.up as string,
      down: colors.down as string,
    },
    sides,
  };
}

/** The backing store size (device pixels) of a layout. */
export function backingSize(layout: CanvasSize): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round(layout.width * layout.dpr)),
    height: Math.max(1, Math.round(layout.height * layout.dpr)),
  };
}

/** Top of ask row `index` (0 = best, drawn lowest), of the spread band, and of bid row `index` (0 = best, drawn highest). */
function askTop(layout: BookPaintLayout, index: number): number {
  return (layout.rows - 1 - index) * layout.rowHeight;
}

function spreadTop(layout: BookPaintLayout): number {
  return layout.sides === 'bids' ? 0 : layout.rows * layout.rowHeight;
}

const showsAsks = (layout: BookPaintLayout) => layout.sides !== 'bids';
const showsBids = (layout: BookPaintLayout) => layout.sides !== 'asks';

function bidTop(layout: BookPaintLayout, index: number): number {
  return spreadTop(layout) + layout.spreadHeight + index * layout.rowHeight;
}

/**
 * Paints one book, the sides the layout shows. A book that is not live is never painted: the canvas is cleared and
 * the page shows its rebuilding state over it. Rows beyond `layout.rows` are left out.
 */
export function paintBook(ctx: BookCanvas2D, book: BookView | null, layout: BookPaintLayout): void {
  ctx.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  if (book === null || book.status !== 'live') return;
  const { width, gap, rtl, colors } = layout;
  const column = Math.max(0, (width - 2 * gap) / 3);
  // Inline-start and inline-end edges of the three columns, mirrored for a right-to-left page.
  const start = (x: number) => (rtl ? width - x : x);
  const priceX = start(0);
  const sizeEndX = start(2 * column + gap);
  const totalEndX = start(width);
  const startAlign = rtl ? 'right' : 'left';
  const endAlign = rtl ? 'left' : 'right';
  ctx.font = layout.font;
  ctx.textBaseline = 'middle';
  const side = (rows: BookView['bids'], top: (index: number) => number, color: string) => {
    const count = Math.min(rows.length, layout.rows);
    // Bars first, all at once, then the texts over them.
    ctx.globalAlpha = BAR_ALPHA;
    ctx.fillStyle = color;
    for (let i = 0; i < count; i += 1) {
      const share = Math.min(1, Math.max(0, rows[i][3]));
      const bar = width * share;
      if (bar > 0) ctx.fillRect(rtl ? 0 : width - bar, top(i), bar, layout.rowHeight);
    }
    ctx.globalAlpha = 1;
    ctx.textAlign = startAlign;
    for (let i = 0; i < count; i += 1) ctx.fillText(rows[i][0], priceX, top(i) + layout.rowHeight / 2);
    ctx.fillStyle = colors.text;
    ctx.textAlign = endAlign;
    for (let i = 0; i < count; i += 1) {
      const middle = top(i) + layout.rowHeight / 2;
      ctx.fillText(rows[i][1], sizeEndX, middle);
      ctx.fillText(rows[i][2], totalEndX, middle);
    }
  };
  if (showsAsks(layout)) side(book.asks, (i) => askTop(layout, i), colors.down);
  if (showsBids(layout)) side(book.bids, (i) => bidTop(layout, i), colors.up);
  // The spread band: label, then the figure, from the inline start.
  ctx.font = layout.spreadFont;
  ctx.fillStyle = colors.muted;
  ctx.textAlign = startAlign;
  const middle = spreadTop(layout) + layout.spreadHeight / 2;
  ctx.fillText(layout.spreadLabel, priceX, middle);
  const labelWidth = ctx.measureText(layout.spreadLabel).width;
  const figureX = rtl ? priceX - labelWidth - 8 : priceX + labelWidth + 8;
  ctx.fillText(book.spread, figureX, middle);
}

/** The book row under a point `y` (CSS px from the canvas top), or null over the spread or an empty row. */
export function bookRowAt(
  book: BookView | null,
  layout: BookPaintLayout,
  y: number,
): { side: 'ask' | 'bid'; price: string } | null {
  if (book === null || book.status !== 'live' || !Number.isFinite(y) || y < 0 || layout.rowHeight <= 0) return null;
  const spread = spreadTop(layout);
  if (y < spread) {
    if (!showsAsks(layout)) return null;
    const index = layout.rows - 1 - Math.floor(y / layout.rowHeight);
    const row = book.asks[index];
    return row ? { side: 'ask', price: row[0] } : null;
  }
  const below = y - spread - layout.spreadHeight;
  if (below < 0 || !showsBids(layout)) return null;
  const index = Math.floor(below / layout.rowHeight);
  const row = index < layout.rows ? book.bids[index] : undefined;
  return row ? { side: 'bid', price: row[0] } : null;
}

/** A canvas the painter can own: an OffscreenCanvas in the market worker, a page canvas otherwise. */
export interface BookCanvasLike {
  width: number;
  height: number;
  getContext(type: '2d'): BookCanvas2D | null;
}

/** The canvas's 2D context, or a TypeError when it has none. */
export function context2d(canvas: BookCanvasLike): BookCanvas2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new TypeError('the canvas has no 2D context');
  return ctx;
}

/** Sizes a canvas's backing store for a layout (device pixels); a size that did not change is left alone. */
export function fitBacking(canvas: BookCanvasLike, layout: CanvasSize): void {
  const size = backingSize(layout);
  if (canvas.width !== size.width) canvas.width = size.width;
  if (canvas.height !== size.height) canvas.height = size.height;
}

/**
 * A canvas a painter owns: it keeps the page's layout (size, type, colours) and what it last took, and repaints
 * on either. Nothing is drawn until the page has sent a layout.
 */
export abstract class CanvasSurface<Part> {
  protected readonly ctx: BookCanvas2D;
  protected layout: BookPaintLayout | null = null;

  constructor(private readonly canvas: BookCanvasLike) {
    this.ctx = context2d(canvas);
  }

  /** A new layout (first, resized, new theme or language): resizes the backing store and repaints. */
  setLayout(layout: BookPaintLayout): void {
    fitBacking(this.canvas, layout);
    this.layout = layout;
    this.draw(layout);
  }

  /** Takes a new part (kept for repaints) and paints it. */
  paint(part: Part): void {
    this.take(part);
    if (this.layout) this.draw(this.layout);
  }

  protected abstract take(part: Part): void;
  protected abstract draw(layout: BookPaintLayout): void;
}

/** One book canvas: paints each new book and says which price lies under a click. */
export class BookSurfacePainter extends CanvasSurface<BookView> {
  private book: BookView | null = null;

  protected take(book: BookView): void {
    this.book = book;
  }

  protected draw(layout: BookPaintLayout): void {
    paintBook(this.ctx, this.book, layout);
  }

  /** The price under a click at `y` CSS px from the canvas top, or null. */
  priceAt(y: number): string | null {
    return this.layout ? (bookRowAt(this.book, this.layout, y)?.price ?? null) : null;
  }
}
