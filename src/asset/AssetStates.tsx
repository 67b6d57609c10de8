import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from 'react';
import { formatDateTime } from '../../engine/format/date-time';
import type { ReadState } from '../api/read-state';
import { ReadStates } from '../api/ReadStates';
import { useIntlTag, useT } from '../i18n/i18n';
import { handOverFirstPaint } from '../ui/first-paint';
import { markPageShown } from '../ui/page-shown';

/** What one read tells its page's offline notice: when its figures were kept, that it failed offline, or nothing. */
type OfflineMark = number | 'offline' | null;
type ReportMark = (read: string, mark: OfflineMark) => void;

/** The page's collector of its reads' marks: the outermost asset read holds it, or an {@link AssetOfflineScope}. */
const OfflineMarks = createContext<ReportMark | null>(null);

/** The marks the reads inside have reported, and the function they report with. */
function useOfflineMarks(): [ReadonlyMap<string, number | 'offline'>, ReportMark] {
  const [marks, setMarks] = useState<ReadonlyMap<string, number | 'offline'>>(() => new Map());
  const report = useCallback<ReportMark>((read, mark) => {
    setMarks((previous) => {
      if ((previous.get(read) ?? null) === mark) return previous;
      const next = new Map(previous);
      if (mark === null) next.delete(read);
      else next.set(read, mark);
      return next;
    });
  }, []);
  return [marks, report];
}

/**
 * The page's one offline notice: "Offline — as of {the oldest kept time}" while any read shows kept figures, else
 * "You are offline" while a read could not load offline; nothing when every read is fresh.
 */
function OfflineNotice({ marks }: { marks: Iterable<OfflineMark> }) {
  const t = useT();
  const intl = useIntlTag();
  let oldest = Number.POSITIVE_INFINITY;
  let isOffline = false;
  for (const mark of marks) {
    if (mark === 'offline') isOffline = true;
    else if (mark !== null) oldest = Math.min(oldest, mark);
  }
  const isKept = oldest !== Number.POSITIVE_INFINITY;
  if (!isKept && !isOffline) return null;
  return (
    <p className="read-kept" role="status" data-testid="asset-offline">
      {isKept ? t('asset.offlineAsOf', { time: formatDateTime(oldest, intl) }) : t('error.offline')}
    </p>
  );
}

/**
 * Gives a page whose reads stand side by side (not one inside another) a single offline notice at its top; the
 * reads inside say nothing of being offline but what they could not load.
 */
export function AssetOfflineScope({ children }: { children: ReactNode }) {
  const outer = useContext(OfflineMarks);
  const [marks, report] = useOfflineMarks();
  if (outer) return children;
  return (
    <OfflineMarks.Provider value={report}>
      <OfflineNotice marks={marks.values()} />
      {children}
    </OfflineMarks.Provider>
  );
}

export interface AssetStatesProps<T> {
  state: ReadState<T>;
  onRetry: () => void;
  /** What stands in for this read's data offline with nothing kept (default: "cannot be loaded offline"). */
  offlineText?: string;
  children: (data: T, isKept: boolean) => ReactNode;
}

/**
 * An asset read's states around its figures ({@link ReadStates} with the asset pages' words): signed out, loading,
 * failed, offline with nothing kept, and ready. A page has one offline notice, at its top: the outermost read shows
 * it ("Offline — as of 25/11/2026, 14:32:05" above last-known figures) for itself and every read inside it, which
 * only say, where they could not load offline, that what they hold is unknown.
 */
export function AssetStates<T>({ state, onRetry, offlineText, children }: AssetStatesProps<T>) {
  const t = useT();
  const report = useContext(OfflineMarks);
  const [marks, collect] = useOfflineMarks();
  const read = useId();
  // The gateway's first paint of `/trade-asset` (src/ui/first-paint.ts) stays until the page has its own answer.
  const isSettled = state.status !== 'loading';
  useEffect(() => (isSettled ? handOverFirstPaint() : undefined), [isSettled]);
  const isReady = state.status === 'ready';
  useEffect(() => {
    if (isReady) markPageShown();
  }, [isReady]);
  const mark: OfflineMark =
    state.status === 'ready' ? state.keptAt : state.status === 'failed' && state.offline ? 'offline' : null;
  useEffect(() => {
    if (!report) return;
    report(read, mark);
    return () => report(read, null);
  }, [report, read, mark]);

  if (state.status !== 'ready') {
    // Under the page's notice, a part that could not load offline is unknown: never "none yet", never a second notice.
    if (report && state.status === 'failed' && state.offline)
      return (
        <p className="asset-unknown" role="status" data-testid="asset-unknown">
          {offlineText ?? t('asset.offlineUnknown')}
        </p>
      );
    return (
      <ReadStates
        state={state}
        onRetry={onRetry}
        texts={{
          signIn: t('asset.signInFirst'),
          loading: t('asset.loading'),
          failed: t('asset.error'),
          offline: offlineText ?? t('asset.offline'),
        }}
      >
        {() => null}
      </ReadStates>
    );
  }
  return (
    <OfflineMarks.Provider value={report ?? collect}>
      {!report && <OfflineNotice marks={[mark, ...marks.values()]} />}
      {children(state.data, state.keptAt !== null)}
    </OfflineMarks.Provider>
  );
}
