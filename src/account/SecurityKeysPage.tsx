import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import { StateView } from '../ui/StateView';
import { AddSecurityKey } from './AddSecurityKey';
import { SecurityKeyList } from './SecurityKeyList';
import '../auth/auth.css';
import './security-keys.css';

const route = getRouteApi('/account/security');

/** `/account/security`: the signed-in user's security keys (list, add, remove); a sign-in prompt otherwise. */
export function SecurityKeysPage() {
  const t = useT();
  const router = useRouter();
  const data = route.useLoaderData();
  const reload = () => router.invalidate();

  return (
    <section className="auth security-keys" aria-labelledby="security-title">
      <h1 id="security-title">{t('security.title')}</h1>
      {data.state === 'signedOut' && (
        <p>
          {t('security.signInFirst')}{' '}
          <Link to="/login" search={{ redirect: '/account/security' }}>
            {t('nav.signIn')}
          </Link>
        </p>
      )}
      {data.state === 'failed' && (
        <StateView state="error" message={data.message || undefined} onRetry={() => void reload()} />
      )}
      {data.state === 'ready' && (
        <>
          <p>{t('security.intro')}</p>
          <SecurityKeyList keys={data.list.credentials} onRemoved={reload} />
          <AddSecurityKey onAdded={reload} />
          {/* The account's other keys: those its scripts and bots sign the API with. */}
          <p>
            <Link to="/account/newapi" data-testid="api-keys-link">
              {t('apiKeys.title')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
