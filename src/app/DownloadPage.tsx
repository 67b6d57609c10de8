import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DEFAULT_STORE_LINKS, deepLinkTargetOf, storeLinkOr } from '../../engine/rules/app-download';
import { buildDeepLink } from '../../engine/rules/deep-links';
import { QrCode } from '../ui/QrCode';
import { openOutside } from '../bridge/app-actions';
import { showToast } from '../ui/toast/toast-state';
import { mayBeInApp } from '../bridge/app-bridge';
import { useT } from '../i18n/i18n';
import '../ui/button.css';
import './download.css';

const STORES = {
  appStore: storeLinkOr(import.meta.env.VITE_APP_STORE_URL, DEFAULT_STORE_LINKS.appStore),
  googlePlay: storeLinkOr(import.meta.env.VITE_PLAY_STORE_URL, DEFAULT_STORE_LINKS.googlePlay),
};

const ADDS = ['download.addsAlerts', 'download.addsBiometric', 'download.addsP2p', 'download.addsEarn'] as const;

/** The web page the visitor came from (`?from=`, else a referrer of this site), for the app to open it there. */
function cameFrom(from: string | undefined): string {
  if (from) return from;
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    return referrer && referrer.origin === location.origin ? referrer.pathname : '/';
  } catch {
    return '/';
  }
}

/**
 * `/download`: the app's store links, a QR code of the deep link that opens in the app the page one came from (the
 * alternative scheme, for a phone's camera), and what the app adds over the web. Inside the app it says so.
 */
export function DownloadPage() {
  const t = useT();
  const { from } = useSearch({ from: '/download' });
  const link = useMemo(() => {
    const target = deepLinkTargetOf(cameFrom(from));
    return buildDeepLink(target.path, target.query, { inApp: false, platform: 'web' });
  }, [from]);

  return (
    <section className="download" aria-labelledby="download-title">
      <h1 id="download-title">{t('download.title')}</h1>
      <p className="download__intro">{t('download.intro')}</p>
      {mayBeInApp() ? (
        <>
          <p className="download__in-app" role="status">
            {t('download.inApp')}
          </p>
          {/* A store page is not for the webview: the app opens it in the phone's browser or store (openBrowser). */}
          <button
            type="button"
            className="button button--secondary button--md"
            onClick={() =>
              void openOutside(/\bAndroid\b/.test(navigator.userAgent) ? STORES.googlePlay : STORES.appStore).then(
                (failure) => failure && showToast({ type: 'error', message: failure.failed }),
              )
            }
            data-testid="download-update"
          >
            {t('download.update')}
          </button>
        </>
      ) : (
        <>
          <div className="download__stores">
            <a className="button button--primary button--md" href={STORES.appStore} rel="noopener noreferrer">
              {t('download.appStore')}
            </a>
            <a className="button button--primary button--md" href={STORES.googlePlay} rel="noopener noreferrer">
              {t('download.googlePlay')}
            </a>
          </div>
          {link && (
            <div className="download__scan">
              <h2>{t('download.scanTitle')}</h2>
              <QrCode value={link} label={t('download.qrLabel')} testId="download-qr" />
              <p>{t('download.scanHint')}</p>
              <a className="download__link" href={link} data-testid="download-link">
                {t('download.openLink')}
              </a>
            </div>
          )}
        </>
      )}
      <h2>{t('download.addsTitle')}</h2>
      <ul className="download__adds">
        {ADDS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </section>
  );
}
