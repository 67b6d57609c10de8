/** The public contracts list's BTCUSDT row, as the gateway and the exchange send it (market-data contract). */
export const CONTRACT_ROW = {
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  minTradeNum: '0.0001',
  minTradeUSDT: '5',
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0006',
  pricePlace: '1',
  priceEndStep: '5',
  volumePlace: '4',
  sizeMultiplier: '0.0001',
  maxLever: '125',
};
/** A public reply envelope around `data`. */
export const ok = (data: unknown[]) => ({ code: '00000', msg: 'success', data });
