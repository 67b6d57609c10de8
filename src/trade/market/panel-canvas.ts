import * as Comlink from 'comlink';
import type { BookView } from '../../../engine/market/trade-frame';
import type { PaintedPanel } from '../../../workers/market.api';
import { marketWorker } from '../../workers';
import {
  type BookPaintLayout,
  BookSurfacePainter,
  type CanvasSurface,
  type TapePart,
  TapeSurfacePainter,
} from './main-thread-engine';

/**
 * A painted panel's canvas (the order book or the trades tape) as the page sees it: an element to mount, the layout
 * to paint it with, and for the book the price under a click. Who paints it depends on the kind.
 */
export interface PanelCanvasHandle {
  readonly canvas: HTMLCanvasElement;
  readonly panel: PaintedPanel;
  /** `worker`: the market worker paints every change; `page`: this thread does (no OffscreenCanvas, or the bench switch). */
  readonly kind: 'worker' | 'page';
  setLayout(layout: BookPaintLayout): void;
  /** The book price painted at `y` CSS px from the canvas top, or null (and always null for the tape). */
  priceAt(y: number): Promise<string | null>;
}

/** Whether this browser can hand a canvas to a worker. */
export function canPaintInWorker(): boolean {
  return (
    typeof HTMLCanvasElement === 'function' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function' &&
    typeof OffscreenCanvas === 'function'
  );
}

function newCanvas(panel: PaintedPanel): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = `panel-canvas panel-canvas--${panel}`;
  // The canvas is a picture; the accessible table beside it says the same in words.
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}

/**
 * A canvas the market worker paints: its control goes to the worker once the feed is open and the page has measured
 * it, and from then on no row of it ever costs this thread a style, layout or paint.
 */
export class WorkerPanelCanvas implements PanelCanvasHandle {
  readonly kind = 'worker';
  readonly canvas: HTMLCanvasElement;
  private offscreen: OffscreenCanvas | null;
  private feedId: number | null = null;
  private layout: BookPaintLayout | null = null;
  private isAttached = false;

  constructor(readonly panel: PaintedPanel) {
    this.canvas = newCanvas(panel);
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
      void marketWorker.call((api) => api.setCanvasLayout(id, this.panel, layout)).catch(() => undefined);
    }
  }

  priceAt(y: number): Promise<string | null> {
    const id = this.feedId;
    if (id === null || !this.isAttached || this.panel !== 'book') return Promise.resolve(null);
    return marketWorker.call((api) => api.bookPriceAt(id, y)).catch(() => null);
  }

  private attach(): void {
    if (this.isAttached || this.feedId === null || this.layout === null || this.offscreen === null) return;
    const id = this.feedId;
    const layout = this.layout;
    const offscreen = this.offscreen;
    this.offscreen = null;
    this.isAttached = true;
    void marketWorker
      .call((api) => api.attachCanvas(id, this.panel, Comlink.transfer(offscreen, [offscreen]), layout))
      .catch(() => undefined);
  }
}

/** A panel's canvas painted on this thread, with the same painter the worker runs. */
class PagePanelCanvas<Part> implements PanelCanvasHandle {
  readonly kind = 'page';
  readonly canvas: HTMLCanvasElement;
  protected readonly painter: CanvasSurface<Part>;

  constructor(
    readonly panel: PaintedPanel,
    painterFor: (canvas: HTMLCanvasElement) => CanvasSurface<Part>,
  ) {
    this.canvas = newCanvas(panel);
    this.painter = painterFor(this.canvas);
  }

  setLayout(layout: BookPaintLayout): void {
    this.painter.setLayout(layout);
  }

  /** Paints a part (from the page's own feed, or from frames when the worker cannot paint). */
  paint(part: Part): void {
    this.painter.paint(part);
  }

  priceAt(y: number): Promise<string | null> {
    return Promise.resolve(this.painter instanceof BookSurfacePainter ? this.painter.priceAt(y) : null);
  }
}

/** The book's canvas painted on this thread. */
export class PageBookCanvas extends PagePanelCanvas<BookView> {
  constructor() {
    super('book', (canvas) => new BookSurfacePainter(canvas));
  }
}

/** The tape's canvas painted on this thread. */
export class PageTapeCanvas extends PagePanelCanvas<TapePart> {
  constructor() {
    super('tape', (canvas) => new TapeSurfacePainter(canvas));
  }
}

/** The two painted panels of a trading screen. */
export interface PanelCanvases {
  book: PanelCanvasHandle;
  tape: PanelCanvasHandle;
}
