import { readTradeSymbol, type TradeSearch, tradeSearch } from '../trade/trade-route';

/** The market an in-app page opens when its URL names none (spec §2.1's default pair). */
export const DEFAULT_APP_SYMBOL = 'BTCUSDT';

/**
 * Search params of the in-app pages: the symbol, when well-formed (`/trade-spot?symbol=ETHUSDT`), and on the trading
 * pages the chart's interval as on the web's.
 */
export interface AppSymbolSearch extends TradeSearch {
  symbol?: string;
}

/** Keeps a well-formed `symbol` (upper-cased) and `interval`; anything else is dropped (the default pair opens). */
export function appSymbolSearch(search: Record<string, unknown>): AppSymbolSearch {
  const symbol = readTradeSymbol(search.symbol);
  return { ...(symbol ? { symbol } : {}), ...tradeSearch(search) };
}
