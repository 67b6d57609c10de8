import { useCallback } from 'react';
import { useT } from '../../i18n/i18n';
import { showToast } from '../../ui/toast/toast-state';
import { errorText } from '../trade-api';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { useRunOnce } from './use-run-once';

/**
 * Flash close, as the exchange's positions offer it: one press closes the whole position at market, with no dialog.
 * A second press on the same position while the first is out does nothing; the outcome is told in a toast.
 */
export function useFlashClose(): (position: FuturesPositionRow) => void {
  const t = useT();
  const { api, store } = useTradeServices();
  const { run } = useRunOnce();
  return useCallback(
    (position: FuturesPositionRow) => {
      const side = position.holdSide === 'long' ? t('trade.acct.long') : t('trade.acct.short');
      void run(`${position.symbol}:${position.holdSide}`, () =>
        api.closePosition(position.symbol, position.holdSide).then(
          () => {
            showToast({ type: 'success', message: t('trade.pos.flashClosed', { symbol: position.symbol, side }) });
            store.refresh('positions', 'futuresAccount', 'history');
          },
          (error: unknown) => {
            showToast({ type: 'error', message: errorText(error) });
          },
        ),
      );
    },
    [api, store, t, run],
  );
}
