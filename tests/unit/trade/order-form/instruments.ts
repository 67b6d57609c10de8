import type { TradeInstrument } from '../../../../engine/market/trade-instrument';

/** BTCUSDT spot as the order form tests trade it: 0.01 price step, 0.0001 size step, fees 0.1 %. */
export const SPOT: TradeInstrument = {
  market: 'spot',
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  pricePlaces: 2,
  priceStep: '0.01',
  sizePlaces: 4,
  sizeStep: '0.0001',
  minSize: '0.0001',
  minNotional: '1',
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  maxLever: 1,
};
