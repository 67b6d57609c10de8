import { Link } from '@tanstack/react-router';
import { ReadStates } from '../../api/ReadStates';
import { useStepUp } from '../../auth/use-step-up';
import { useT } from '../../i18n/i18n';
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

/**
 * `/account/setting`: the account's profile, contacts, passwords, authenticator, security keys and anti-phishing code;
 * every change to how the account is secured goes through the step-up dialog.
 */
export function AccountSettingsPage() {
  const t = useT();
  const settings = useSettings();
  const reload = async () => {
    await settings.refresh();
  };
  const stepUp = useStepUp();

  return (
    <section className="account-settings" aria-labelledby="account-settings-title">
      <h1 id="account-settings-title">{t('accountSettings.title')}</h1>
      <ReadStates
        state={settings.state}
        onRetry={() => void reload()}
        texts={{ signIn: t('accountSettings.signInFirst'), failed: (error) => settingsFailureText(t, error) }}
        testIds={{ signedOut: 'settings-signed-out' }}
      >
        {(overview) => (
          <div
            className="account-settings__grid"
            aria-busy={settings.state.status === 'ready' && settings.state.refreshing}
          >
            <ProfileSection overview={overview} onChanged={reload} />
            <ContactSection kind="email" overview={overview} run={stepUp.run} onChanged={reload} />
            <ContactSection kind="mobile" overview={overview} run={stepUp.run} onChanged={reload} />
            {!overview.isSub && (
              <>
                <PasswordSection kind="login" isSet run={stepUp.run} onChanged={reload} />
                <PasswordSection kind="fund" isSet={overview.fundPasswordSet} run={stepUp.run} onChanged={reload} />
              </>
            )}
            <AuthenticatorSection isBound={overview.googleBound} run={stepUp.run} onChanged={reload} />
            <SecurityKeysSection onChanged={reload} />
            <LinkedMethodsSection run={stepUp.run} />
            <AntiPhishingSection masked={overview.antiPhishingCode} run={stepUp.run} onChanged={reload} />
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
      </ReadStates>
      {/* Outside the forms: React events bubble through portals, and the dialog's own submit must not reach them. */}
      {stepUp.dialog}
    </section>
  );
}
