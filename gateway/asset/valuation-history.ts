import type { CandleHistory } from '../market/candles';
import type { InstrumentSpec } from '../market/instruments';
import type { MinuteCandle } from '../market/price-history';
import type { MarketSimulator } from '../market/simulator';
import type { AssetLedger } from './asset-ledger';
import { btcFigure, type PriceOf, usdtFigure, usdtPrices, usdtValueOf, coinValue } from './valuation';

/** One UTC day in ms. */
export const DAY_MS = 86_400_000;

/**
 * One point of `GET /v1/asset/valuation-history`: a UTC day, its start (ms, as a string), the USDT figure and the BTC
 * figure at that day's BTC price (so a chart in BTC shows what the account was worth in BTC then).
 */
export interface ValuationPoint {
  day: string;
  time: string;
  usdt: string;
  btc: string;
}

/** What a history is built from. */
export interface HistoryInput {
  ledger: AssetLedger;
  simulator: MarketSimulator;
  userId: string;
  now: number;
  /** Points wanted, 1 … 90, today included. */
  days: number;
  /** Today's figures: the overview's totals, so the chart ends where the overview stands. */
  todayUsdt: string;
  todayBtc: string;
}

/**
 * The account's value per UTC day, oldest first, ending today (assets contract, "Reads"): each past day's holdings
 * at its end, from the ledger, valued at that day's closing prices (the futures wallet without unrealized PnL).
 */
export function valuationHistory(input: HistoryInput): ValuationPoint[] {
  const today = Math.floor(input.now / DAY_MS) * DAY_MS;
  const first = today - (input.days - 1) * DAY_MS;
  const past = input.ledger.holdingsAt(input.userId, first, DAY_MS, input.days - 1);
  const closes = new DailyCloses(input.simulator);
  const points = past.map((holdings, i): ValuationPoint => {
    const start = first + i * DAY_MS;
    const prices = closes.pricesAt(start + DAY_MS);
    let value = usdtValueOf(holdings.futures);
    for (const [coin, amount] of holdings.spot) value += coinValue(amount, prices(coin));
    return point(start, usdtFigure(value), btcFigure(value, prices('BTC')));
  });
  points.push(point(today, input.todayUsdt, input.todayBtc));
  return points;
}

function point(start: number, usdt: string, btc: string): ValuationPoint {
  return { day: new Date(start).toISOString().slice(0, 10), time: String(start), usdt, btc };
}

/** Closing prices of the spot pairs at past moments, from the simulator's stored candles (read once per pair). */
class DailyCloses {
  private readonly histories = new Map<string, CandleHistory | undefined>();
  private readonly specs: InstrumentSpec[];

  constructor(private readonly simulator: MarketSimulator) {
    this.specs = simulator.listInstruments('SPOT');
  }

  /** The price rule at the close before `at` (ms). */
  pricesAt(at: number): PriceOf {
    return usdtPrices(this.specs, (spec) => {
      const close = this.closeBefore(spec.symbol, at);
      return close === undefined ? undefined : BigInt(close);
    });
  }

  /** The close of the last candle starting before `at`; before the stored history, the first candle's open. */
  private closeBefore(symbol: string, at: number): number | undefined {
    if (!this.histories.has(symbol)) this.histories.set(symbol, this.simulator.getCandleHistory('SPOT', symbol));
    const history = this.histories.get(symbol);
    if (!history) return undefined;
    // A minute is finer than the hour it would otherwise fall in, so the minutes answer whenever they reach back far enough.
    const candle = lastBefore(history.minutes, at) ?? lastBefore(history.hours, at);
    if (candle) return candle.close;
    return (history.hours[0] ?? history.minutes[0])?.open;
  }
}

/** The last candle (oldest-first list) that starts before `at`, by binary search. */
function lastBefore(candles: readonly MinuteCandle[], at: number): MinuteCandle | undefined {
  let low = 0;
  let high = candles.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (candles[middle]!.start < at) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? candles[low - 1] : undefined;
}
