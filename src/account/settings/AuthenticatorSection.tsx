import { type FormEvent, useId, useState } from 'react';
import { QrCode } from '../../ui/QrCode';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { attempt, type RunWithStepUp } from './run-change';
import { googleBind, googleSecret, googleUnbind, settingsFailureText } from './settings-api';

export interface AuthenticatorSectionProps {
  isBound: boolean;
  run: RunWithStepUp;
  onChanged(): Promise<void>;
}

/**
 * The authenticator app: set up shows a QR code and its secret, a code from the app confirms (after a step-up);
 * unbinding needs a step-up. Either signs the account's other devices out.
 */
export function AuthenticatorSection({ isBound, run, onChanged }: AuthenticatorSectionProps) {
  const t = useT();
  const titleId = useId();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'secret' | 'bind' | 'unbind' | null>(null);

  const start = async () => {
    setBusy('secret');
    setProblem(null);
    try {
      setSetup(await googleSecret());
    } catch (error) {
      setProblem(settingsFailureText(t, error));
    } finally {
      setBusy(null);
    }
  };

  const finish = async (outcome: string | null, done: string) => {
    setBusy(null);
    setProblem(outcome || null);
    if (outcome !== null) return;
    showToast({ type: 'success', message: done });
    setSetup(null);
    setCode('');
    await onChanged();
  };

  const bind = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setProblem(t('accountSettings.err.codeFormat'));
    setBusy('bind');
    await finish(
      await attempt(t, () => run('google-bind', () => googleBind(code.trim()))),
      t('accountSettings.google.bound'),
    );
  };

  const unbind = async () => {
    setBusy('unbind');
    await finish(await attempt(t, () => run('google-unbind', googleUnbind)), t('accountSettings.google.unbound'));
  };

  return (
    <section className="account-settings__card" aria-labelledby={titleId} data-testid="settings-google">
      <div className="account-settings__row">
        <div>
          <h2 id={titleId}>{t('accountSettings.google.title')}</h2>
          <p className="account-settings__value">
            {isBound ? t('accountSettings.google.on') : t('accountSettings.notBound')}
          </p>
        </div>
        {isBound ? (
          <Button variant="danger" loading={busy === 'unbind'} onClick={() => void unbind()}>
            {t('accountSettings.google.unbind')}
          </Button>
        ) : (
          !setup && (
            <Button loading={busy === 'secret'} onClick={() => void start()}>
              {t('accountSettings.google.setUp')}
            </Button>
          )
        )}
      </div>
      {setup && !isBound && (
        <form className="account-settings__form" onSubmit={(event) => void bind(event)} noValidate>
          <p>{t('accountSettings.google.scan')}</p>
          <div className="account-settings__qr">
            <QrCode value={setup.otpauthUri} label={t('accountSettings.google.qr')} testId="settings-google-qr" />
          </div>
          <p className="account-settings__secret">
            {t('accountSettings.google.secret')} <code data-testid="settings-google-secret">{setup.secret}</code>
          </p>
          <Field
            label={t('accountSettings.google.code')}
            name="googleCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" variant="primary" loading={busy === 'bind'}>
            {t('accountSettings.confirm')}
          </Button>
        </form>
      )}
      {problem && (
        <p className="account-settings__error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
