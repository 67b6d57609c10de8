import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface PositionFormDialogProps {
  open: boolean;
  title: string;
  /** A request is out: the dialog stays open and its buttons wait. */
  saving: boolean;
  onClose(): void;
  onSave(): void;
  /** The refusal of the last request, in the user's language, or null. */
  failure: string | null;
  /** The confirming button's words (Save unless told). */
  saveLabel?: string;
  /** The confirming button's look: primary, or danger for what cannot be undone. */
  saveVariant?: 'primary' | 'danger';
  children: ReactNode;
}

/** The frame of a position's small forms (TP/SL, margin): Cancel and Save, and the last refusal under the fields. */
export function PositionFormDialog({
  open,
  title,
  saving,
  onClose,
  onSave,
  failure,
  saveLabel,
  saveVariant = 'primary',
  children,
}: PositionFormDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!saving) onClose();
      }}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button variant={saveVariant} loading={saving} onClick={onSave}>
            {saveLabel ?? t('trade.pos.save')}
          </Button>
        </>
      }
    >
      {children}
      {failure && (
        <p className="trade-form__error" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  );
}
