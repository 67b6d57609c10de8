import { describe, expect, it } from 'vitest';
import { STALE_RELOAD_WINDOW_MS, type StaleChunkDeps, watchStaleChunks } from '../../../src/platform/stale-chunks';

/** A page: its address, a clock, session storage, and the reloads it was asked for. */
function fakePage(href = 'https://exchange.test/login') {
  const stored = new Map<string, string>();
  const page = {
    href,
    now: 1_000_000,
    reloads: 0,
    deps: null as unknown as StaleChunkDeps,
  };
  page.deps = {
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    now: () => page.now,
    href: () => page.href,
    reload: () => {
      page.reloads += 1;
    },
  };
  return { page, stored };
}

/** Dispatches a failed chunk load as Vite does; true when the handler kept it from reaching the route. */
function failChunk(target: EventTarget): boolean {
  const event = new Event('vite:preloadError', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('watchStaleChunks', () => {
  it('loads the page again once when a chunk of an old build fails, not again for the same address soon after', () => {
    const target = new EventTarget();
    const { page } = fakePage();
    watchStaleChunks(target, page.deps);
    expect(failChunk(target)).toBe(true);
    expect(page.reloads).toBe(1);
    // The chunk is missing on the new build too: the route shows its error, no loop.
    page.now += 5_000;
    expect(failChunk(target)).toBe(false);
    expect(page.reloads).toBe(1);
    // Later, or elsewhere, a failure is again taken for a deploy.
    page.now += STALE_RELOAD_WINDOW_MS;
    expect(failChunk(target)).toBe(true);
    page.href = 'https://exchange.test/spot/BTCUSDT';
    page.now += 1;
    expect(failChunk(target)).toBe(true);
    expect(page.reloads).toBe(3);
  });

  it('leaves alone the chunk loads a page on its way out ends, and watches again once it is shown again', () => {
    const target = new EventTarget();
    const { page } = fakePage();
    watchStaleChunks(target, page.deps);
    // Kept from the route (no error in a page that is going), and no reload.
    target.dispatchEvent(new Event('beforeunload'));
    expect(failChunk(target)).toBe(true);
    expect(page.reloads).toBe(0);
    target.dispatchEvent(new Event('pageshow'));
    target.dispatchEvent(new Event('pagehide'));
    expect(failChunk(target)).toBe(true);
    expect(page.reloads).toBe(0);
    // Restored from the back-forward cache, a failure is again taken for a deploy.
    target.dispatchEvent(new Event('pageshow'));
    expect(failChunk(target)).toBe(true);
    expect(page.reloads).toBe(1);
  });

  it('reads a stored value it did not write as none, and never reloads without session storage', () => {
    const target = new EventTarget();
    const { page, stored } = fakePage();
    stored.set('stale_chunk_reload', '{not json');
    watchStaleChunks(target, page.deps);
    expect(failChunk(target)).toBe(true);
    const locked = new EventTarget();
    const { page: lockedPage } = fakePage();
    lockedPage.deps.storage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    watchStaleChunks(locked, lockedPage.deps);
    expect(failChunk(locked)).toBe(false);
    expect(lockedPage.reloads).toBe(0);
  });
});
