import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { subFailureText } from './sub-accounts-api';
import type { SubLoad } from './use-sub-load';

export interface SubLoadStateProps {
  view: SubLoad<unknown>;
  /** Where sign-in comes back to. */
  redirect: string;
  onRetry: () => void;
}

/** What a sub-account page shows instead of its data: loading, signed out, not a main account, failed or offline. */
export function SubLoadState({ view, redirect, onRetry }: SubLoadStateProps) {
  const t = useT();
  if (view.status === 'loading') return <StateView state="loading" />;
  if (view.status === 'signedOut')
    return (
      <p data-testid="subs-signed-out">
        {t('subaccounts.signInFirst')}{' '}
        <Link to="/login" search={{ redirect }}>
          {t('nav.signIn')}
        </Link>
      </p>
    );
  if (view.status === 'notMain')
    return <StateView state="empty" message={t('subaccounts.mainOnly')} className="subs__notice" />;
  if (view.status === 'failed')
    return view.isOffline ? (
      <StateView state="offline" onRetry={onRetry} />
    ) : (
      <StateView state="error" message={subFailureText(t, view.error)} onRetry={onRetry} />
    );
  return null;
}
