import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { attempt, type RunWithStepUp } from './run-change';
import { bindEmail, bindMobile, sendBindCode, type SettingsOverview, settingsFailureText } from './settings-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ContactSectionProps {
  kind: 'email' | 'mobile';
  overview: SettingsOverview;
  run: RunWithStepUp;
  onChanged(): Promise<void>;
}

/**
 * Binds or changes the email or the mobile number: a code to the new address, then (when the gateway asks) a fresh
 * step-up of the factors the account has now. The account's other devices are signed out afterwards.
 */
export function ContactSection({ kind, overview, run, onChanged }: ContactSectionProps) {
  const t = useT();
  const titleId = useId();
  const current = kind === 'email' ? overview.email : overview.mobile && `+${overview.areaCode} ${overview.mobile}`;
  const [isOpen, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [areaCode, setAreaCode] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'save' | null>(null);
  const [sent, setSent] = useState(false);

  const addressError = (): string | null => {
    if (kind === 'email') return EMAIL.test(address.trim()) ? null : t('accountSettings.contact.badEmail');
    return /^\+?\d{1,4}$/.test(areaCode.trim()) && /^\d{5,15}$/.test(address.trim())
      ? null
      : t('accountSettings.contact.badMobile');
  };

  const send = async () => {
    const invalid = addressError();
    setProblem(invalid);
    if (invalid) return;
    setBusy('send');
    try {
      await sendBindCode(
        kind === 'email'
          ? { type: 'email', email: address.trim() }
          : { type: 'mobile', areaCode: areaCode.trim(), mobile: address.trim() },
      );
      setSent(true);
      showToast({ type: 'success', message: t('accountSettings.contact.codeSent') });
    } catch (error) {
      setProblem(settingsFailureText(t, error));
    } finally {
      setBusy(null);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = addressError() ?? (/^\d{6}$/.test(code.trim()) ? null : t('accountSettings.err.codeFormat'));
    setProblem(invalid);
    if (invalid) return;
    setBusy('save');
    const outcome = await attempt(t, () =>
      kind === 'email'
        ? run('email-change', () => bindEmail(address.trim(), code.trim()))
        : run('mobile-change', () => bindMobile(areaCode.trim(), address.trim(), code.trim())),
    );
    setBusy(null);
    setProblem(outcome || null);
    if (outcome !== null) return;
    showToast({ type: 'success', message: t('accountSettings.contact.changed') });
    setOpen(false);
    setAddress('');
    setCode('');
    setSent(false);
    await onChanged();
  };

  const title = kind === 'email' ? t('accountSettings.email.title') : t('accountSettings.mobile.title');
  return (
    <section className="account-settings__card" aria-labelledby={titleId} data-testid={`settings-${kind}`}>
      <div className="account-settings__row">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p className="account-settings__value">{current ?? t('accountSettings.notBound')}</p>
        </div>
        {!overview.isSub && (
          <Button onClick={() => setOpen((open) => !open)} aria-expanded={isOpen}>
            {current ? t('accountSettings.change') : t('accountSettings.bind')}
          </Button>
        )}
      </div>
      {isOpen && (
        <form className="account-settings__form" onSubmit={(event) => void save(event)} noValidate>
          {kind === 'mobile' && (
            <Field
              label={t('accountSettings.mobile.areaCode')}
              name="areaCode"
              inputMode="tel"
              value={areaCode}
              maxLength={5}
              onChange={(event) => setAreaCode(event.target.value)}
            />
          )}
          <Field
            label={kind === 'email' ? t('accountSettings.email.new') : t('accountSettings.mobile.new')}
            name={kind}
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel-national'}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            end={
              <Button size="sm" variant="plain" loading={busy === 'send'} onClick={() => void send()}>
                {sent ? t('accountSettings.contact.resend') : t('accountSettings.contact.send')}
              </Button>
            }
          />
          <Field
            label={t('accountSettings.contact.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          {problem && (
            <p className="account-settings__error" role="alert">
              {problem}
            </p>
          )}
          <Button type="submit" variant="primary" loading={busy === 'save'}>
            {t('accountSettings.confirm')}
          </Button>
        </form>
      )}
    </section>
  );
}
