import { Link, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../session/auth-state';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';

// The switcher (dialog, list, forms) is only for signed-in users: anonymous visitors never download it.
const SubAccountSwitcher = lazy(() => import('./SubAccountSwitcher').then((m) => ({ default: m.SubAccountSwitcher })));

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
      <Suspense
        fallback={
          <span className="app-header__user" data-testid="signed-in-user">
            {t('auth.signedInAs', { name: user.displayName })}
          </span>
        }
      >
        <SubAccountSwitcher user={user} />
      </Suspense>
      <Link to="/account/security" className="app-header__signin" data-testid="security-link">
        {t('security.title')}
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
