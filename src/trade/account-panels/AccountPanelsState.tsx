import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import type { Session, Slice } from './account-store';
import { Button } from '../../ui/Button';
import { StateView } from '../../ui/StateView';
import { SignInPrompt } from '../../api/SignInPrompt';

export interface AccountPanelsStateProps {
  session: Session;
  slice: Slice<unknown>;
  /** Whether the slice holds nothing to show. */
  isEmpty: boolean;
  emptyText: string;
  onRetry(): void;
  children: ReactNode;
}

/**
 * One panel's state: signed out → a sign-in prompt; nothing yet → loading, or the failure with a retry; no rows →
 * the empty text; rows → the rows, with a retry line above them when the newest fetch failed (the rows are the last
 * good ones).
 */
export function AccountPanelsState({ session, slice, isEmpty, emptyText, onRetry, children }: AccountPanelsStateProps) {
  const t = useT();
  if (session === 'signedOut')
    return <SignInPrompt message={t('trade.acct.signIn')} testId="trade-panels-signed-out" className="trade-sign-in" />;
  if (session === 'unknown' || (isEmpty && slice.status === 'loading')) return <StateView state="loading" />;
  if (isEmpty && slice.status === 'error')
    return <StateView state="error" message={slice.error ?? undefined} onRetry={onRetry} />;
  if (isEmpty) return <StateView state="empty" message={emptyText} />;
  return (
    <>
      {slice.status === 'error' && (
        <div className="account-panels__stale" role="alert">
          <span>{t('trade.acct.stale', { reason: slice.error ?? t('error.unknow') })}</span>
          <Button size="sm" variant="plain" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {children}
    </>
  );
}
