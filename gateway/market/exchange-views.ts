import type { Candle } from './candles';
import type { InstrumentSpec } from './instruments';
import type { TickerSnapshot, TradeTick } from './market-types';
import { formatScaled } from './scaled-decimal';

/** A spot symbol as `GET /api/v2/spot/public/symbols` lists it; every value a string. */
export type SpotSymbolView = Record<string, string>;
/** A futures contract as `GET /api/v2/mix/market/contracts` lists it. */
export type ContractView = Record<string, string | string[]>;
/** A ticker as the public v2 REST API sends it. */
export type TickerView = Record<string, string | null>;
/** A ticker as the public v2 stream's `ticker` channel sends it (futures add `symbolType`, an integer). */
export type StreamTickerView = Record<string, string | number>;
/** A public trade as `GET …/market/fills` lists it. */
export type FillView = Record<string, string>;
/** Where a candle's columns go: the stream and the two REST flavours order the volumes differently. */
export type CandleLayout = 'stream' | 'spot-rest' | 'futures-rest';

/** Maps an instrument to the spot symbol fields of the public v2 API. */
export function spotSymbolView(spec: InstrumentSpec): SpotSymbolView {
  return {
    symbol: spec.symbol,
    baseCoin: spec.baseCoin,
    quoteCoin: spec.quoteCoin,
    minTradeAmount: spec.minTradeNum,
    maxTradeAmount: '900000000000000000000',
    takerFeeRate: spec.takerFeeRate,
    makerFeeRate: spec.makerFeeRate,
    pricePrecision: String(spec.pricePlace),
    quantityPrecision: String(spec.volumePlace),
    quotePrecision: String(spec.quotePrecision),
    status: 'online',
    minTradeUSDT: spec.minTradeUSDT,
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    areaSymbol: 'no',
    orderQuantity: '200',
    openTime: '1532454360000',
    offTime: '',
  };
}

/** Maps a USDT-M instrument to the contract fields of the public v2 API. */
export function contractView(spec: InstrumentSpec): ContractView {
  return {
    symbol: spec.symbol,
    baseCoin: spec.baseCoin,
    quoteCoin: spec.quoteCoin,
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    feeRateUpRatio: '0.1',
    makerFeeRate: spec.makerFeeRate,
    takerFeeRate: spec.takerFeeRate,
    openCostUpRatio: '0.1',
    supportMarginCoins: [spec.quoteCoin],
    minTradeNum: spec.minTradeNum,
    priceEndStep: String(spec.priceEndStep),
    volumePlace: String(spec.volumePlace),
    pricePlace: String(spec.pricePlace),
    sizeMultiplier: spec.sizeMultiplier,
    symbolType: 'perpetual',
    minTradeUSDT: spec.minTradeUSDT,
    maxSymbolOrderNum: '999999',
    maxProductOrderNum: '999999',
    maxPositionNum: '150',
    symbolStatus: 'normal',
    offTime: '-1',
    limitOpenTime: '-1',
    deliveryTime: '',
    deliveryStartTime: '',
    launchTime: '',
    fundInterval: '8',
    minLever: '1',
    maxLever: spec.maxLever ?? '20',
    posLimit: '0.05',
    maintainTime: '',
    maxMarketOrderQty: '220',
    maxOrderQty: '1200',
    isRwa: 'NO',
  };
}

/** Maps a ticker to the fields of `GET /api/v2/spot/market/tickers` (24 h open is `open` there). */
export function spotTickerView(t: TickerSnapshot): TickerView {
  return {
    symbol: t.symbol,
    high24h: t.high24h,
    open: t.open24h,
    lastPr: t.lastPr,
    low24h: t.low24h,
    quoteVolume: t.quoteVolume,
    baseVolume: t.baseVolume,
    usdtVolume: t.usdtVolume,
    bidPr: t.bidPr,
    askPr: t.askPr,
    bidSz: t.bidSz,
    askSz: t.askSz,
    openUtc: t.openUtc,
    ts: t.ts,
    changeUtc24h: t.changeUtc24h,
    change24h: t.change24h,
  };
}

/** Maps a ticker to the fields of `GET /api/v2/mix/market/tickers` (perpetuals: delivery fields null or empty). */
export function futuresTickerView(t: TickerSnapshot): TickerView {
  return {
    symbol: t.symbol,
    lastPr: t.lastPr,
    askPr: t.askPr,
    bidPr: t.bidPr,
    bidSz: t.bidSz,
    askSz: t.askSz,
    high24h: t.high24h,
    low24h: t.low24h,
    ts: t.ts,
    change24h: t.change24h,
    baseVolume: t.baseVolume,
    quoteVolume: t.quoteVolume,
    usdtVolume: t.usdtVolume,
    openUtc: t.openUtc,
    changeUtc24h: t.changeUtc24h,
    indexPrice: t.indexPrice ?? t.lastPr,
    fundingRate: t.fundingRate ?? '0',
    holdingAmount: t.holdingAmount ?? '0',
    deliveryStartTime: null,
    deliveryTime: null,
    deliveryStatus: '',
    open24h: t.open24h,
    markPrice: t.markPrice ?? t.lastPr,
  };
}

/** Maps a ticker to the fields of the spot stream's `ticker` channel. */
export function spotStreamTickerView(t: TickerSnapshot): StreamTickerView {
  return {
    instId: t.symbol,
    lastPr: t.lastPr,
    open24h: t.open24h,
    high24h: t.high24h,
    low24h: t.low24h,
    change24h: t.change24h,
    bidPr: t.bidPr,
    askPr: t.askPr,
    bidSz: t.bidSz,
    askSz: t.askSz,
    baseVolume: t.baseVolume,
    quoteVolume: t.quoteVolume,
    openUtc: t.openUtc,
    changeUtc24h: t.changeUtc24h,
    ts: t.ts,
  };
}

/** Maps a ticker to the fields of the futures stream's `ticker` channel: mark, index, funding and next funding time. */
export function futuresStreamTickerView(t: TickerSnapshot): StreamTickerView {
  return {
    instId: t.symbol,
    lastPr: t.lastPr,
    bidPr: t.bidPr,
    askPr: t.askPr,
    bidSz: t.bidSz,
    askSz: t.askSz,
    open24h: t.open24h,
    high24h: t.high24h,
    low24h: t.low24h,
    change24h: t.change24h,
    fundingRate: t.fundingRate ?? '0',
    nextFundingTime: t.nextFundingTime ?? '0',
    markPrice: t.markPrice ?? t.lastPr,
    indexPrice: t.indexPrice ?? t.lastPr,
    holdingAmount: t.holdingAmount ?? '0',
    baseVolume: t.baseVolume,
    quoteVolume: t.quoteVolume,
    openUtc: t.openUtc,
    // 1 = perpetual; a perpetual's delivery price is always "0".
    symbolType: 1,
    symbol: t.symbol,
    deliveryPrice: '0',
    ts: t.ts,
  };
}

/** Maps a trade to a row of `GET /api/v2/spot/market/fills`. */
export function spotFillView(symbol: string, trade: TradeTick): FillView {
  return { symbol, tradeId: trade.tradeId, side: trade.side, price: trade.price, size: trade.size, ts: trade.ts };
}

/** Maps a trade to a row of `GET /api/v2/mix/market/fills`. */
export function futuresFillView(symbol: string, trade: TradeTick): FillView {
  return { tradeId: trade.tradeId, price: trade.price, size: trade.size, side: trade.side, ts: trade.ts, symbol };
}

/**
 * Formats a candle as the public API's string array: `[start, open, high, low, close, baseVolume, …]`, then quote and
 * USDT volume on the stream, USDT and quote volume on spot REST, and quote volume only on futures REST.
 */
export function candleRow(spec: InstrumentSpec, candle: Candle, layout: CandleLayout): string[] {
  const { pricePlace, volumePlace } = spec;
  const price = (units: number) => formatScaled(units, pricePlace);
  const base = formatScaled(candle.baseVolume, volumePlace);
  const quote = formatScaled(candle.quoteVolume, pricePlace + volumePlace);
  const usdt = spec.quoteCoin === 'USDT' ? quote : spec.baseCoin === 'USDT' ? base : '0';
  const row = [
    String(candle.start),
    price(candle.open),
    price(candle.high),
    price(candle.low),
    price(candle.close),
    base,
  ];
  if (layout === 'stream') row.push(quote, usdt);
  else if (layout === 'spot-rest') row.push(usdt, quote);
  else row.push(quote);
  return row;
}
