import { useT } from '../../i18n/i18n';
import type { FuturesPositionRow } from '../trade-replies';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface PositionCloseDialogProps {
  /** The position to close, or null when the dialog is shut. */
  position: FuturesPositionRow | null;
  /** Its size as the table shows it. */
  sizeText: string;
  base: string;
  closing: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before closing a position at market; a refusal stays in the dialog so the user can retry or cancel. */
export function PositionCloseDialog({
  position,
  sizeText,
  base,
  closing,
  error,
  onConfirm,
  onClose,
}: PositionCloseDialogProps) {
  const t = useT();
  const side = position?.holdSide === 'short' ? t('trade.acct.short') : t('trade.acct.long');
  return (
    <Dialog
      open={position !== null}
      onClose={() => {
        if (!closing) onClose();
      }}
      size="sm"
      title={t('trade.acct.closeTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={closing}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={closing} onClick={onConfirm} data-autofocus>
            {t('trade.acct.closeConfirm')}
          </Button>
        </>
      }
    >
      <p>{t('trade.acct.closeBody', { side, symbol: position?.symbol ?? '', size: sizeText, coin: base })}</p>
      {error && (
        <p className="trade-form__error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
