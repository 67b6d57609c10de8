import { useEffect, useState, useSyncExternalStore } from 'react';
import { ledgerInputOf } from './ledger-input';
import { type PositionRowsSnapshot, PositionRowsFeed } from './position-rows';
import type { FuturesAccount, FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { useIntlTag } from '../use-number-text';

/** The maths worker's display rows for the account's positions, set again whenever the positions or the account change. */
export function usePositionRows(
  positions: readonly FuturesPositionRow[],
  account: FuturesAccount | null,
): PositionRowsSnapshot {
  const { maths } = useTradeServices();
  const intl = useIntlTag();
  const [feed] = useState(() => new PositionRowsFeed(maths));
  useEffect(() => () => feed.close(), [feed]);
  useEffect(() => {
    void feed.setLedger(positions, ledgerInputOf(positions, account), intl);
  }, [feed, positions, account, intl]);
  return useSyncExternalStore(feed.subscribe, feed.getSnapshot);
}
