import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import { currentPath, loginHref, safeRedirect } from './login-link';
import './read-states.css';

const LINK_CLASS = 'button button--primary button--md';

/** Sign in, coming back to the router's page, query string included; the router writes the language prefix. */
function RouterSignInLink({ label }: { label: string }) {
  const redirect = useLocation({ select: (location) => safeRedirect(`${location.pathname}${location.searchStr}`) });
  return (
    <Link to="/login" search={redirect ? { redirect } : {}} className={LINK_CLASS}>
      {label}
    </Link>
  );
}

/**
 * The one sign-in prompt of the app (README, reading data): the page's line on what signing in shows, and the way
 * to sign in and come back to this page, query string included (the pair and the tab of `/trade/BTCUSDT?tab=orders`).
 * Inside a router the link is the router's; outside one (a panel rendered on its own) a plain link to the same place.
 */
export function SignInPrompt({
  message,
  testId = 'signed-out',
  className,
}: {
  /** What signing in shows on this page ("Sign in to see your assets."). */
  message: string;
  testId?: string;
  className?: string;
}) {
  const t = useT();
  const inRouter = Boolean(useRouter({ warn: false }));
  return (
    <div
      className={['sign-in-prompt', className].filter(Boolean).join(' ')}
      data-state="signed-out"
      data-testid={testId}
    >
      <p>{message}</p>
      {inRouter ? (
        <RouterSignInLink label={t('nav.signIn')} />
      ) : (
        <a href={loginHref(currentPath())} className={LINK_CLASS}>
          {t('nav.signIn')}
        </a>
      )}
    </div>
  );
}
