import { useMemo } from 'react';
import { ReadStates } from '../../api/ReadStates';
import { useMorePages } from '../../api/use-more-pages';
import { useIntlTag, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { StateView } from '../../ui/StateView';
import { agentText, osText, placeText, resultText } from './device-texts';
import { loginHistoryPage } from './devices-api';
import './devices.css';

/**
 * The account's sign-in history (time, device, address and place, result), newest first, a page at a time. Reads
 * itself, so any account page can show it; its texts are the `devices` namespace's (the route loads them).
 */
export function LoginHistorySection() {
  const t = useT();
  const intlTag = useIntlTag();
  const { state: view, refresh, more, loadMore } = useMorePages(loginHistoryPage);
  const format = useMemo(
    () => new Intl.DateTimeFormat(intlTag, { dateStyle: 'medium', timeStyle: 'medium' }),
    [intlTag],
  );

  return (
    <section className="login-history" aria-labelledby="login-history-title">
      <h2 id="login-history-title" className="login-history__title">
        {t('devices.history.title')}
      </h2>
      <p className="devices__muted">{t('devices.history.intro')}</p>
      <ReadStates
        state={view}
        onRetry={() => void refresh()}
        texts={{ signIn: t('devices.signInFirst'), failed: t('devices.history.loadFailed') }}
        testIds={{ signedOut: 'login-history-signed-out' }}
      >
        {(page) =>
          page.rows.length === 0 ? (
            <StateView state="empty" message={t('devices.history.empty')} />
          ) : (
            <>
              <ol className="login-history__list" aria-label={t('devices.history.title')}>
                {page.rows.map((row) => (
                  <li
                    key={row.id}
                    className="login-history__item"
                    data-result={row.result}
                    data-testid="login-history-row"
                  >
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
              {more.status === 'failed' && (
                <StateView
                  state={more.offline ? 'offline' : 'error'}
                  message={more.offline ? undefined : t('devices.history.loadFailed')}
                  onRetry={loadMore}
                />
              )}
              {page.next !== null && more.status !== 'failed' && (
                <div className="login-history__more">
                  <Button loading={more.status === 'loading'} onClick={loadMore}>
                    {t('devices.history.more')}
                  </Button>
                </div>
              )}
            </>
          )
        }
      </ReadStates>
    </section>
  );
}
