import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'react';
import { RequestError } from '../api/request';
import type { LoginReply } from './login-step';
import { securityKeyLoginOptions, submitSecurityKey } from './security-key';
import { type Translate, useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { showToast } from '../ui/toast/toast-state';
import '../ui/field.css';

/** Codes that end the pending login: the step cannot be retried, only the password step. */
const PENDING_GONE = new Set(['40103', '40104']);

/** What a failed attempt shows: the gateway's localized text for limits and network trouble, else "did not confirm". */
function failureText(t: Translate, error: unknown): string {
  // A refused assertion (40102), a cancelled or timed-out ceremony, or a missing key all read the same to the user.
  if (error instanceof RequestError && error.details.code !== '40102' && error.message) return error.message;
  return t('auth.securityKeyFailed');
}

export interface SecurityKeyStepProps {
  /** Gets the gateway's reply once the key verified: signed in, or (never today) one more step. */
  onVerified(reply: LoginReply): Promise<void>;
  /** The pending login is gone (timed out, too many attempts): back to the password step. */
  onExpired(): void;
  onBack(): void;
}

/** The security-key step of sign-in (spec §4, §7.2 `verify-auth-login`): the WebAuthn ceremony runs only when the button is pressed. */
export function SecurityKeyStep({ onVerified, onExpired, onBack }: SecurityKeyStepProps) {
  const t = useT();
  const [isSupported] = useState(() => browserSupportsWebAuthn());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirmWithKey = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      // A fresh challenge per press: the gateway uses each one up with the first answer.
      const optionsJSON = await securityKeyLoginOptions();
      const assertion = await startAuthentication({ optionsJSON });
      await onVerified(await submitSecurityKey(assertion));
    } catch (error) {
      if (error instanceof RequestError && PENDING_GONE.has(error.details.code ?? '')) {
        showToast({ type: 'error', message: error.message });
        onExpired();
        return;
      }
      setProblem(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth__step" data-testid="security-key-step">
      <h2>{t('auth.securityKeyTitle')}</h2>
      <p>{t('auth.securityKeyIntro')}</p>
      {!isSupported && (
        <p className="field__error" role="alert">
          {t('auth.securityKeyUnsupported')}
        </p>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="auth__actions">
        <Button variant="plain" onClick={onBack}>
          {t('auth.back')}
        </Button>
        <Button variant="primary" loading={busy} disabled={!isSupported} onClick={() => void confirmWithKey()}>
          {t('auth.securityKeyUse')}
        </Button>
      </div>
    </div>
  );
}
