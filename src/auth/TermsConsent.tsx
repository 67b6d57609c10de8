import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useT } from '../i18n/i18n';

export interface TermsConsentProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** A localized message under the box (not ticked on submit, or the gateway's refusal); sets aria-invalid. */
  error?: string | null;
}

/**
 * The required consent box of every sign-up (the registration form, a third-party sign-up): it names the terms of use
 * and the trading terms they point to (the fee schedule and the protection fund), each opening in a new tab so the
 * form keeps what was typed.
 */
export function TermsConsent({ checked, onChange, error }: TermsConsentProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="auth-consent">
      <div className="auth-consent__row">
        <input
          id={id}
          type="checkbox"
          name="agreed"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-links${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{t('auth.consent')}</label>
      </div>
      <ul id={`${id}-links`} className="auth-consent__links">
        <li>
          <Link to="/terms" target="_blank" rel="noopener">
            {t('auth.consentTerms')}
            <span className="sr-only"> ({t('auth.opensInNewTab')})</span>
          </Link>
        </li>
        <li>
          <Link to="/fee" target="_blank" rel="noopener">
            {t('auth.consentFees')}
            <span className="sr-only"> ({t('auth.opensInNewTab')})</span>
          </Link>
        </li>
        <li>
          <Link to="/protection-fund" target="_blank" rel="noopener">
            {t('auth.consentFund')}
            <span className="sr-only"> ({t('auth.opensInNewTab')})</span>
          </Link>
        </li>
      </ul>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
