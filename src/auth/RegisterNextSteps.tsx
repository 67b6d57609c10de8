import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useT } from '../i18n/i18n';

/**
 * What a new account does next, shown in place of the form once it is registered and signed in: fund it, secure it,
 * or trade. Focus moves to the heading so a screen reader announces that the account exists.
 */
export function RegisterNextSteps() {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="auth auth-next" aria-labelledby="auth-next-title" data-testid="register-next-steps">
      <h1 id="auth-next-title" ref={heading} tabIndex={-1}>
        {t('auth.doneTitle')}
      </h1>
      <p>{t('auth.doneIntro')}</p>
      <ul className="auth-next__steps">
        <li>
          <Link to="/asset/deposit" search={{}} className="auth-next__step">
            <strong>{t('auth.nextDeposit')}</strong>
            <span>{t('auth.nextDepositText')}</span>
          </Link>
        </li>
        <li>
          <Link to="/account/setting" className="auth-next__step">
            <strong>{t('auth.nextSecurity')}</strong>
            <span>{t('auth.nextSecurityText')}</span>
          </Link>
        </li>
        <li>
          <Link to="/spot/$symbol" params={{ symbol: 'BTCUSDT' }} className="auth-next__step">
            <strong>{t('auth.nextTrade')}</strong>
            <span>{t('auth.nextTradeText')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
