import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { attempt, type RunWithStepUp } from './run-change';
import { changePassword, setFundPassword } from './settings-api';

/** The login password's rules (gateway auth-fields.ts): 8–32 printable characters without spaces, a letter and a digit. */
export function isAcceptablePassword(password: string): boolean {
  return /^[\x21-\x7e]{8,32}$/.test(password) && /[A-Za-z]/.test(password) && /\d/.test(password);
}

export interface PasswordSectionProps {
  kind: 'login' | 'fund';
  isSet: boolean;
  run: RunWithStepUp;
  onChanged(): Promise<void>;
}

/**
 * The login password change (the current one, then the new one twice; every other device is signed out) or the fund
 * password (set or changed, never equal to the login password); both after a fresh step-up.
 */
export function PasswordSection({ kind, isSet, run, onChanged }: PasswordSectionProps) {
  const t = useT();
  const titleId = useId();
  const [isOpen, setOpen] = useState(false);
  const [oldPwd, setOldPwd] = useState('');
  const [pwd, setPwd] = useState('');
  const [rePwd, setRePwd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let invalid: string | null = null;
    if (kind === 'login' && oldPwd === '') invalid = t('accountSettings.password.oldMissing');
    else if (!isAcceptablePassword(pwd)) invalid = t('accountSettings.password.rules');
    else if (pwd !== rePwd) invalid = t('accountSettings.password.mismatch');
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    const outcome = await attempt(t, () =>
      kind === 'login'
        ? run('password-change', () => changePassword(oldPwd, pwd, rePwd))
        : run('fund-password', () => setFundPassword(pwd, rePwd)),
    );
    setBusy(false);
    setProblem(outcome || null);
    if (outcome !== null) return;
    showToast({
      type: 'success',
      message: kind === 'login' ? t('accountSettings.password.changed') : t('accountSettings.fund.saved'),
    });
    setOldPwd('');
    setPwd('');
    setRePwd('');
    setOpen(false);
    await onChanged();
  };

  const title = kind === 'login' ? t('accountSettings.password.title') : t('accountSettings.fund.title');
  const status =
    kind === 'login'
      ? t('accountSettings.password.intro')
      : isSet
        ? t('accountSettings.fund.set')
        : t('accountSettings.fund.notSet');
  return (
    <section className="account-settings__card" aria-labelledby={titleId} data-testid={`settings-${kind}-password`}>
      <div className="account-settings__row">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p className="account-settings__value">{status}</p>
        </div>
        <Button onClick={() => setOpen((open) => !open)} aria-expanded={isOpen}>
          {kind === 'fund' && !isSet ? t('accountSettings.fund.setUp') : t('accountSettings.change')}
        </Button>
      </div>
      {isOpen && (
        <form className="account-settings__form" onSubmit={(event) => void submit(event)} noValidate>
          {kind === 'login' && (
            <PasswordField
              label={t('accountSettings.password.old')}
              name="oldPwd"
              autoComplete="current-password"
              value={oldPwd}
              onChange={(event) => setOldPwd(event.target.value)}
            />
          )}
          <PasswordField
            label={kind === 'login' ? t('accountSettings.password.new') : t('accountSettings.fund.new')}
            name="pwd"
            autoComplete="new-password"
            hint={t('accountSettings.password.rules')}
            value={pwd}
            onChange={(event) => setPwd(event.target.value)}
          />
          <PasswordField
            label={t('accountSettings.password.repeat')}
            name="rePwd"
            autoComplete="new-password"
            value={rePwd}
            onChange={(event) => setRePwd(event.target.value)}
          />
          {problem && (
            <p className="account-settings__error" role="alert">
              {problem}
            </p>
          )}
          <Button type="submit" variant="primary" loading={isBusy}>
            {t('accountSettings.save')}
          </Button>
        </form>
      )}
    </section>
  );
}
