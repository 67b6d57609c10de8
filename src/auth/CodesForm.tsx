import { type FormEvent, type ReactNode, useState } from 'react';
import { checkCode } from '../../engine/rules/auth-fields';
import { RequestError } from '../api/request';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { showToast } from '../ui/toast/toast-state';
import { CodeField } from './CodeField';
import { fieldProblemText } from './use-field-text';

type Channel = 'email' | 'mobile' | 'google' | 'system';

/** The gateway's refusal of the codes themselves (wrong, expired or used up): said under the fields, not in a toast. */
const CODE_REFUSED = '40102';

export interface CodesFormProps {
  channels: Channel[];
  /** What the step asks for and why; nothing when the screen around the form says it already. */
  intro: ReactNode;
  onSend?(channel: 'email' | 'mobile'): Promise<boolean>;
  /**
   * Sends the codes. A {@link RequestError} it throws is shown here: a refused code under the fields, any other
   * failure (the network, a limit) as a toast unless the request layer showed it already.
   */
  onSubmit(codes: Partial<Record<Channel, string>>): Promise<void>;
  onBack(): void;
  /** The back button's text (default "Back"; a dialog says "Cancel"). */
  backLabel?: string;
}

const LABEL = {
  email: 'auth.emailCode',
  mobile: 'auth.mobileCode',
  google: 'auth.googleCode',
  system: 'auth.systemCode',
} as const;

/**
 * A verification step: one six-digit code per channel, with send buttons for email and SMS. A refused code is said
 * under the fields and what was typed stays; the gateway does not say which of several codes was wrong, so every
 * field is marked and the text stands once, under the last one, nearest the Verify button.
 */
export function CodesForm({ channels, intro, onSend, onSubmit, onBack, backLabel }: CodesFormProps) {
  const t = useT();
  const [codes, setCodes] = useState<Partial<Record<Channel, string>>>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const errorOf = (channel: Channel) => fieldProblemText(t, checkCode(codes[channel] ?? ''), t(LABEL[channel]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || channels.some((c) => errorOf(c))) return;
    setBusy(true);
    setRefused(null);
    try {
      await onSubmit(codes);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (error.details.code === CODE_REFUSED) setRefused(error.message || t('auth.errCode'));
      else if (!error.details.shown && error.message) showToast({ type: 'error', message: error.message });
    } finally {
      setBusy(false);
    }
  };

  const last = channels.length - 1;
  return (
    <form method="post" action="#" onSubmit={(e) => void submit(e)} noValidate>
      {intro && <p>{intro}</p>}
      {channels.map((channel, index) => (
        <CodeField
          key={channel}
          name={`${channel}Code`}
          label={t(LABEL[channel])}
          value={codes[channel] ?? ''}
          onChange={(value) => {
            setCodes((prev) => ({ ...prev, [channel]: value }));
            // A changed code is a new answer: the refusal was of the old one.
            setRefused(null);
          }}
          error={(touched ? errorOf(channel) : null) ?? (index === last ? refused : null)}
          isRefused={refused !== null}
          onSend={onSend && (channel === 'email' || channel === 'mobile') ? () => onSend(channel) : undefined}
        />
      ))}
      {/* A step with no code to type (a security key alone) still says why it was refused. */}
      {channels.length === 0 && refused && (
        <p className="field__error" role="alert">
          {refused}
        </p>
      )}
      <div className="auth__actions">
        <Button type="button" variant="plain" onClick={onBack}>
          {backLabel ?? t('auth.back')}
        </Button>
        <Button type="submit" variant="primary" loading={busy}>
          {t('auth.verify')}
        </Button>
      </div>
    </form>
  );
}
