import { Link, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { authState, signOut } from '../auth/auth-state';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { SubAccountSwitcher } from './SubAccountSwitcher';

/** Sign-in link, or who is signed in (a button opening the account switcher) with a sign-out button. */
export function AccountMenu() {
  const t = useT();
  const router = useRouter();
  const { status, user } = useSnapshot(authState);
  if (status !== 'signedIn' || !user) {
    return (
      <Link to="/login" className="app-header__signin" data-testid="sign-in-link">
        {t('nav.signIn')}
      </Link>
    );
  }
  return (
    <div className="app-header__account">
      <SubAccountSwitcher user={user} />
      <Link to="/account/security" className="app-header__signin" data-testid="security-link">
        {t('security.title')}
      </Link>
      <Button
        size="sm"
        variant="plain"
        onClick={async () => {
          await signOut();
          await router.navigate({ to: '/', search: { tab: 'spot' } });
        }}
      >
        {t('auth.signOut')}
      </Button>
    </div>
  );
}
