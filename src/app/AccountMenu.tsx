import { Link, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../session/auth-state';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { useDisclosure } from '../ui/use-disclosure';

const loadLinks = () => import('./AccountMenuLinks');
/** The account menu's pages: a chunk of their own, asked for when the menu is pointed at or opened. */
const AccountMenuLinks = lazy(loadLinks);
const preloadLinks = () => void loadLinks();

// The switcher's button comes with the header (a chunk of its own cost a signed-in page's first render more than
// its few hundred bytes); its dialog, list and forms load when it is first pointed at or opened.
import { SubAccountSwitcher } from './SubAccountSwitcher';

/**
 * Sign-in and sign-up links, or who is signed in (a button opening the account switcher), the account menu (its pages)
 * and a sign-out button.
 */
export function AccountMenu() {
  const t = useT();
  const router = useRouter();
  const menu = useDisclosure();
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
      <div className="account-menu">
        <button
          ref={menu.buttonRef}
          type="button"
          className="app-header__signin account-menu__button"
          aria-expanded={menu.isOpen}
          aria-controls={menu.panelId}
          onClick={menu.toggle}
          onPointerEnter={preloadLinks}
          onFocus={preloadLinks}
          data-testid="security-link"
        >
          {t('nav.account')}
          <span aria-hidden="true"> ▾</span>
        </button>
        <div ref={menu.panelRef} id={menu.panelId} className="account-menu__panel" hidden={!menu.isOpen}>
          {menu.isOpen && (
            <Suspense fallback={<p className="account-menu__loading">{t('common.loading')}</p>}>
              <AccountMenuLinks onFollow={menu.close} />
            </Suspense>
          )}
        </div>
      </div>
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
