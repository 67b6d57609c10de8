import type { ReadState } from '../../api/read-state';
import { SignInPrompt } from '../../api/SignInPrompt';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { isNotMainError, subFailureText } from './sub-accounts-api';

export interface SubLoadStateProps {
  view: ReadState<unknown>;
  onRetry: () => void;
}

/**
 * What a sub-account page shows instead of its data: loading, signed out, not a main account (a sub-account's
 * session is refused these pages), failed or offline.
 */
export function SubLoadState({ view, onRetry }: SubLoadStateProps) {
  const t = useT();
  if (view.status === 'loading') return <StateView state="loading" />;
  if (view.status === 'signedOut')
    return <SignInPrompt message={t('subaccounts.signInFirst')} testId="subs-signed-out" />;
  if (view.status === 'failed' && isNotMainError(view.error))
    return <StateView state="empty" message={t('subaccounts.mainOnly')} className="subs__notice" />;
  if (view.status === 'failed')
    return view.offline ? (
      <StateView state="offline" onRetry={onRetry} />
    ) : (
      <StateView state="error" message={subFailureText(t, view.error)} onRetry={onRetry} />
    );
  return null;
}
