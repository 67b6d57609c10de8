import { fresh, useRead } from '../api/use-read';
import { type FundRange, fetchFundHistory, fetchFundPayouts, fetchFundSummary } from './fund-api';

const readSummary = fresh(fetchFundSummary);
const readPayouts = fresh(() => fetchFundPayouts());

/** The fund's summary (public). */
export const useFundSummary = () => useRead(readSummary, { needsSession: false });

/** The fund's history over the chosen range (public): a new range reads again. */
export const useFundHistory = (days: FundRange) =>
  useRead(
    fresh(() => fetchFundHistory(days)),
    { key: String(days), needsSession: false },
  );

/** The latest payouts (public). */
export const useFundPayouts = () => useRead(readPayouts, { needsSession: false });
