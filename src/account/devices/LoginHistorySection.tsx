import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isOfflineError, isSignedOutError } from '../../api/failures';
import { useIntlTag, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { StateView } from '../../ui/StateView';
import { agentText, osText, placeText, resultText } from './device-texts';
import { type LoginHistoryRow, loginHistoryPage } from './devices-api';
import './devices.css';

type HistoryView =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'failed'; isOffline: boolean }
  | {
      status: 'ready';
      rows: LoginHistoryRow[];
      next: string | null;
      /** The next page is being read, or failed (with whether offline). */
      more: 'idle' | 'loading' | { isOffline: boolean };
    };

/**
 * The account's sign-in history (time, device, address and place, result), newest first, a page at a time. Reads
 * itself, so any account page can show it; its texts are the `devices` namespace's (the route loads them).
 */
export function LoginHistorySection() {
  const t = useT();
  const intlTag = useIntlTag();
  const [view, setView] = useState<HistoryView>({ status: 'loading' });
  const isMounted = useRef(true);
  const format = useMemo(
    () => new Intl.DateTimeFormat(intlTag, { dateStyle: 'medium', timeStyle: 'medium' }),
    [intlTag],
  );

  const readFirst = useCallback(async () => {
    setView({ status: 'loading' });
    try {
      const page = await loginHistoryPage(null);
      if (isMounted.current) setView({ status: 'ready', rows: page.rows, next: page.next, more: 'idle' });
    } catch (error) {
      if (!isMounted.current) return;
      setView(
        isSignedOutError(error) ? { status: 'signedOut' } : { status: 'failed', isOffline: isOfflineError(error) },
      );
    }
  }, []);

  useEffect(() => {
    isMounted.current = true;
    void readFirst();
    return () => {
      isMounted.current = false;
    };
  }, [readFirst]);

  const readMore = async () => {
    if (view.status !== 'ready' || view.next === null || view.more === 'loading') return;
    const { rows, next } = view;
    setView({ ...view, more: 'loading' });
    try {
      const page = await loginHistoryPage(next);
      if (isMounted.current) setView({ status: 'ready', rows: [...rows, ...page.rows], next: page.next, more: 'idle' });
    } catch (error) {
      if (!isMounted.current) return;
      if (isSignedOutError(error)) return setView({ status: 'signedOut' });
      setView({ status: 'ready', rows, next, more: { isOffline: isOfflineError(error) } });
    }
  };

  return (
    <section className="login-history" aria-labelledby="login-history-title">
      <h2 id="login-history-title" className="login-history__title">
        {t('devices.history.title')}
      </h2>
      <p className="devices__muted">{t('devices.history.intro')}</p>
      {view.status === 'loading' && <StateView state="loading" />}
      {view.status === 'signedOut' && <p>{t('devices.signInFirst')}</p>}
      {view.status === 'failed' && (
        <StateView
          state={view.isOffline ? 'offline' : 'error'}
          message={view.isOffline ? undefined : t('devices.history.loadFailed')}
          onRetry={() => void readFirst()}
        />
      )}
      {view.status === 'ready' && view.rows.length === 0 && (
        <StateView state="empty" message={t('devices.history.empty')} />
      )}
      {view.status === 'ready' && view.rows.length > 0 && (
        <>
          <ol className="login-history__list" aria-label={t('devices.history.title')}>
            {view.rows.map((row) => (
              <li key={row.id} className="login-history__item" data-result={row.result} data-testid="login-history-row">
                <span className="login-history__result">{resultText(t, row.result)}</span>
                <time className="login-history__time" dateTime={new Date(row.at).toISOString()}>
                  {format.format(row.at)}
                </time>
                <span className="login-history__device">{`${agentText(t, row)} · ${osText(t, row)}`}</span>
                <span className="login-history__where">
                  <bdi dir="ltr">{row.ip || '—'}</bdi> · {placeText(t, row.place, intlTag)}
                </span>
              </li>
            ))}
          </ol>
          {typeof view.more === 'object' && (
            <StateView
              state={view.more.isOffline ? 'offline' : 'error'}
              message={view.more.isOffline ? undefined : t('devices.history.loadFailed')}
              onRetry={() => void readMore()}
            />
          )}
          {view.next !== null && typeof view.more !== 'object' && (
            <div className="login-history__more">
              <Button loading={view.more === 'loading'} onClick={() => void readMore()}>
                {t('devices.history.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
