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
 * The required consent box of the registration form. The site has no terms or privacy page, so it names the trading
 * terms the site does publish (the fee schedule and the protection fund) and opens them in a new tab, keeping the
 * form as typed.
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
