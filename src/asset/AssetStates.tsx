import { type ReactNode, useEffect } from 'react';
import type { ReadState } from '../api/read-state';
import { ReadStates } from '../api/ReadStates';
import { useT } from '../i18n/i18n';
import { handOverFirstPaint } from '../ui/first-paint';
import { keptAtText } from './asset-format';

/**
 * An asset read's states around its figures ({@link ReadStates} with the asset pages' words): signed out, loading,
 * failed (offline with nothing kept), and ready — with "Offline — as of 14:32" above last-known figures.
 */
export function AssetStates<T>({
  state,
  onRetry,
  children,
}: {
  state: ReadState<T>;
  onRetry: () => void;
  children: (data: T, isKept: boolean) => ReactNode;
}) {
  const t = useT();
  // The gateway's first paint of `/trade-asset` (src/ui/first-paint.ts) stays until the page has its own answer.
  const isSettled = state.status !== 'loading';
  useEffect(() => (isSettled ? handOverFirstPaint() : undefined), [isSettled]);
  return (
    <ReadStates
      state={state}
      onRetry={onRetry}
      texts={{
        signIn: t('asset.signInFirst'),
        loading: t('asset.loading'),
        failed: t('asset.error'),
        offline: t('asset.offline'),
        keptAsOf: (at) => t('asset.offlineAsOf', { time: keptAtText(at) }),
      }}
      testIds={{ kept: 'asset-offline' }}
    >
      {children}
    </ReadStates>
  );
}
