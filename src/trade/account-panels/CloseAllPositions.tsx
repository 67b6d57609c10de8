import { useT } from '../../i18n/i18n';
import { useTradeServices } from '../trade-services';
import { showToast } from '../../ui/toast/toast-state';
import { ConfirmedPanelAction } from './ConfirmedPanelAction';

export interface CloseAllPositionsProps {
  /** How many positions are open (the button shows when there is one or more). */
  count: number;
}

/** The Close all button above the positions: asks first, then closes every position at market in one call. */
export function CloseAllPositions({ count }: CloseAllPositionsProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  if (count === 0) return null;
  return (
    <ConfirmedPanelAction
      label={t('trade.pos.closeAll')}
      title={t('trade.pos.closeAllTitle')}
      body={t('trade.pos.closeAllBody', { count })}
      confirmLabel={t('trade.pos.closeAllConfirm')}
      run={async () => {
        const result = await api.closeAllPositions();
        if (result.closed > 0)
          showToast({ type: 'success', message: t('trade.pos.closeAllDone', { count: result.closed }) });
        if (result.failed > 0)
          showToast({ type: 'error', message: t('trade.pos.closeAllFailed', { count: result.failed }) });
        store.refresh('positions', 'futuresAccount', 'history');
      }}
    />
  );
}
