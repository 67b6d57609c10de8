import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useT } from '../../i18n/i18n';
import { authState } from '../../session/auth-state';
import './api-keys.css';

/** The gateway's API addresses as a client library is given them: its origin, and its WebSocket twins. */
function baseUrls(origin: string) {
  const socket = origin.replace(/^http/, 'ws');
  return { rest: origin, publicWs: `${socket}/v2/ws/public`, privateWs: `${socket}/v2/ws/private` };
}

/** `/api`: what the API offers, where it is, how requests are signed, and the way to the account's keys. */
export function ApiPage() {
  const t = useT();
  const { status } = useSnapshot(authState);
  const urls = baseUrls(location.origin);
  const rows = [
    [t('api.restUrl'), urls.rest, 'api-rest-url'],
    [t('api.publicWs'), urls.publicWs, 'api-public-ws'],
    [t('api.privateWs'), urls.privateWs, 'api-private-ws'],
  ] as const;
  return (
    <section className="api-keys api-page" aria-labelledby="api-title">
      <h1 id="api-title">{t('api.title')}</h1>
      <p>{t('api.intro')}</p>
      <ul className="api-page__offers">
        <li>{t('api.rest')}</li>
        <li>{t('api.ws')}</li>
      </ul>
      <h2 className="api-keys__subtitle">{t('api.baseUrls')}</h2>
      <dl className="api-keys__facts">
        {rows.map(([name, url, testId]) => (
          <div key={testId} className="api-page__url">
            <dt>{name}</dt>
            <dd>
              <code className="api-keys__mono" dir="ltr" data-testid={testId}>
                {url}
              </code>
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="api-keys__subtitle">{t('api.signing')}</h2>
      <p>{t('api.signRule')}</p>
      <p className="api-page__manage">
        {status === 'signedIn' ? (
          <Link to="/account/newapi" className="api-page__link">
            {t('api.manage')}
          </Link>
        ) : (
          <Link to="/login" search={{ redirect: '/account/newapi' }} className="api-page__link">
            {t('api.signInToManage')}
          </Link>
        )}
      </p>
    </section>
  );
}
