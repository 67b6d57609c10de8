import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { attempt, type RunWithStepUp } from './run-change';
import { ANTI_PHISHING_PATTERN, saveAntiPhishing } from './settings-api';

export interface AntiPhishingSectionProps {
  /** The code as the gateway shows it: masked. */
  masked: string | null;
  run: RunWithStepUp;
  onChanged(): Promise<void>;
}

/** The anti-phishing code every mail of the exchange carries: set or changed after a step-up, shown masked. */
export function AntiPhishingSection({ masked, run, onChanged }: AntiPhishingSectionProps) {
  const t = useT();
  const titleId = useId();
  const [isOpen, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!ANTI_PHISHING_PATTERN.test(code.trim())) return setProblem(t('accountSettings.antiPhishing.rules'));
    setBusy(true);
    const outcome = await attempt(t, () => run('anti-phishing', () => saveAntiPhishing(code.trim())));
    setBusy(false);
    setProblem(outcome || null);
    if (outcome !== null) return;
    showToast({ type: 'success', message: t('accountSettings.antiPhishing.saved') });
    setCode('');
    setOpen(false);
    await onChanged();
  };

  return (
    <section className="account-settings__card" aria-labelledby={titleId} data-testid="settings-anti-phishing">
      <div className="account-settings__row">
        <div>
          <h2 id={titleId}>{t('accountSettings.antiPhishing.title')}</h2>
          <p className="account-settings__value" data-testid="settings-anti-phishing-value">
            {masked ?? t('accountSettings.antiPhishing.none')}
          </p>
        </div>
        <Button onClick={() => setOpen((open) => !open)} aria-expanded={isOpen}>
          {masked ? t('accountSettings.change') : t('accountSettings.antiPhishing.setUp')}
        </Button>
      </div>
      <p className="account-settings__hint">{t('accountSettings.antiPhishing.intro')}</p>
      {isOpen && (
        <form className="account-settings__form" onSubmit={(event) => void save(event)} noValidate>
          <Field
            label={t('accountSettings.antiPhishing.code')}
            name="antiPhishingCode"
            autoComplete="off"
            maxLength={20}
            hint={t('accountSettings.antiPhishing.rules')}
            error={problem}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" variant="primary" loading={isBusy}>
            {t('accountSettings.save')}
          </Button>
        </form>
      )}
    </section>
  );
}
