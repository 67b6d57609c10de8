import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { RequestError } from '../api/request';
import { registerSecurityKey, SECURITY_KEY_CODES, securityKeyRegistrationOptions } from '../auth/security-key';
import { StepUpCancelled } from '../auth/step-up';
import { type Translate, useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { showToast } from '../ui/toast/toast-state';
import { useStepUp } from '../auth/use-step-up';

const NICKNAME_MAX = 64;

/** The localized reason an attempt to add a key failed. */
function addFailureText(t: Translate, error: unknown): string {
  const code = error instanceof RequestError ? error.details.code : undefined;
  if (code === SECURITY_KEY_CODES.alreadyRegistered) return t('security.alreadyAdded');
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return t('security.alreadyAdded');
  if (code === SECURITY_KEY_CODES.tooMany) return t('security.tooMany');
  // Limits, an ended session or network trouble already have a localized text; a refused key or a cancelled ceremony do not.
  if (error instanceof RequestError && code !== SECURITY_KEY_CODES.notVerified && error.message) return error.message;
  return t('security.addFailed');
}

export interface AddSecurityKeyProps {
  /** Called after the key was stored, to reload the list. */
  onAdded(): Promise<void>;
}

/**
 * Adds a security key: an optional name, then (after the step-up the gateway asks for) the WebAuthn registration
 * ceremony when the button is pressed.
 */
export function AddSecurityKey({ onAdded }: AddSecurityKeyProps) {
  const t = useT();
  const stepUp = useStepUp();
  const [isSupported] = useState(() => browserSupportsWebAuthn());
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !isSupported) return;
    setBusy(true);
    setProblem(null);
    try {
      await stepUp.run('fido-add', async () => {
        const optionsJSON = await securityKeyRegistrationOptions();
        const response = await startRegistration({ optionsJSON });
        await registerSecurityKey(response, nickname.trim());
      });
      setNickname('');
      showToast({ type: 'success', message: t('security.added') });
      await onAdded();
    } catch (error) {
      // What was typed stays, so a retry needs one press; a closed step-up is the user's own choice, not a failure.
      if (!(error instanceof StepUpCancelled)) setProblem(addFailureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const alert = problem ?? (isSupported ? null : t('auth.securityKeyUnsupported'));
  return (
    <>
      <form method="post" action="#" onSubmit={(e) => void add(e)} noValidate>
        <Field
          name="nickname"
          label={t('security.nickname')}
          value={nickname}
          maxLength={NICKNAME_MAX}
          autoComplete="off"
          onChange={(e) => setNickname(e.target.value)}
        />
        {alert && (
          <p className="field__error" role="alert">
            {alert}
          </p>
        )}
        <Button type="submit" variant="primary" loading={busy} disabled={!isSupported}>
          {t('security.add')}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, and the dialog's own submit must not reach this form. */}
      {stepUp.dialog}
    </>
  );
}
