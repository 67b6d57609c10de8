import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useT } from '../i18n/i18n';
import { handOverFirstPaint } from '../ui/first-paint';
import { markPageShown } from '../ui/page-shown';
import { StateView } from '../ui/StateView';
import { keptAtText } from './asset-format';
import type { AssetView } from './use-asset-reply';

/** A signed-out visitor's line and the way to sign in and come back here. */
function SignInPrompt() {
  const t = useT();
  const redirect = typeof location === 'undefined' ? undefined : location.pathname;
  return (
    <div className="asset__sign-in" data-state="signed-out">
      <p>{t('asset.signInFirst')}</p>
      <Link to="/login" search={redirect ? { redirect } : {}} className="button button--primary button--md">
        {t('asset.signIn')}
      </Link>
    </div>
  );
}

/**
 * An asset read's states around its figures: signed out, loading, failed (offline with nothing kept), and ready —
 * with "Offline — as of 14:32" above last-known figures.
 */
export function AssetStates<T>({
  view,
  onRetry,
  children,
}: {
  view: AssetView<T>;
  onRetry: () => void;
  children: (data: T, isKept: boolean) => ReactNode;
}) {
  const t = useT();
  const isReady = view.status === 'ready';
  useEffect(() => {
    // The effect runs once the figures are committed: background work may start after them.
    if (isReady) markPageShown();
  }, [isReady]);
  // The gateway's first paint of `/trade-asset` (src/ui/first-paint.ts) stays until the page has its own answer.
  const isSettled = view.status !== 'loading';
  useEffect(() => (isSettled ? handOverFirstPaint() : undefined), [isSettled]);
  if (view.status === 'signedOut') return <SignInPrompt />;
  if (view.status === 'loading') return <StateView state="loading" message={t('asset.loading')} />;
  if (view.status === 'error')
    return (
      <StateView
        state={view.isOffline ? 'offline' : 'error'}
        message={view.isOffline ? t('asset.offline') : view.message || t('asset.error')}
        onRetry={onRetry}
      />
    );
  const isKept = view.cachedAt !== null;
  return (
    <>
      {isKept && (
        <p className="asset__kept" role="status" data-testid="asset-offline">
          {t('asset.offlineAsOf', { time: keptAtText(view.cachedAt!) })}
        </p>
      )}
      {children(view.data, isKept)}
    </>
  );
}
