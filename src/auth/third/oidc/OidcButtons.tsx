import { type ReactNode, useState } from 'react';
import { localizedCodeText } from '../../../api/code-texts';
import { RequestError } from '../../../api/request';
import { useT } from '../../../i18n/i18n';
import type { ThirdSignReply } from '../third-api';
import { type OidcProvider, startOidcSignIn } from './oidc-flow';
import { AppleMark, GoogleMark } from './OidcMarks';
import { MethodNotes } from '../MethodNotes';
import './oidc.css';

/** The OpenID methods' configs and where a sign reply would go (it comes back through the callback page instead). */
export interface OidcButtonsProps {
  /** The gateway's public Google config, or null when Google is not offered. */
  google: Record<string, unknown> | null;
  /** The gateway's public Apple config, or null when Apple is not offered. */
  apple: Record<string, unknown> | null;
  /** The registration form's referral code when the buttons are on it: kept through the provider's round trip. */
  referralCode?: string;
  /** Unused here: the reply arrives on `/login/oauth/<provider>`, which hands it to the sign-in page. */
  onReply?(reply: ThirdSignReply): void | Promise<void>;
}

/**
 * "Sign in with Google" and "Sign in with Apple", each only when the gateway offers it: starts the sign-in and leaves
 * for the provider, which returns to `/login/oauth/<provider>`.
 */
export function OidcButtons({ google, apple, referralCode }: OidcButtonsProps) {
  const t = useT();
  const [busy, setBusy] = useState<OidcProvider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!google && !apple) return null;

  const start = (provider: OidcProvider) => {
    setBusy(provider);
    setProblem(null);
    startOidcSignIn(provider, referralCode).catch((error: unknown) => {
      setBusy(null);
      const code = error instanceof RequestError ? error.details.code : undefined;
      setProblem((code && localizedCodeText(code)) || t('third.oidc.failed'));
    });
  };
  const button = (provider: OidcProvider, label: string, mark: ReactNode) => (
    <button
      type="button"
      className={`oidc-button oidc-button--${provider}`}
      data-testid={`oidc-${provider}`}
      disabled={busy !== null}
      aria-busy={busy === provider}
      onClick={() => start(provider)}
    >
      {mark}
      <span>{label}</span>
    </button>
  );

  return (
    <div className="oidc-buttons">
      {google && button('google', t('third.oidc.google'), <GoogleMark />)}
      {apple && button('apple', t('third.oidc.apple'), <AppleMark />)}
      <MethodNotes
        status={busy ? t('third.oidc.redirecting') : null}
        problem={problem}
        statusClass="oidc-callback__text"
      />
    </div>
  );
}
