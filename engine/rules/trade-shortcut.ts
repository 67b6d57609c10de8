import type { Locale } from './locales';

/**
 * Spec §3 "Default symbols: USDTBRL_SPBL (trade shortcut)": the spot pair the markets page offers as a one-tap way
 * to buy USDT with Brazilian reais.
 */
export const TRADE_SHORTCUT = Object.freeze({ id: 'USDTBRL_SPBL', symbol: 'USDTBRL', base: 'USDT', quote: 'BRL' });

/**
 * Whether the markets page shows the trade shortcut (spec §3): to someone who counts in the pair's quote currency
 * (the settings `unit` is BRL) or reads the Brazil locale (`pt`; `pt-PT` is Portugal's). Everyone else still finds
 * the pair in the markets list.
 */
export function isTradeShortcutShown(unit: string, locale: Locale): boolean {
  return unit === TRADE_SHORTCUT.quote || locale === 'pt';
}
