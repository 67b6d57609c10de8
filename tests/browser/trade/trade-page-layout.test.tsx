import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SETTING_KEYS } from '../../../engine/rules/settings';
import { loadSettings, settingsState, updateSetting } from '../../../src/settings/settings';
import { TradePage } from '../../../src/trade/TradePage';
import { readCookie } from '../../../src/platform/storage';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';
import { FUTURES, services, stubApi, withServices } from './trade-harness';

// The market stays silent (no worker, no stream): this file is about where the panels stand, not what they show.
vi.mock('../../../src/trade/market/use-trade-feed', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/trade/market/use-trade-feed')>();
  const { FeedStore } = await import('../../../src/trade/market/feed-store');
  const store = new FeedStore();
  return {
    ...original,
    useTradeFeed: () => ({ store, canvases: null, failure: null, retry: () => undefined }),
  };
});

const disposers: (() => void)[] = [];

/** The desktop or phone trading screen of BTCUSDT futures, signed in, with stubbed account services. */
async function openScreen() {
  const value = services(stubApi());
  disposers.push(() => value.store.dispose());
  await renderAtPath('/futures/usdt/BTCUSDT', () =>
    withServices(value, <TradePage instrument={FUTURES} interval="candle15m" />),
  );
  await expect.element(page.getByTestId('ticker')).toBeVisible();
}

const box = (selector: string) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`${selector} is not on the page`);
  return element.getBoundingClientRect();
};
/** The order form's column and the chart's, left to right on the screen. */
const columns = () => ({ form: box('.trade__form'), chart: box('.trade__chart') });
const choice = (name: string) => page.getByRole('radio', { name, exact: true });

/** Forgets the setting as a first visit would have it: nothing stored, no cookie. */
function forgetLayout() {
  localStorage.removeItem(SETTING_KEYS.layout);
  // Expired, as a cleared browser would have it.
  document.cookie = 'layout=; max-age=0; path=/';
  settingsState.layout = 'right';
}

beforeEach(forgetLayout);
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  forgetLayout();
});

describe('the order form side on a 1366 px desktop (spec §3 layout)', () => {
  beforeEach(async () => {
    await page.viewport(1366, 768);
  });

  it('stands right of the chart by default and left of it once "left" is picked, at once', async () => {
    await openScreen();
    await expect.element(page.getByRole('radiogroup', { name: 'Order form position' })).toBeVisible();
    await expect.element(choice('Order form on the right')).toBeChecked();
    let { form, chart } = columns();
    expect(form.left).toBeGreaterThanOrEqual(chart.right);

    await userEvent.click(choice('Order form on the left'));
    await expect.element(choice('Order form on the left')).toBeChecked();
    ({ form, chart } = columns());
    expect(form.right).toBeLessThanOrEqual(chart.left);
    // The book keeps its place beside the chart, now at the screen's end; the account panels still run full width.
    expect(box('.trade__book').left).toBeGreaterThanOrEqual(chart.right);
    expect(box('.trade__account').width).toBeGreaterThan(1366 * 0.95);

    await userEvent.click(choice('Order form on the right'));
    ({ form, chart } = columns());
    expect(form.left).toBeGreaterThanOrEqual(chart.right);
  });

  it('keeps the choice in local storage and the 365-day layout cookie', async () => {
    await openScreen();
    await userEvent.click(choice('Order form on the left'));
    expect(localStorage.getItem(SETTING_KEYS.layout)).toBe('left');
    expect(readCookie('layout')).toBe('left');
    // Chromium's cookie store tells the expiry (ms since the epoch); TypeScript's DOM types name only name and value.
    const cookie = (await cookieStore.get('layout')) as (CookieListItem & { expires?: number | null }) | null;
    const days = ((cookie?.expires ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    await userEvent.click(choice('Order form on the right'));
    expect(localStorage.getItem(SETTING_KEYS.layout)).toBe('right');
    expect(readCookie('layout')).toBe('right');
  });

  it('opens with the kept choice after a reload, from local storage or, without it, the cookie', async () => {
    // Kept as the picker keeps it (the test above), then read again as main.tsx does before the first render.
    updateSetting('layout', 'left');
    settingsState.layout = 'right';
    loadSettings();
    expect(settingsState.layout).toBe('left');

    localStorage.removeItem(SETTING_KEYS.layout);
    settingsState.layout = 'right';
    loadSettings();
    expect(settingsState.layout).toBe('left');

    await openScreen();
    await expect.element(choice('Order form on the left')).toBeChecked();
    const { form, chart } = columns();
    expect(form.right).toBeLessThanOrEqual(chart.left);
  });

  it('follows a choice made in another tab', async () => {
    await openScreen();
    localStorage.setItem(SETTING_KEYS.layout, 'left');
    // What the browser tells this tab when another one writes the key.
    window.dispatchEvent(new StorageEvent('storage', { key: SETTING_KEYS.layout, newValue: 'left' }));
    await expect.element(choice('Order form on the left')).toBeChecked();
    const { form, chart } = columns();
    expect(form.right).toBeLessThanOrEqual(chart.left);
  });

  it('puts "left" on the start side in Arabic, mirrored with the page: the form at the right', async () => {
    document.documentElement.dir = 'rtl';
    updateSetting('layout', 'left');
    await openScreen();
    const { form, chart } = columns();
    expect(form.left).toBeGreaterThanOrEqual(chart.right);
  });
});

describe('the order form side on a 375 px phone', () => {
  beforeEach(async () => {
    await page.viewport(375, 812);
  });

  it('changes nothing: one column either way, and nothing to pick', async () => {
    await openScreen();
    expect(document.querySelector('[data-testid="form-side"]')).toBeNull();
    const before = { form: box('.trade__form'), tabs: box('.trade__mobile-tabs') };
    updateSetting('layout', 'left');
    await expect.poll(() => document.querySelector('.trade')?.getAttribute('data-form-side')).toBe('left');
    const after = { form: box('.trade__form'), tabs: box('.trade__mobile-tabs') };
    expect(after).toEqual(before);
    // The form is under the market panels, as wide as they are.
    expect(after.form.top).toBeGreaterThanOrEqual(after.tabs.bottom);
    expect(after.form.width).toBeCloseTo(after.tabs.width, 0);
  });
});
