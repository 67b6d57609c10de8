import { type ReactNode, useEffect } from 'react';
import { useT } from '../i18n/i18n';
import { markPageShown } from '../ui/page-shown';
import { StateView } from '../ui/StateView';
import { classifyFailure, failureText, type ReadState } from './read-state';
import { SignInPrompt } from './SignInPrompt';
import './read-states.css';

/** What a page says in each state of its read; each has a general default. */
export interface ReadTexts {
  /** The sign-in prompt's line: what signing in shows here (a read that needs a session). */
  signIn?: string;
  loading?: string;
  /** A failure without a localized text of its own, or the page's own wording of each failure. */
  failed?: string | ((error: unknown) => string);
  /** Offline with nothing kept. */
  offline?: string;
  /** Above kept figures: "Offline — as of 14:32". */
  keptAsOf?: (at: number) => string;
}

/**
 * A read's states around its data (README, reading data): the sign-in prompt, loading, failed or offline with Retry,
 * and the data — above it, when it is not fresh, the time it was kept (where the page words that), else the failure
 * of the refresh that could not replace it, with Retry. Marks the page shown once the data is.
 */
export function ReadStates<T>({
  state,
  onRetry,
  texts,
  testIds = {},
  className,
  children,
}: {
  state: ReadState<T>;
  onRetry: () => void;
  texts: ReadTexts;
  /** The sign-in prompt's and the kept note's test ids. */
  testIds?: { signedOut?: string; kept?: string };
  /** The class of the loading and failure views, where they stand in for the data. */
  className?: string;
  children: (data: T, isKept: boolean) => ReactNode;
}) {
  const t = useT();
  const isReady = state.status === 'ready';
  useEffect(() => {
    // The effect runs once the figures are committed: background work may start after them.
    if (isReady) markPageShown();
  }, [isReady]);
  if (state.status === 'signedOut')
    return <SignInPrompt message={texts.signIn ?? t('nav.signIn')} testId={testIds.signedOut} />;
  if (state.status === 'loading') return <StateView state="loading" message={texts.loading} className={className} />;
  const failure = (error: unknown, offline: boolean) => (
    <StateView
      state={offline ? 'offline' : 'error'}
      message={
        offline
          ? texts.offline
          : typeof texts.failed === 'function'
            ? texts.failed(error)
            : failureText(error, texts.failed ?? t('error.unknow'))
      }
      onRetry={onRetry}
      className={className}
    />
  );
  if (state.status === 'failed') return failure(state.error, state.offline);
  const isKept = state.keptAt !== null;
  const hasFailed = state.error !== null && state.error !== undefined;
  return (
    <>
      {isKept && texts.keptAsOf ? (
        <p className="read-kept" role="status" data-testid={testIds.kept ?? 'read-kept'}>
          {texts.keptAsOf(state.keptAt!)}
        </p>
      ) : (
        hasFailed && failure(state.error, classifyFailure(state.error) === 'offline')
      )}
      {children(state.data, isKept)}
    </>
  );
}
