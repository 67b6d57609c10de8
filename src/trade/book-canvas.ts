import * as Comlink from 'comlink';
import { type BookPaintLayout, BookSurfacePainter } from '../../engine/market/book-painter';
import type { BookView } from '../../engine/market/trade-frame';
import { marketWorker } from '../workers';

/**
 * The order book's canvas as the page sees it: an element to mount, the layout to paint it with, and the price
 * under a click. Who paints it depends on the kind (see {@link createBookCanvas}).
 */
export interface BookCanvasHandle {
  readonly canvas: HTMLCanvasElement;
  /** `worker`: the market worker paints every book; `page`: this thread does (no OffscreenCanvas, or the bench switch). */
  readonly kind: 'worker' | 'page';
  setLayout(layout: BookPaintLayout): void;
  /** The price painted at `y` CSS px from the canvas top, or null. */
  priceAt(y: number): Promise<string | null>;
}

/** Whether this browser can hand a canvas to a worker. */
export function canPaintInWorker(): boolean {
  return typeof HTMLCanvasElement === 'function' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function' && typeof OffscreenCanvas === 'function';
}

function newCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'book__canvas';
  // The canvas is a picture of the book; the accessible table beside it says the same in words.
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}

/**
 * A canvas the market worker paints: its control goes to the worker once the feed is open and the page has measured
 * it, and from then on no book row ever costs this thread a style, layout or paint.
 */
export class WorkerBookCanvas implements BookCanvasHandle {
  readonly kind = 'worker';
  readonly canvas = newCanvas();
  private offscreen: OffscreenCanvas | null;
  private feedId: number | null = null;
  private layout: BookPaintLayout | null = null;
  private isAttached = false;

  constructor() {
    this.offscreen = this.canvas.transferControlToOffscreen();
  }

  /** The feed this canvas shows, once `openFeed` has answered. */
  bind(feedId: number): void {
    this.feedId = feedId;
    this.attach();
  }

  setLayout(layout: BookPaintLayout): void {
    this.layout = layout;
    if (!this.isAttached) this.attach();
    else if (this.feedId !== null) {
      const id = this.feedId;
      void marketWorker.call((api) => api.setBookLayout(id, layout)).catch(() => undefined);
    }
  }

  priceAt(y: number): Promise<string | null> {
    const id = this.feedId;
    if (id === null || !this.isAttached) return Promise.resolve(null);
    return marketWorker.call((api) => api.bookPriceAt(id, y)).catch(() => null);
  }

  private attach(): void {
    if (this.isAttached || this.feedId === null || this.layout === null || this.offscreen === null) return;
    const id = this.feedId;
    const layout = this.layout;
    const offscreen = this.offscreen;
    this.offscreen = null;
    this.isAttached = true;
    void marketWorker.call((api) => api.attachBookCanvas(id, Comlink.transfer(offscreen, [offscreen]), layout)).catch(() => undefined);
  }
}

/** A canvas this thread paints, with the same painter the worker runs. */
export class PageBookCanvas implements BookCanvasHandle {
  readonly kind = 'page';
  readonly canvas = newCanvas();
  private readonly painter = new BookSurfacePainter(this.canvas);

  setLayout(layout: BookPaintLayout): void {
    this.painter.setLayout(layout);
  }

  /** Paints a book (from the page's own feed, or from frames when the worker cannot paint). */
  paint(book: BookView): void {
    this.painter.paint(book);
  }

  priceAt(y: number): Promise<string | null> {
    return Promise.resolve(this.painter.priceAt(y));
  }
}
