import { useMemo } from 'react';
import { useIntlTag } from '../i18n/i18n';
import { useMarkets } from '../markets/use-markets';

/** The spot list changes with a listing, not with prices: read it again this seldom. */
const PAIRS_POLL_MS = 10 * 60_000;

/**
 * The spot pairs the exchange lists, as the market worker reads them (market-data contract, REST): empty until
 * known, so a link to a pair's trading screen is offered only where the pair exists.
 */
export function useSpotPairs(): ReadonlySet<string> {
  const intl = useIntlTag();
  const rows = useMarkets('spot', intl, { pollMs: PAIRS_POLL_MS }).frame?.rows;
  return useMemo(() => new Set((rows ?? []).map((row) => row.symbol)), [rows]);
}
