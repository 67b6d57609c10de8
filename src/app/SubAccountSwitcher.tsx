import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n/i18n';
import type { SignedInUser } from '../session/auth-state';
import { Button } from '../ui/Button';
import './sub-account-switcher.css';

const loadDialog = () => import('./SubAccountDialog');
const SubAccountDialog = lazy(() => loadDialog().then((module) => ({ default: module.SubAccountDialog })));

export interface SubAccountSwitcherProps {
  user: SignedInUser;
}

/** The header's account button: shows who is signed in and opens the account switcher (spec §4 "Sub-account switching"). */
export function SubAccountSwitcher({ user }: SubAccountSwitcherProps) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="plain"
        className="account-switcher"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-testid="account-switcher"
        onClick={() => setOpen(true)}
        // Pointing at or focusing the button fetches the dialog's code, so it is there by the click.
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
      >
        <span className="app-header__user" data-testid="signed-in-user">
          {t('auth.signedInAs', { name: user.displayName })}
        </span>
        {(user.isDemo || user.isSub) && (
          <span className={`account-badge account-badge--${user.isDemo ? 'demo' : 'sub'}`} data-testid="account-kind">
            {t(user.isDemo ? 'sub.demo' : 'sub.badge')}
          </span>
        )}
        <span className="visually-hidden">{t('sub.switch')}</span>
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <SubAccountDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
