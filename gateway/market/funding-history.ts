import { type CandleHistory, FUTURES_GRANULARITIES, historyCandles } from './candles';
import { FUNDING_INTERVAL_MS, fundingMicrosOf } from './funding-model';

/** One funding settlement of a perpetual. */
export interface FundingSettlement {
  /** When it settled, ms since the epoch: 00:00, 08:00 or 16:00 UTC. */
  fundingTime: number;
  /** The rate it settled at, in 10^-6 (100 = 0.0001 = 0.01 %). */
  fundingMicros: number;
}

/** An instrument's stored candles with the decimal places of its prices. */
export interface PricedHistory {
  history: CandleHistory;
  pricePlace: number;
}

/** What a perpetual's past settlements are derived from. */
export interface FundingHistoryInput {
  perpetual: PricedHistory;
  /** The perpetual's spot pair, whose price is its index; absent for a perpetual without one. */
  index?: PricedHistory;
  /** The market's clock: a settlement at or before it has happened. */
  nowMs: number;
}

/** The hour candles `GET /api/v2/mix/market/candles` answers for `granularity=1H`, so the two agree by construction. */
const HOUR = FUTURES_GRANULARITIES['1H']!;

/**
 * A perpetual's past funding settlements, newest first, `offset` of them skipped and at most `limit` returned
 * (public API `history-fund-rate`). Each settles at the funding rule of {@link fundingMicrosOf} over the interval's
 * average premium, taken from the stored hour candles: for each of the 8 hours before the settlement that both
 * markets have, (perpetual close − index close) / index close. Without an index, or without such hours (the
 * simulator was not running then), the premium is zero and the rate is the interest rate alone. Settlements go back
 * as far as the perpetual's history covers a whole interval, so the answer depends on the candles alone.
 */
export function pastSettlements(
  input: FundingHistoryInput,
  page: { offset: number; limit: number },
): FundingSettlement[] {
  const perpetualCloses = hourCloses(input.perpetual.history);
  const first = perpetualCloses.keys().next();
  if (first.done) return [];
  const newest = Math.floor(input.nowMs / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
  const oldest = Math.ceil((first.value + FUNDING_INTERVAL_MS) / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
  const indexCloses = input.index ? hourCloses(input.index.history) : new Map<number, number>();
  // Index price units → the perpetual's price units (their places may differ, e.g. BTCUSDT spot 2, perpetual 1).
  const indexScale = input.index ? 10 ** (input.perpetual.pricePlace - input.index.pricePlace) : 1;
  const settlements: FundingSettlement[] = [];
  for (
    let fundingTime = newest - page.offset * FUNDING_INTERVAL_MS;
    fundingTime >= oldest && settlements.length < page.limit;
    fundingTime -= FUNDING_INTERVAL_MS
  ) {
    let premiumSum = 0;
    let hours = 0;
    for (let start = fundingTime - FUNDING_INTERVAL_MS; start < fundingTime; start += HOUR.intervalMs) {
      const perpetual = perpetualCloses.get(start);
      const index = indexCloses.get(start);
      if (perpetual === undefined || index === undefined) continue;
      const indexInPerpetualUnits = index * indexScale;
      premiumSum += ((perpetual - indexInPerpetualUnits) / indexInPerpetualUnits) * 1e6;
      hours += 1;
    }
    settlements.push({ fundingTime, fundingMicros: fundingMicrosOf(hours > 0 ? premiumSum / hours : 0) });
  }
  return settlements;
}

/** Each hour candle's close by its start, oldest first (a Map keeps insertion order). */
function hourCloses(history: CandleHistory): Map<number, number> {
  return new Map(historyCandles(history, HOUR).map((candle) => [candle.start, candle.close]));
}
