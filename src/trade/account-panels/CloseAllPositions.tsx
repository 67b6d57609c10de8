import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { errorText } from '../trade-api';
import { useTradeServices } from '../trade-services';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { showToast } from '../../ui/toast/toast-state';

export interface CloseAllPositionsProps {
  /** How many positions are open (the button shows when there is one or more). */
  count: number;
}

/** The Close all button above the positions: asks first, then closes every position at market in one call. */
export function CloseAllPositions({ count }: CloseAllPositionsProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (count === 0) return null;

  const confirm = async () => {
    if (closing) return;
    setClosing(true);
    setFailure(null);
    try {
      const result = await api.closeAllPositions();
      if (result.closed > 0)
        showToast({ type: 'success', message: t('trade.pos.closeAllDone', { count: result.closed }) });
      if (result.failed > 0)
        showToast({ type: 'error', message: t('trade.pos.closeAllFailed', { count: result.failed }) });
      store.refresh('positions', 'futuresAccount', 'history');
      setOpen(false);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setClosing(false);
    }
  };

  return (
    <div className="account-panels__toolbar">
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('trade.pos.closeAll')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          if (!closing) {
            setOpen(false);
            setFailure(null);
          }
        }}
        size="sm"
        title={t('trade.pos.closeAllTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={closing}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={closing} onClick={() => void confirm()} data-autofocus>
              {t('trade.pos.closeAllConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('trade.pos.closeAllBody', { count })}</p>
        {failure && (
          <p className="trade-form__error" role="alert">
            {failure}
          </p>
        )}
      </Dialog>
    </div>
  );
}
