import { type FormEvent, type ReactNode, useState } from 'react';
import { checkCode } from '../../engine/rules/auth-fields';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { CodeField } from './CodeField';
import { fieldProblemText } from './use-field-text';

type Channel = 'email' | 'mobile' | 'google' | 'system';

export interface CodesFormProps {
  channels: Channel[];
  /** What the step asks for and why; nothing when the screen around the form says it already. */
  intro: ReactNode;
  onSend?(channel: 'email' | 'mobile'): Promise<boolean>;
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

/** A verification step: one six-digit code per channel, with send buttons for email and SMS. */
export function CodesForm({ channels, intro, onSend, onSubmit, onBack, backLabel }: CodesFormProps) {
  const t = useT();
  const [codes, setCodes] = useState<Partial<Record<Channel, string>>>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const errorOf = (channel: Channel) => fieldProblemText(t, checkCode(codes[channel] ?? ''), t(LABEL[channel]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || channels.some((c) => errorOf(c))) return;
    setBusy(true);
    try {
      await onSubmit(codes);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action="#" onSubmit={(e) => void submit(e)} noValidate>
      {intro && <p>{intro}</p>}
      {channels.map((channel) => (
        <CodeField
          key={channel}
          name={`${channel}Code`}
          label={t(LABEL[channel])}
          value={codes[channel] ?? ''}
          onChange={(value) => setCodes((prev) => ({ ...prev, [channel]: value }))}
          error={touched ? errorOf(channel) : null}
          onSend={onSend && (channel === 'email' || channel === 'mobile') ? () => onSend(channel) : undefined}
        />
      ))}
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
