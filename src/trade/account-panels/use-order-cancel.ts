import { useT } from '../../i18n/i18n';
import { showToast } from '../../ui/toast/toast-state';
import { errorText, type TradeApi } from '../trade-api';
import type { TradeOrder } from '../trade-replies';
import { useRunOnce } from './use-run-once';

/**
 * Cancelling open orders of one market, each with its own loading state: a second press while one is in flight does
 * nothing; the outcome is told in a toast, and `onCancelled` runs after a cancel the gateway took.
 */
export function useOrderCancel(
  api: Pick<TradeApi, 'cancelSpotOrder' | 'cancelFuturesOrder'>,
  market: 'spot' | 'futures',
  onCancelled: (order: TradeOrder) => void,
) {
  const t = useT();
  const { running: cancelling, run } = useRunOnce();
  const cancel = (order: TradeOrder) =>
    run(order.orderId, async () => {
      try {
        if (market === 'futures') await api.cancelFuturesOrder(order.symbol, order.orderId);
        else await api.cancelSpotOrder(order.symbol, order.orderId);
        showToast({ type: 'success', message: t('trade.acct.cancelled') });
        onCancelled(order);
      } catch (error) {
        showToast({ type: 'error', message: errorText(error) });
      }
    });
  return { cancelling, cancel };
}
