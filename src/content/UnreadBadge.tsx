import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { i18nState, loadTexts, useT } from '../i18n/i18n';
import { authState } from '../session/auth-state';
import { refreshUnread, unreadState } from './unread-state';
import './unread-badge.css';

/** Counts above this show as "99+" (the accessible name keeps the exact number). */
const MAX_SHOWN = 99;

/**
 * The header's link to `/announcements` with the unread count: the gateway's for a signed-in user, this device's
 * marks for a visitor. It reads the count again on sign-in, sign-out, a language switch and every navigation.
 */
export function UnreadBadge() {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const { status } = useSnapshot(authState);
  const { count } = useSnapshot(unreadState);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // The badge's texts live with the announcements (a small chunk); it shows once they are in, never a bare key.
  const [hasTexts, setHasTexts] = useState(() => loadTexts('content') === undefined);
  useEffect(() => {
    if (!hasTexts)
      void loadTexts('content')?.then(
        () => setHasTexts(true),
        () => undefined,
      );
  }, [hasTexts]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: status and pathname are triggers, not inputs.
  useEffect(() => {
    if (status !== 'unknown') void refreshUnread(locale);
  }, [locale, status, pathname]);

  if (!hasTexts) return <span className="app-header__badge-slot" aria-hidden="true" />;
  const unread = count ?? 0;
  return (
    <Link
      to="/announcements"
      className="unread-badge"
      aria-label={t('content.badge.label', { count: unread })}
      activeProps={{ 'aria-current': 'page' }}
      data-testid="unread-badge"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread > 0 && (
        <span className="unread-badge__count" aria-hidden="true" data-testid="unread-count">
          {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
        </span>
      )}
    </Link>
  );
}
