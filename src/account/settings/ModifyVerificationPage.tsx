import { dataOf } from '../../api/read-state';
import { ReadStates } from '../../api/ReadStates';
import { fresh, useRead } from '../../api/use-read';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { StepUpCancelled } from '../../auth/step-up';
import { useStepUp } from '../../auth/use-step-up';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast/toast-state';
import {
  LOGIN_FACTORS,
  type LoginFactor,
  readLoginVerification,
  saveLoginVerification,
  settingsFailureText,
} from './settings-api';
import './account-settings.css';

const FACTOR_TEXT = {
  email: 'verify.factor.email',
  mobile: 'verify.factor.mobile',
  google: 'verify.factor.google',
  fido: 'verify.factor.fido',
} as const satisfies Record<LoginFactor, string>;

const readVerification = fresh(readLoginVerification);

/**
 * `/modifyverification`: which second factors a sign-in asks for. Only bound ones can be chosen, at least one stays
 * on, and saving asks for a fresh second factor first.
 */
export function ModifyVerificationPage() {
  const t = useT();
  const stepUp = useStepUp();
  const verification = useRead(readVerification);
  const [choice, setChoice] = useState<Record<LoginFactor, boolean> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  // The choice starts as the account has it; a later read (back online) leaves what the user ticked.
  const current = dataOf(verification.state);
  useEffect(() => {
    if (current && choice === null) setChoice(current.enabled);
  }, [current, choice]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !current) return;
    if (!LOGIN_FACTORS.some((factor) => choice[factor])) return setProblem(t('accountSettings.err.keepOne'));
    setSaving(true);
    setProblem(null);
    try {
      const saved = await stepUp.run('login-verification', () => saveLoginVerification(choice));
      verification.update(() => saved);
      showToast({ type: 'success', message: t('verify.saved') });
    } catch (error) {
      // A closed step-up is the user's own choice: nothing to show, and the choice stays as ticked.
      if (!(error instanceof StepUpCancelled)) setProblem(settingsFailureText(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account-settings" aria-labelledby="modify-verification-title">
      <h1 id="modify-verification-title">{t('verify.title')}</h1>
      <p className="account-settings__hint">{t('verify.intro')}</p>
      <ReadStates
        state={verification.state}
        onRetry={() => void verification.refresh()}
        texts={{ signIn: t('accountSettings.signInFirst'), failed: (error) => settingsFailureText(t, error) }}
        testIds={{ signedOut: 'verification-signed-out' }}
      >
        {(shown) =>
          choice && (
            <form className="account-settings__card account-settings__form" onSubmit={(event) => void save(event)}>
              <fieldset className="account-settings__choices">
                <legend>{t('verify.legend')}</legend>
                {LOGIN_FACTORS.map((factor) => (
                  <label key={factor} className="account-settings__choice">
                    <input
                      type="checkbox"
                      name={factor}
                      checked={choice[factor]}
                      disabled={!shown.bound[factor]}
                      onChange={(event) => setChoice({ ...choice, [factor]: event.target.checked })}
                    />
                    <span>{t(FACTOR_TEXT[factor])}</span>
                    {!shown.bound[factor] && <span className="account-settings__hint">{t('verify.notBound')}</span>}
                  </label>
                ))}
              </fieldset>
              {problem && (
                <p className="account-settings__error" role="alert">
                  {problem}
                </p>
              )}
              <div className="account-settings__actions">
                <Button type="submit" variant="primary" loading={isSaving}>
                  {t('accountSettings.save')}
                </Button>
                <Link to="/account/setting">{t('verify.back')}</Link>
              </div>
            </form>
          )
        }
      </ReadStates>
      {stepUp.dialog}
    </section>
  );
}
