const SYMBOL = /^[A-Z0-9]{2,20}$/;

/**
 * The public REST read of one trading screen's instrument (market-data contract): the spot pair from the symbols
 * list, the perpetual from the contracts list. Throws a TypeError naming the field on bad input.
 */
export function instrumentPath(market: 'spot' | 'futures', symbol: string): string {
  if (market !== 'spot' && market !== 'futures') throw new TypeError('market must be spot or futures');
  if (typeof symbol !== 'string' || !SYMBOL.test(symbol))
    throw new TypeError('symbol must be 2 to 20 capital letters or digits');
  return market === 'spot'
    ? `/api/v2/spot/public/symbols?symbol=${symbol}`
    : `/api/v2/mix/market/contracts?productType=USDT-FUTURES&symbol=${symbol}`;
}
