import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { BookLevel } from '../../../../engine/market/book-checksum';
import { buildDepth, resyncingDepth } from '../../../../engine/market/book-depth';
import { createFeedFormat } from '../../../../engine/market/feed-format';
import { ChartPanel } from '../../../../src/trade/market/ChartPanel';
import { DepthChart } from '../../../../src/trade/market/DepthChart';
import { FeedStore } from '../../../../src/trade/market/feed-store';
import { CHART_MODE_KEY, chooseChartMode } from '../../../../src/trade/market/panel-modes';
import '../../ui/helpers';
import '../../../../src/trade/trade-page.css';

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
const EN = createFeedFormat('en', 1, 4);
const depthOf = (bids: BookLevel[], asks: BookLevel[]) =>
  buildDepth(bids, asks, EN, { pricePlaces: 1, valuePlaces: 2 });
/** The market worker's depth of this book: bids to 100.2 (3.5 BTC, 351.40 USDT), asks to 100.8 (4 BTC, 402.90 USDT). */
const DEPTH = depthOf(BIDS, ASKS);

afterEach(() => {
  chooseChartMode('candles');
  localStorage.removeItem(CHART_MODE_KEY);
});

async function depthChart(theme = 'dark') {
  const store = new FeedStore();
  const view = (next: string) => (
    <div style={{ inlineSize: '640px', blockSize: '320px', display: 'flex', flexDirection: 'column' }}>
      <DepthChart store={store} base="BTC" quote="USDT" theme={next} />
    </div>
  );
  const screen = await render(view(theme));
  const host = screen.getByTestId('depth-chart').element() as HTMLElement;
  const canvas = host.querySelector('canvas')!;
  return { store, screen, host, canvas, rerender: (next: string) => screen.rerender(view(next)) };
}

/** The colour of the canvas at a CSS-px point (unpremultiplied RGBA). */
function pixel(canvas: HTMLCanvasElement, x: number, y: number): number[] {
  const scale = canvas.width / canvas.clientWidth;
  return [...canvas.getContext('2d')!.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data];
}

/** A point inside the bids' area (bottom left) and inside the asks' (bottom right), clear of the axes' labels. */
const inBids = (canvas: HTMLCanvasElement) => pixel(canvas, 8, canvas.clientHeight - 26);
const inAsks = (canvas: HTMLCanvasElement) => pixel(canvas, canvas.clientWidth - 48, canvas.clientHeight - 26);

function near(actual: number[], rgb: [number, number, number], tolerance = 16): boolean {
  return actual[3] > 0 && rgb.every((channel, i) => Math.abs(actual[i] - channel) <= tolerance);
}

function pointerAt(host: HTMLElement, x: number, type = 'pointermove') {
  const box = host.getBoundingClientRect();
  host.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      clientX: box.left + x,
      clientY: box.top + 100,
      pointerType: 'mouse',
      // React makes its leave events from `pointerout` to an element outside.
      relatedTarget: type === 'pointerout' ? document.body : null,
    }),
  );
}

const tipFigures = (screen: Awaited<ReturnType<typeof depthChart>>['screen']) =>
  [...screen.getByTestId('depth-tip').element().querySelectorAll('dd')].map((dd) => dd.textContent);

describe('ChartPanel depth view', () => {
  it('switches between the chart and the depth, remembers the choice, and asks the feed for the depth meanwhile', async () => {
    const store = new FeedStore();
    const screen = await render(
      <div style={{ width: 640, height: 420 }}>
        <ChartPanel store={store} base="BTC" quote="USDT" pricePlaces={1} channel="candle1m" onChannel={() => {}} />
      </div>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Chart view' });
    await expect.element(group.getByRole('radio', { name: 'Chart' })).toBeChecked();
    expect(store.isDepthShown).toBe(false);
    await group.getByRole('radio', { name: 'Depth' }).click();
    await expect.element(screen.getByRole('figure', { name: 'Depth chart' })).toHaveAttribute('data-status', 'loading');
    expect(store.isDepthShown).toBe(true);
    expect(localStorage.getItem(CHART_MODE_KEY)).toBe('depth');
    // The K-line's tools go with it.
    expect(screen.getByRole('group', { name: 'Chart interval' }).query()).toBeNull();
    store.applyDepth(DEPTH);
    await expect.element(screen.getByRole('figure', { name: 'Depth chart' })).toHaveAttribute('data-status', 'live');
    const canvas = screen.container.querySelector<HTMLCanvasElement>('.depth-chart__canvas')!;
    await expect.poll(() => inBids(canvas)[3]).toBeGreaterThan(0);
    await group.getByRole('radio', { name: 'Chart' }).click();
    await expect.element(screen.getByRole('group', { name: 'Chart interval' })).toBeInTheDocument();
    expect(store.isDepthShown).toBe(false);
    expect(localStorage.getItem(CHART_MODE_KEY)).toBe('candles');
  });
});

describe('DepthChart', () => {
  it('shows the exact price, cumulative amount and value of the level under the crosshair, as the book moves', async () => {
    const { store, screen, host } = await depthChart();
    store.applyDepth(DEPTH);
    await expect.element(screen.getByRole('figure')).toHaveAttribute('data-status', 'live');
    const tip = screen.getByTestId('depth-tip');
    pointerAt(host, 1);
    await expect.element(tip).toBeVisible();
    expect(tip.element().querySelectorAll('dt')[0].textContent).toBe('Price (USDT)');
    expect(tip.element().querySelectorAll('dt')[1].textContent).toBe('Cumulative amount (BTC)');
    expect(tip.element().querySelectorAll('dt')[2].textContent).toBe('Total value (USDT)');
    await expect.poll(() => tipFigures(screen)).toEqual(['100.2', '3.5000', '351.40']);
    expect(tip.element().dataset.side).toBe('bid');
    pointerAt(host, host.clientWidth - 40);
    await expect.poll(() => tipFigures(screen)).toEqual(['100.8', '4.0000', '402.90']);
    expect(tip.element().dataset.side).toBe('ask');
    // A new depth under a still pointer: the figures follow the book.
    store.applyDepth(
      depthOf(BIDS, [
        ['100.6', '1.5000'],
        ['100.8', '0.5000'],
        ['101.0', '1.0000'],
      ]),
    );
    await expect.poll(() => tipFigures(screen)).toEqual(['100.8', '2.0000', '201.30']);
    pointerAt(host, 10, 'pointerout');
    await expect.element(tip).not.toBeVisible();
  });

  it('says the mid price and each side in words for assistive technology', async () => {
    const { store, screen } = await depthChart();
    store.applyDepth(DEPTH);
    await expect
      .element(screen.getByText(/^Mid price/))
      .toHaveTextContent(
        'Mid price 100.55. Bids down to 100.2: 3.5000 BTC in all. Asks up to 100.8: 4.0000 BTC in all.',
      );
  });

  it('shows loading, rebuilding, empty and failed states instead of a picture', async () => {
    const { store, screen, canvas } = await depthChart();
    const figure = screen.getByRole('figure');
    await expect.element(figure).toHaveAttribute('data-status', 'loading');
    store.applyDepth(resyncingDepth());
    await expect.element(screen.getByText('Rebuilding the order book…')).toBeInTheDocument();
    store.applyDepth(depthOf([], []));
    await expect.element(screen.getByText('No orders in the book yet.')).toBeInTheDocument();
    expect(inBids(canvas)[3]).toBe(0);
    store.applyDepth('unavailable');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The depth chart could not be loaded.');
  });

  it('repaints in the colours of a new theme', async () => {
    const { store, canvas, rerender } = await depthChart('dark');
    store.applyDepth(DEPTH);
    // The dark theme's up and down (tokens.css).
    await expect.poll(() => near(inBids(canvas), [0x2e, 0xbd, 0x85])).toBe(true);
    expect(near(inAsks(canvas), [0xf8, 0x5f, 0x73])).toBe(true);
    document.documentElement.dataset.theme = 'light';
    await rerender('light');
    await expect.poll(() => near(inBids(canvas), [0x00, 0x7a, 0x4d])).toBe(true);
    expect(near(inAsks(canvas), [0xc4, 0x26, 0x3f])).toBe(true);
  });

  it('keeps prices running left to right on a right-to-left page', async () => {
    document.documentElement.dir = 'rtl';
    const { store, canvas, host, screen } = await depthChart();
    store.applyDepth(DEPTH);
    await expect.poll(() => near(inBids(canvas), [0x2e, 0xbd, 0x85])).toBe(true);
    expect(near(inAsks(canvas), [0xf8, 0x5f, 0x73])).toBe(true);
    pointerAt(host, 1);
    await expect.poll(() => tipFigures(screen)).toEqual(['100.2', '3.5000', '351.40']);
  });
});
