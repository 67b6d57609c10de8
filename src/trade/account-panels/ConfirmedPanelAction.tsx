import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { errorText } from '../trade-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface ConfirmedPanelActionProps {
  /** The toolbar button's words ("Close all", "Cancel all"). */
  label: string;
  title: string;
  /** What pressing confirm will do, in a sentence with the count in it. */
  body: string;
  confirmLabel: string;
  /** Does it; a throw keeps the dialog open with the refusal in it. */
  run(): Promise<void>;
}

/**
 * A bulk action above an account table (close every position, cancel every order): a button that asks first, runs
 * once however often confirm is pressed, and on a refusal keeps the dialog open saying why.
 */
export function ConfirmedPanelAction({ label, title, body, confirmLabel, run }: ConfirmedPanelActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (running) return;
    setRunning(true);
    setFailure(null);
    try {
      await run();
      setOpen(false);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="account-panels__toolbar">
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          if (!running) {
            setOpen(false);
            setFailure(null);
          }
        }}
        size="sm"
        title={title}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={running}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={running} onClick={() => void confirm()} data-autofocus>
              {confirmLabel}
            </Button>
          </>
        }
      >
        <p>{body}</p>
        {failure && (
          <p className="trade-form__error" role="alert">
            {failure}
          </p>
        )}
      </Dialog>
    </div>
  );
}
