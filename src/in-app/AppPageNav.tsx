import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { goBack, sharePage } from '../bridge/app-actions';
import { useT } from '../i18n/i18n';
import { showToast } from '../ui/toast/toast-state';
import './in-app.css';

export interface AppPageNavProps {
  /** The market the trading pages open (kept when moving between them). */
  symbol?: string;
  /** What the Share button sends; no button without it. */
  share?: { title: string; text: string };
}

/**
 * The in-app pages' own navigation (the web header is hidden in the app): back (at the webview's first page the app
 * closes it, `popBack`), spot, futures, contract information, open orders and assets with the market kept across
 * them, and a Share button that uses the app's sheet.
 */
export function AppPageNav({ symbol, share }: AppPageNavProps) {
  const t = useT();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);
  const search = symbol ? { symbol } : {};
  const link = { className: 'app-nav__link', activeProps: { 'aria-current': 'page' as const } };
  const onShare = async () => {
    if (!share || sharing) return;
    setSharing(true);
    const outcome = await sharePage({ ...share, url: location.href });
    setSharing(false);
    if (outcome === 'copied') showToast({ type: 'success', message: t('inApp.copied') });
    else if (typeof outcome === 'object') showToast({ type: 'error', message: outcome.failed });
  };
  return (
    <nav className="app-nav" aria-label={t('inApp.nav.label')}>
      <button
        type="button"
        className="app-nav__back"
        aria-label={t('inApp.back')}
        onClick={() => goBack(() => void navigate({ to: '/' }))}
        data-testid="app-back"
      >
        <span aria-hidden="true" className="app-nav__back-arrow" />
      </button>
      <div className="app-nav__links">
        <Link to="/trade-spot" search={search} {...link}>
          {t('inApp.nav.spot')}
        </Link>
        <Link to="/trade-swap" search={search} {...link}>
          {t('inApp.nav.futures')}
        </Link>
        <Link to="/trade-info" search={search} {...link}>
          {t('inApp.nav.info')}
        </Link>
        <Link to="/trade-asset-order" {...link}>
          {t('inApp.nav.orders')}
        </Link>
        <Link to="/trade-asset" {...link}>
          {t('inApp.nav.assets')}
        </Link>
      </div>
      {share && (
        <button
          type="button"
          className="app-nav__share"
          onClick={() => void onShare()}
          aria-busy={sharing || undefined}
          aria-label={t('inApp.share')}
          title={t('inApp.share')}
          data-testid="app-share"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </nav>
  );
}
