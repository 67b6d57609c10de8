import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useT } from '../../i18n/i18n';
import { currentPath, loginHref } from '../login-link';

export interface SignInToTradeProps {
  message: string;
}

/** What a signed-out visitor sees instead of account data: a short line and a link to sign in and come back. */
export function SignInToTrade({ message }: SignInToTradeProps) {
  const t = useT();
  // Outside a router (tests, an embedded panel) the link is a plain page load; inside, a client-side navigation.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const href = loginHref(currentPath());
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      !router ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    const redirect = new URL(href, location.origin).searchParams.get('redirect');
    void router.navigate({ to: '/login', search: redirect ? { redirect } : {} });
  };
  return (
    <div className="trade-sign-in" data-state="signed-out">
      <p className="trade-sign-in__message">{message}</p>
      <a className="trade-sign-in__link button button--primary button--md" href={href} onClick={onClick}>
        {t('nav.signIn')}
      </a>
    </div>
  );
}
