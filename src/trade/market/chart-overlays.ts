import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  Logical,
  PrimitivePaneViewZOrder,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';

/** What the overlays draw from: one candle's volume and averages (the chart's `Candle` has these and more). */
export interface OverlayCandle {
  close: string;
  open: string;
  volume?: number;
  ma7?: number;
  ma25?: number;
  ema20?: number;
}

/** Which overlays are drawn. */
export interface Overlays {
  volume: boolean;
  ma: boolean;
  ema: boolean;
}

/** The overlays' colours (the theme's tokens). */
export interface OverlayColors {
  up: string;
  down: string;
  ma7: string;
  ma25: string;
  ema20: string;
}

/** What the overlays are drawn from; the chart's own state, read at each paint. */
export interface OverlaySource {
  shown: Overlays;
  /** The candles drawn, oldest first (the last one live). */
  history: readonly OverlayCandle[];
  /** How many bars the chart holds: the history is its newest part, so bar `i` is `history[i - (bars - history.length)]`. */
  bars: number;
  colors: OverlayColors | null;
}

/** What the last paint drew (bars and line points per overlay), for tests and nothing else. */
export interface OverlaysDrawn {
  volume: number;
  ma7: number;
  ma25: number;
  ema20: number;
}

/** The share of the pane's height the volume bars may take, at its foot. */
export const VOLUME_SHARE = 0.2;

/** A volume bar's share of the space between two bars. */
const VOLUME_BAR_WIDTH = 0.8;

type LineKey = 'ma7' | 'ma25' | 'ema20';

/** A volume bar's colour: the candle's direction, half transparent so the candles above stay readable. */
export function volumeColor(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? `${color}80` : color;
}

/** The bar at chart index `index` (the history is the chart's newest bars), or undefined when it is not kept. */
export function barAt<Bar>(source: { history: readonly Bar[]; bars: number }, index: number): Bar | undefined {
  return source.history[index - (source.bars - source.history.length)];
}

/**
 * The highest volume among the bars `from`..`to` (chart indices, clipped to the history), or 0: the volume bars
 * scale to it, so the tallest visible one fills the volume's share of the pane.
 */
export function highestVolume(source: OverlaySource, from: number, to: number): number {
  const offset = source.bars - source.history.length;
  const first = Math.max(0, Math.floor(from) - offset);
  const last = Math.min(source.history.length - 1, Math.ceil(to) - offset);
  let highest = 0;
  for (let i = first; i <= last; i += 1) {
    const volume = source.history[i].volume ?? 0;
    if (volume > highest) highest = volume;
  }
  return highest;
}

/**
 * The chart's geometry for one paint, in media pixels: bars are evenly spaced and the price scale is linear (the
 * chart's normal mode), so two conversions by the chart give every bar's x and every price's y.
 */
export interface Geometry {
  /** The x of bar 0 and the space between two bars. */
  x0: number;
  spacing: number;
  /** A price's y: `y0 + (price - price0) * slope`. */
  price0: number;
  y0: number;
  slope: number;
}

/** Draws the volume bars (below the candles) or the average lines (above them) of the visible range. */
class OverlayRenderer implements IPrimitivePaneRenderer {
  constructor(
    private readonly overlay: ChartOverlays,
    private readonly layer: 'volume' | 'lines',
  ) {}

  draw(target: Parameters<IPrimitivePaneRenderer['draw']>[0]): void {
    const range = this.overlay.visibleRange();
    const geometry = this.overlay.geometry();
    // biome-ignore lint/correctness/useHookAtTopLevel: the canvas target's method, not a React hook.
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio, verticalPixelRatio, bitmapSize }) => {
      if (!range || !geometry) return;
      if (this.layer === 'volume')
        this.overlay.drawVolume(context, geometry, range, horizontalPixelRatio, bitmapSize.height);
      else this.overlay.drawLines(context, geometry, range, horizontalPixelRatio, verticalPixelRatio);
    });
  }
}

class OverlayView implements IPrimitivePaneView {
  private readonly drawer: OverlayRenderer;

  constructor(
    overlay: ChartOverlays,
    private readonly layer: 'volume' | 'lines',
  ) {
    this.drawer = new OverlayRenderer(overlay, layer);
  }

  zOrder(): PrimitivePaneViewZOrder {
    return this.layer === 'volume' ? 'bottom' : 'normal';
  }

  renderer(): IPrimitivePaneRenderer {
    return this.drawer;
  }
}

/**
 * Volume bars and the MA/EMA lines, drawn by the chart's own paint from the candles' history: as series of their
 * own they would cost the chart a rebuild of every bar on each change and a set of axis views on every paint (the
 * main thread's largest allocator, and the garbage collector's pauses after it); drawn here, each paint walks only
 * the visible bars and allocates nothing per bar. Attached to the live candle series, so the lines come after the
 * candles and the volume before them.
 */
export class ChartOverlays implements ISeriesPrimitive<Time> {
  private chart: IChartApi | null = null;
  private series: ISeriesApi<'Candlestick'> | null = null;
  private requestUpdate: (() => void) | null = null;
  private readonly views: readonly IPrimitivePaneView[];
  /** What the last paint drew. */
  readonly drawn: OverlaysDrawn = { volume: 0, ma7: 0, ma25: 0, ema20: 0 };

  constructor(private readonly source: OverlaySource) {
    this.views = [new OverlayView(this, 'volume'), new OverlayView(this, 'lines')];
  }

  attached({ chart, series, requestUpdate }: SeriesAttachedParameter<Time>): void {
    this.chart = chart as IChartApi;
    this.series = series as ISeriesApi<'Candlestick'>;
    this.requestUpdate = requestUpdate;
  }

  detached(): void {
    this.chart = null;
    this.series = null;
    this.requestUpdate = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  /** Asks the chart to paint again (overlays shown or hidden, new colours). */
  redraw(): void {
    this.requestUpdate?.();
  }

  /** The visible bars (chart indices), or null before the chart has any. */
  visibleRange(): { from: number; to: number } | null {
    return this.chart?.timeScale().getVisibleLogicalRange() ?? null;
  }

  /** This paint's geometry, from two bars and two prices the chart converts; null while it has no bars. */
  geometry(): Geometry | null {
    const last = this.source.history.at(-1);
    if (!this.chart || !this.series || !last) return null;
    const scale = this.chart.timeScale();
    const x0 = scale.logicalToCoordinate(0 as Logical);
    const x1 = scale.logicalToCoordinate(1 as Logical);
    const price0 = Number(last.close);
    // Any second price does; one a percent away keeps the slope exact enough at every price.
    const price1 = price0 === 0 ? 1 : price0 * 1.01;
    const y0 = this.series.priceToCoordinate(price0);
    const y1 = this.series.priceToCoordinate(price1);
    if (x0 === null || x1 === null || y0 === null || y1 === null || !Number.isFinite(price0)) return null;
    return { x0, spacing: x1 - x0, price0, y0, slope: (y1 - y0) / (price1 - price0) };
  }

  drawVolume(
    context: CanvasRenderingContext2D,
    { x0, spacing }: Geometry,
    range: { from: number; to: number },
    ratio: number,
    height: number,
  ): void {
    this.drawn.volume = 0;
    const { colors, shown } = this.source;
    if (!shown.volume || !colors) return;
    const highest = highestVolume(this.source, range.from, range.to);
    if (highest <= 0) return;
    const first = Math.max(0, Math.floor(range.from));
    const last = Math.min(this.source.bars - 1, Math.ceil(range.to));
    const width = Math.max(1, Math.floor(spacing * ratio * VOLUME_BAR_WIDTH));
    const up = volumeColor(colors.up);
    const down = volumeColor(colors.down);
    for (let index = first; index <= last; index += 1) {
      const candle = barAt(this.source, index);
      if (!candle?.volume) continue;
      const barHeight = Math.max(1, Math.round((candle.volume / highest) * height * VOLUME_SHARE));
      context.fillStyle = Number(candle.close) >= Number(candle.open) ? up : down;
      context.fillRect(Math.round((x0 + index * spacing) * ratio - width / 2), height - barHeight, width, barHeight);
      this.drawn.volume += 1;
    }
  }

  drawLines(
    context: CanvasRenderingContext2D,
    { x0, spacing, price0, y0, slope }: Geometry,
    range: { from: number; to: number },
    ratioX: number,
    ratioY: number,
  ): void {
    const { colors, shown } = this.source;
    // One bar past each edge, so the lines run off the pane rather than stop short of it.
    const first = Math.max(0, Math.floor(range.from) - 1);
    const last = Math.min(this.source.bars - 1, Math.ceil(range.to) + 1);
    // In bitmap pixels: bar i at xStart + i * xStep, a price p at yStart + p * yStep.
    const xStart = x0 * ratioX;
    const xStep = spacing * ratioX;
    const yStep = slope * ratioY;
    const yStart = y0 * ratioY - price0 * yStep;
    const shownMa = shown.ma && colors !== null;
    const shownEma = shown.ema && colors !== null;
    context.lineWidth = Math.max(1, Math.floor(ratioX));
    context.lineJoin = 'round';
    this.drawn.ma7 = shownMa
      ? this.strokeLine(context, 'ma7', colors.ma7, first, last, xStart, xStep, yStart, yStep)
      : 0;
    this.drawn.ma25 = shownMa
      ? this.strokeLine(context, 'ma25', colors.ma25, first, last, xStart, xStep, yStart, yStep)
      : 0;
    this.drawn.ema20 = shownEma
      ? this.strokeLine(context, 'ema20', colors.ema20, first, last, xStart, xStep, yStart, yStep)
      : 0;
  }

  /** Strokes one average over bars `first`..`last` (a gap where it has no value); returns the points drawn. */
  private strokeLine(
    context: CanvasRenderingContext2D,
    key: LineKey,
    color: string,
    first: number,
    last: number,
    xStart: number,
    xStep: number,
    yStart: number,
    yStep: number,
  ): number {
    const { history, bars } = this.source;
    const offset = bars - history.length;
    context.strokeStyle = color;
    context.beginPath();
    let points = 0;
    let isDrawing = false;
    for (let index = Math.max(first, offset); index <= last; index += 1) {
      const value = history[index - offset][key];
      if (value === undefined) {
        isDrawing = false;
        continue;
      }
      if (isDrawing) context.lineTo(xStart + index * xStep, yStart + value * yStep);
      else context.moveTo(xStart + index * xStep, yStart + value * yStep);
      isDrawing = true;
      points += 1;
    }
    context.stroke();
    return points;
  }
}
