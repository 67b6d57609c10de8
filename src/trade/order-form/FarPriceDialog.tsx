import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface FarPriceDialogProps {
  /** How far the limit price is from the last price, or null when the dialog is shut. */
  far: { direction: 'above' | 'below'; percent: string } | null;
  /** The last price as the page shows it. */
  lastText: string;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before sending a limit price far from the market (more than 10 %, README): a typo should not become an order. */
export function FarPriceDialog({ far, lastText, onConfirm, onClose }: FarPriceDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={far !== null}
      onClose={onClose}
      size="sm"
      title={t('trade.form.farTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" onClick={onConfirm}>
            {t('trade.form.farConfirm')}
          </Button>
        </>
      }
    >
      {far && (
        <p>
          {t(far.direction === 'above' ? 'trade.form.farAbove' : 'trade.form.farBelow', {
            percent: far.percent,
            last: lastText,
          })}
        </p>
      )}
    </Dialog>
  );
}
