import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { FAVOURITES_KEY, MAX_FAVOURITES } from '../../../engine/rules/favourites';
import { favouritesState, toggleFavouriteMarket, useFavourites } from '../../../src/settings/favourites';

function Shown() {
  return <output data-testid="favourites">{useFavourites().join(',')}</output>;
}

afterEach(() => {
  localStorage.removeItem(FAVOURITES_KEY);
  favouritesState.ids = [];
});

describe('favourite markets', () => {
  it('stores a starred market and drops it when unstarred', () => {
    expect(toggleFavouriteMarket('futures', 'ETHUSDT')).toMatchObject({ ok: true, isFavourite: true });
    expect(toggleFavouriteMarket('spot', 'BTCUSDT')).toMatchObject({ ok: true, isFavourite: true });
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '')).toEqual(['ETHUSDT_UMCBL', 'BTCUSDT_SPBL']);
    toggleFavouriteMarket('futures', 'ETHUSDT');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '')).toEqual(['BTCUSDT_SPBL']);
  });

  it('refuses a new one past the cap and keeps the stored list as it was', () => {
    const full = Array.from({ length: MAX_FAVOURITES }, (_, i) => `C${i}USDT_SPBL`);
    favouritesState.ids = full;
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify(full));
    expect(toggleFavouriteMarket('spot', 'BTCUSDT')).toEqual({ ok: false, reason: 'full' });
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '')).toHaveLength(MAX_FAVOURITES);
  });

  it('follows another tab (the storage event), keeping only the valid entries it wrote', async () => {
    const screen = await render(<Shown />);
    const newValue = JSON.stringify(['BGBUSDT_SPBL', '<img>', 'ETHUSDT_UMCBL']);
    window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY, newValue }));
    await expect.element(screen.getByTestId('favourites')).toHaveTextContent('BGBUSDT_SPBL,ETHUSDT_UMCBL');
    window.dispatchEvent(new StorageEvent('storage', { key: 'global_theme', newValue: 'light' }));
    await expect.element(screen.getByTestId('favourites')).toHaveTextContent('BGBUSDT_SPBL,ETHUSDT_UMCBL');
    window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY, newValue: '{broken' }));
    await expect.element(screen.getByTestId('favourites')).toHaveTextContent(/^$/);
  });
});
