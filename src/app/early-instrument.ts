import { defaultParseSearch } from '@tanstack/react-router';
import { splitLanguagePrefix } from '../../engine/rules/route-languages';
import { appSymbolSearch, DEFAULT_APP_SYMBOL } from '../in-app/in-app-search';
import { readTradeSymbol, startTradeInstrument } from '../trade/trade-route';

/**
 * The instrument a trading page's address names, as its route will read it: `/spot/BTCUSDT`,
 * `/futures/usdt/BTCUSDT`, and in the app `/trade-spot?symbol=` and `/trade-swap?symbol=` (default pair when
 * missing or malformed), each with or without a language prefix. Null for any other page or a malformed symbol.
 */
export function tradeInstrumentOf(url: URL): { market: 'spot' | 'futures'; symbol: string } | null {
  const segments = splitLanguagePrefix(url.pathname)
    .rest.split('/')
    .filter((part) => part !== '');
  const [first, second, third] = segments;
  if (segments.length === 1 && (first === 'trade-spot' || first === 'trade-swap')) {
    // Read as the router reads it (its default parser: JSON values, repeated keys as arrays), so both name one pair.
    const symbol = appSymbolSearch(defaultParseSearch(url.search)).symbol ?? DEFAULT_APP_SYMBOL;
    return { market: first === 'trade-spot' ? 'spot' : 'futures', symbol };
  }
  let raw: string | undefined;
  let market: 'spot' | 'futures' = 'spot';
  if (segments.length === 2 && first === 'spot') raw = second;
  else if (segments.length === 3 && first === 'futures' && second === 'usdt') {
    raw = third;
    market = 'futures';
  }
  const symbol = raw === undefined ? null : readTradeSymbol(safeDecode(raw));
  return symbol ? { market, symbol } : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** On a trading page, starts its instrument's load now (see {@link startTradeInstrument}); elsewhere does nothing. */
export function startInstrumentOfPage(url: URL): void {
  const target = tradeInstrumentOf(url);
  if (target) startTradeInstrument(target.market, target.symbol);
}
