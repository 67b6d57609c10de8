import { describe, expect, it } from 'vitest';
import {
  favouriteId,
  MAX_FAVOURITES,
  parseFavouriteId,
  parseFavourites,
  toggleFavourite,
} from '../../../../engine/rules/favourites';

describe('favouriteId', () => {
  it('names spot and USDT-M markets apart, as the spec writes its symbols', () => {
    expect(favouriteId('spot', 'BTCUSDT')).toBe('BTCUSDT_SPBL');
    expect(favouriteId('futures', 'BTCUSDT')).toBe('BTCUSDT_UMCBL');
    expect(parseFavouriteId('BGBUSDT_SPBL')).toEqual({ kind: 'spot', symbol: 'BGBUSDT' });
    expect(parseFavouriteId('ETHUSDT_UMCBL')).toEqual({ kind: 'futures', symbol: 'ETHUSDT' });
  });

  it('refuses ids that are not a market', () => {
    for (const bad of ['BTCUSDT', 'btcusdt_SPBL', 'BTC-USDT_SPBL', '_SPBL', 'BTCUSDT_DMCBL', '<b>_SPBL']) {
      expect(parseFavouriteId(bad)).toBeNull();
    }
  });
});

describe('parseFavourites', () => {
  it('reads a stored list in its order', () => {
    expect(parseFavourites('["ETHUSDT_UMCBL","USDTBRL_SPBL"]')).toEqual(['ETHUSDT_UMCBL', 'USDTBRL_SPBL']);
  });

  it('drops only the malformed entries and repeats, keeping the rest', () => {
    const raw = JSON.stringify(['BTCUSDT_SPBL', 42, null, 'x', 'BTCUSDT_SPBL', { a: 1 }, 'BGBUSDT_SPBL']);
    expect(parseFavourites(raw)).toEqual(['BTCUSDT_SPBL', 'BGBUSDT_SPBL']);
  });

  it('reads broken or foreign storage as no favourites, without throwing', () => {
    for (const raw of [null, '', '{', '"BTCUSDT_SPBL"', '{"0":"BTCUSDT_SPBL"}', 'null', '7']) {
      expect(parseFavourites(raw)).toEqual([]);
    }
  });

  it(`keeps at most ${MAX_FAVOURITES}`, () => {
    const many = Array.from({ length: MAX_FAVOURITES + 20 }, (_, i) => `C${i}USDT_SPBL`);
    const list = parseFavourites(JSON.stringify(many));
    expect(list).toHaveLength(MAX_FAVOURITES);
    expect(list[0]).toBe('C0USDT_SPBL');
  });
});

describe('toggleFavourite', () => {
  it('adds at the end, then removes', () => {
    const added = toggleFavourite(['ETHUSDT_UMCBL'], 'BTCUSDT_SPBL');
    expect(added).toEqual({ ok: true, list: ['ETHUSDT_UMCBL', 'BTCUSDT_SPBL'], isFavourite: true });
    const removed = toggleFavourite(added.ok ? added.list : [], 'ETHUSDT_UMCBL');
    expect(removed).toEqual({ ok: true, list: ['BTCUSDT_SPBL'], isFavourite: false });
  });

  it('refuses a new one when the list is full, but still removes', () => {
    const full = Array.from({ length: MAX_FAVOURITES }, (_, i) => `C${i}USDT_SPBL`);
    expect(toggleFavourite(full, 'BTCUSDT_SPBL')).toEqual({ ok: false, reason: 'full' });
    const removed = toggleFavourite(full, 'C5USDT_SPBL');
    expect(removed.ok && removed.list).toHaveLength(MAX_FAVOURITES - 1);
  });

  it('refuses an id that is not a market', () => {
    expect(toggleFavourite([], 'BTCUSDT')).toEqual({ ok: false, reason: 'bad-id' });
  });
});
