import { Link, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { authState } from '../session/auth-state';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';

// The switcher's button comes with the header (a chunk of its own cost a signed-in page's first render more than
// its few hundred bytes); its dialog, list and forms load when it is first pointed at or opened.
import { SubAccountSwitcher } from './SubAccountSwitcher';

/** Sign-in and sign-up links, or who is signed in (a button opening the account switcher) with a sign-out button. */
export function AccountMenu() {
  const t = useT();
  const router = useRouter();
  const { status, user } = useSnapshot(authState);
  if (status !== 'signedIn' || !user) {
    return (
      <div className="app-header__account">
        <Link to="/login" className="app-header__signin" data-testid="sign-in-link">
          {t('nav.signIn')}
        </Link>
        <Link to="/register" className="button button--primary button--sm" data-testid="sign-up-link">
          {t('nav.signUp')}
        </Link>
      </div>
    );
  }
  return (
    <div className="app-header__account">
      <SubAccountSwitcher user={user} />
      <Link to="/account/setting" className="app-header__signin" data-testid="security-link">
        {t('nav.account')}
      </Link>
      <Button
        size="sm"
        variant="plain"
        onClick={async () => {
          await (await import('../auth/auth-actions')).signOut();
          await router.navigate({ to: '/', search: {} });
        }}
      >
        {t('auth.signOut')}
      </Button>
    </div>
  );
}
