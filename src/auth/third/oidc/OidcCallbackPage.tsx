import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { RequestError } from '../../../api/request';
import { type Translate, useT } from '../../../i18n/i18n';
import { handOffToLogin } from '../third-api';
import { finishOidcSignIn, isOidcProvider, type OidcAnswer, OidcFlowError } from './oidc-flow';
import './oidc.css';

/** The localized reason a return from the provider did not sign in. */
function problemText(t: Translate, error: unknown): string {
  if (error instanceof OidcFlowError) {
    if (error.problem === 'stateInvalid') return t('third.oidc.stateInvalid');
    if (error.problem === 'denied') return t('third.oidc.denied');
  }
  const code = error instanceof RequestError ? error.details.code : undefined;
  if (code === '40182' || code === '40183') return t('third.oidc.expired');
  return t('third.oidc.failed');
}

/** The callback page's route data. */
export interface OidcCallbackPageProps {
  /** The `$provider` of the address (untrusted). */
  provider: string;
  /** The provider's answer from the address. */
  answer: OidcAnswer;
}

/**
 * `/login/oauth/<provider>`: where Google or Apple sends the person back. Finishes the sign-in (state, code exchange,
 * `oauth/sign`), hands the reply to the sign-in page and goes there; otherwise says why, with a way back.
 */
export function OidcCallbackPage({ provider, answer }: OidcCallbackPageProps) {
  const t = useT();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival; the address is read and cleared here.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The code and state leave the address bar and history, so neither a reload nor the Back button resends them.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!isOidcProvider(provider)) {
      setProblem(t('third.oidc.failed'));
      return;
    }
    finishOidcSignIn(provider, answer)
      .then(async ({ reply, referralCode }) => {
        handOffToLogin(reply, referralCode);
        await navigate({ to: '/login', replace: true });
      })
      .catch((error: unknown) => setProblem(problemText(t, error)));
  }, []);

  return (
    <section className="auth oidc-callback" aria-labelledby="oidc-callback-title">
      <h1 id="oidc-callback-title">{problem ? t('third.oidc.errorTitle') : t('third.oidc.signingIn')}</h1>
      {problem ? (
        <>
          <p className="field__error" role="alert" data-testid="oidc-problem">
            {problem}
          </p>
          <Link to="/login" data-testid="oidc-back">
            {t('third.oidc.back')}
          </Link>
        </>
      ) : (
        <p className="oidc-callback__text" role="status">
          {t('third.oidc.signingIn')}
        </p>
      )}
    </section>
  );
}
