import { Link } from '@tanstack/react-router';
import { RequestError } from '../../api/request';
import { useStepUp } from '../../auth/use-step-up';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { LoginHistorySection } from '../devices/LoginHistorySection';
import { AntiPhishingSection } from './AntiPhishingSection';
import { AuthenticatorSection } from './AuthenticatorSection';
import { ContactSection } from './ContactSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SecurityKeysSection } from './SecurityKeysSection';
import { LinkedMethodsSection } from './LinkedMethodsSection';
import { settingsFailureText } from './settings-api';
import { useSettings } from './use-settings';
import './account-settings.css';

/** True when a failure came from having no connection (the offline state rather than the error state). */
function isOffline(error: unknown): boolean {
  return error instanceof RequestError && error.kind === 'network' && !navigator.onLine;
}

/**
 * `/account/setting`: the account's profile, contacts, passwords, authenticator, security keys and anti-phishing code;
 * every change to how the account is secured goes through the step-up dialog.
 */
export function AccountSettingsPage() {
  const t = useT();
  const { view, reload } = useSettings();
  const stepUp = useStepUp();

  return (
    <section className="account-settings" aria-labelledby="account-settings-title">
      <h1 id="account-settings-title">{t('accountSettings.title')}</h1>
      {view.status === 'loading' && <StateView state="loading" />}
      {view.status === 'signedOut' && (
        <p data-testid="settings-signed-out">
          {t('accountSettings.signInFirst')}{' '}
          <Link to="/login" search={{ redirect: '/account/setting' }}>
            {t('nav.signIn')}
          </Link>
        </p>
      )}
      {view.status === 'failed' && (
        <StateView
          state={isOffline(view.error) ? 'offline' : 'error'}
          message={isOffline(view.error) ? undefined : settingsFailureText(t, view.error)}
          onRetry={() => void reload()}
        />
      )}
      {view.status === 'ready' && (
        <div className="account-settings__grid" aria-busy={view.isRefreshing}>
          <ProfileSection overview={view.overview} onChanged={reload} />
          <ContactSection kind="email" overview={view.overview} run={stepUp.run} onChanged={reload} />
          <ContactSection kind="mobile" overview={view.overview} run={stepUp.run} onChanged={reload} />
          {!view.overview.isSub && (
            <>
              <PasswordSection kind="login" isSet run={stepUp.run} onChanged={reload} />
              <PasswordSection kind="fund" isSet={view.overview.fundPasswordSet} run={stepUp.run} onChanged={reload} />
            </>
          )}
          <AuthenticatorSection isBound={view.overview.googleBound} run={stepUp.run} onChanged={reload} />
          <SecurityKeysSection onChanged={reload} />
          <LinkedMethodsSection run={stepUp.run} />
          <AntiPhishingSection masked={view.overview.antiPhishingCode} run={stepUp.run} onChanged={reload} />
          <section className="account-settings__card" aria-labelledby="account-settings-verification">
            <h2 id="account-settings-verification">{t('verify.title')}</h2>
            <p className="account-settings__hint">{t('verify.intro')}</p>
            <Link to="/modifyverification" data-testid="modify-verification-link">
              {t('accountSettings.verification.manage')}
            </Link>
          </section>
          <div className="account-settings__card account-settings__history">
            <LoginHistorySection />
            <Link to="/devices" data-testid="devices-link">
              {t('accountSettings.devicesLink')}
            </Link>
          </div>
        </div>
      )}
      {/* Outside the forms: React events bubble through portals, and the dialog's own submit must not reach them. */}
      {stepUp.dialog}
    </section>
  );
}
