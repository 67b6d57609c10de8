import { Link, type LinkProps } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { mayBeInApp } from '../bridge/app-bridge';

export interface AppScreenLinkProps {
  /**
   * The app's own screen for this action (a path of spec §2.2, e.g. `coin/recharge`), or `web` for a page of this
   * site that the app opens in a webview of its own (`main/h5`).
   */
  screen: string;
  /** The web page of the same action: the link outside the app, and where the app has no such screen. */
  to: LinkProps['to'];
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A link that leads into the app where the page runs inside it (the deposit and withdraw actions open the app's
 * own screens; web pages open in a new webview through `main/h5`), and to the web page everywhere else. The app
 * takes the `app://` links its webview is asked to open, so there it is a plain anchor. The deep-link table loads
 * inside the app only; until it has, the web link stands.
 */
export function AppScreenLink({ screen, to, className, testId, children }: AppScreenLinkProps) {
  const path = String(to);
  const [appHref, setAppHref] = useState<string | null>(null);
  useEffect(() => {
    if (!mayBeInApp()) return;
    let live = true;
    void import('../bridge/app-links').then(({ appScreenLink, appWebPageLink }) => {
      if (live) setAppHref(screen === 'web' ? appWebPageLink(path) : appScreenLink(screen));
    });
    return () => {
      live = false;
    };
  }, [screen, path]);
  if (appHref)
    return (
      <a href={appHref} className={className} data-testid={testId} data-app-link="">
        {children}
      </a>
    );
  return (
    <Link to={to} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}
