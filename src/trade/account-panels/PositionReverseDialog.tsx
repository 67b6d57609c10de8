import { useEffect } from 'react';
import { useT } from '../../i18n/i18n';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { showToast } from '../../ui/toast/toast-state';
import { PositionFormDialog } from './PositionFormDialog';
import { usePositionSave } from './use-position-save';

export interface PositionReverseDialogProps {
  /** The position to reverse, or null when the dialog is shut. */
  position: FuturesPositionRow | null;
  /** Its size as the table shows it. */
  sizeText: string;
  onClose(): void;
}

/**
 * Reverses a position after saying what will happen: closed whole at market and the same size opened on the other
 * side, in one request that does both or neither; a refusal stays in the dialog.
 */
export function PositionReverseDialog({ position, sizeText, onClose }: PositionReverseDialogProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  const { saving, failure, clearFailure, run } = usePositionSave();
  useEffect(() => {
    if (position) clearFailure();
  }, [position, clearFailure]);
  const long = position?.holdSide === 'long';
  const from = long ? t('trade.acct.long') : t('trade.acct.short');
  const to = long ? t('trade.acct.short') : t('trade.acct.long');

  const reverse = async () => {
    if (!position) return;
    await run(
      () => api.reversePosition(position.symbol, position.holdSide),
      () => {
        showToast({ type: 'success', message: t('trade.pos.reversed', { symbol: position.symbol, side: to }) });
        store.refresh('positions', 'futuresAccount', 'history');
        onClose();
      },
    );
  };

  return (
    <PositionFormDialog
      open={position !== null}
      title={t('trade.pos.reverseNamed', { side: from, symbol: position?.symbol ?? '' })}
      saving={saving}
      onClose={onClose}
      onSave={() => void reverse()}
      failure={failure}
      saveLabel={t('trade.pos.reverse')}
    >
      <p>
        {t('trade.pos.reverseBody', {
          size: sizeText,
          coin: position?.baseCoin ?? '',
          from,
          to,
        })}
      </p>
    </PositionFormDialog>
  );
}
