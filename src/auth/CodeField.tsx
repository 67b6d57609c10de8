import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n';
import { Field } from '../ui/Field';

export interface CodeFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  /** The gateway refused the step's codes: the input is marked invalid even where the text stands under another. */
  isRefused?: boolean;
  /** Sends a code; resolves true when one was sent. Absent for authenticator codes. */
  onSend?: () => Promise<boolean>;
  name: string;
}

const RESEND_SECONDS = 60;

/** A six-digit code input with a send button that counts down before it can send again. */
export function CodeField({ label, value, onChange, error, isRefused = false, onSend, name }: CodeFieldProps) {
  const t = useT();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = async () => {
    if (!onSend || sending || wait > 0) return;
    setSending(true);
    try {
      if (await onSend()) setWait(RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };
  return (
    <Field
      label={label}
      name={name}
      value={value}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      {...(isRefused ? { 'aria-invalid': true } : {})}
      end={
        onSend && (
          <button type="button" className="field__toggle" onClick={() => void send()} disabled={sending || wait > 0}>
            {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
          </button>
        )
      }
    />
  );
}
