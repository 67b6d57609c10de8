import { describe, expect, it } from 'vitest';
import { parseFavouriteId } from '../../../../engine/rules/favourites';
import { isTradeShortcutShown, TRADE_SHORTCUT } from '../../../../engine/rules/trade-shortcut';

describe('TRADE_SHORTCUT', () => {
  it('is the spec’s USDTBRL_SPBL: the USDT/BRL spot pair', () => {
    expect(parseFavouriteId(TRADE_SHORTCUT.id)).toEqual({ kind: 'spot', symbol: TRADE_SHORTCUT.symbol });
    expect(`${TRADE_SHORTCUT.base}${TRADE_SHORTCUT.quote}`).toBe(TRADE_SHORTCUT.symbol);
  });
});

describe('isTradeShortcutShown', () => {
  it('shows the shortcut to someone whose display currency is BRL, in any locale', () => {
    expect(isTradeShortcutShown('BRL', 'en')).toBe(true);
    expect(isTradeShortcutShown('BRL', 'ja')).toBe(true);
  });

  it('shows the shortcut in the Brazil locale, whatever the currency', () => {
    expect(isTradeShortcutShown('USD', 'pt')).toBe(true);
    expect(isTradeShortcutShown('CNY', 'pt')).toBe(true);
  });

  it('leaves it out elsewhere, Portugal’s pt-PT included', () => {
    expect(isTradeShortcutShown('USD', 'en')).toBe(false);
    expect(isTradeShortcutShown('EUR', 'pt-PT')).toBe(false);
    expect(isTradeShortcutShown('brl', 'es')).toBe(false);
  });
});
