import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useT } from '../i18n/i18n';
import { currentPath, loginHref } from './login-link';
import './read-states.css';

type AppRouter = ReturnType<typeof useRouter>;

/** Where the user is now, query string included: the router's place inside a router, else the browser's. */
function hereOf(router: AppRouter | undefined): string {
  if (!router) return currentPath();
  const { pathname, searchStr } = router.state.location;
  return `${pathname}${searchStr}`;
}

/** A plain left click, which the router may take over; any other click keeps the browser's own behaviour. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * The one sign-in prompt of the app (README, reading data): the page's line on what signing in shows, and the way
 * to sign in and come back to this page, query string included (the pair and the tab of `/trade/BTCUSDT?tab=orders`).
 * Inside a router the link is a client-side navigation; outside one (the in-app pages' tests, an embedded panel) a
 * plain page load.
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
  const router = useRouter({ warn: false }) as AppRouter | undefined;
  const href = loginHref(hereOf(router));
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!router || !isPlainClick(event)) return;
    event.preventDefault();
    // Where the user is at the click, which a search-only change may have moved since this prompt was drawn.
    const redirect = new URL(loginHref(hereOf(router)), location.origin).searchParams.get('redirect');
    void router.navigate({ to: '/login', search: redirect ? { redirect } : {} });
  };
  return (
    <div
      className={['sign-in-prompt', className].filter(Boolean).join(' ')}
      data-state="signed-out"
      data-testid={testId}
    >
      <p>{message}</p>
      <a href={href} onClick={onClick} className="button button--primary button--md">
        {t('nav.signIn')}
      </a>
    </div>
  );
}
