import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../engine/rules/locales';
import { i18nState, useT } from '../i18n/i18n';
import { Icon } from '../ui/Icon';
import { AfterFirstCommit } from '../ui/PageTransition';
import { usePageShown } from '../ui/page-shown';
import { useDisclosure } from '../ui/use-disclosure';
import { setTheme, settingsState } from '../settings/settings';
import { opensHere } from '../simulation/simulation';
import { AccountMenu } from './AccountMenu';
import { CurrencyPicker } from './CurrencyPicker';
import { LanguagePicker } from './LanguagePicker';
import { chooseLocale } from './locale-sync';
import { DocumentTitle } from './page-title';
import './app-header.css';

/** How long the announcements badge waits for a page that never says it has shown its figures. */
const BADGE_FALLBACK_MS = 2000;

/** The announcements badge: its own chunk, loaded once the page has shown its figures (not the page's bytes). */
const UnreadBadge = lazy(() => import('../content/UnreadBadge').then((m) => ({ default: m.UnreadBadge })));

/**
 * The top bar: brand, navigation, account, language and theme. Where they would not fit on one line (phones,
 * tablets), navigation and tools fold into one menu behind a button; the same controls, so a dialog opened from the
 * menu keeps its state.
 */
export function AppHeader() {
  const t = useT();
  const router = useRouter();
  const { locale } = useSnapshot(i18nState);
  const { theme } = useSnapshot(settingsState);
  const menu = useDisclosure();
  const isPageShown = usePageShown(BADGE_FALLBACK_MS);

  // Any navigation (a link in the menu, signing out) folds the menu away.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    menu.close();
  }

  const onLanguage = async (next: Locale) => {
    await chooseLocale(next);
    // Navigating to the same place re-writes the URL with the new language prefix.
    const { pathname, search, hash } = router.state.location;
    await router.navigate({ to: pathname, search, hash });
  };

  return (
    <header className="app-header">
      <DocumentTitle />
      <Link to="/" search={{}} className="app-header__brand">
        {t('nav.brand')}
      </Link>
      <button
        ref={menu.buttonRef}
        type="button"
        className="app-header__menu-button"
        aria-expanded={menu.isOpen}
        aria-controls={menu.panelId}
        onClick={menu.toggle}
        data-testid="menu-button"
      >
        <Icon name="menu" size={20} />
        <span className="visually-hidden">{t('nav.menu')}</span>
      </button>
      <div
        ref={menu.panelRef}
        id={menu.panelId}
        className="app-header__menu"
        data-open={menu.isOpen || undefined}
        data-testid="header-menu"
      >
        <nav className="app-header__nav" aria-label={t('nav.menu')}>
          {/* Simulation mode has no markets list (spec §2.1): the pair switcher of its trading screens browses them. */}
          {opensHere('/') && (
            <Link to="/" search={{}} activeProps={{ 'aria-current': 'page' }}>
              {t('nav.markets')}
            </Link>
          )}
          <Link to="/spot/$symbol" params={{ symbol: 'BTCUSDT' }} activeProps={{ 'aria-current': 'page' }}>
            {t('nav.spot')}
          </Link>
          <Link to="/futures/usdt/$symbol" params={{ symbol: 'BTCUSDT' }} activeProps={{ 'aria-current': 'page' }}>
            {t('nav.futures')}
          </Link>
          <Link to="/asset" activeProps={{ 'aria-current': 'page' }}>
            {t('nav.assets')}
          </Link>
        </nav>
        {/* On the first load the tools mount one transition after the header's first commit (their height is kept
            free for them), which keeps that commit, the page's largest, a short task on a slow phone. */}
        <div className="app-header__tools">
          <AfterFirstCommit>
            {!opensHere('/announcements') ? null : isPageShown ? (
              <Suspense fallback={<span className="app-header__badge-slot" aria-hidden="true" />}>
                <UnreadBadge />
              </Suspense>
            ) : (
              <span className="app-header__badge-slot" aria-hidden="true" />
            )}
            <AccountMenu />
            <LanguagePicker locale={locale} onChoose={(next) => void onLanguage(next)} />
            <CurrencyPicker />
            <label className="app-header__field">
              <span className="visually-hidden">{t('settings.theme')}</span>
              <select
                value={theme}
                onChange={(e) => setTheme(e.target.value === 'light' ? 'light' : 'dark')}
                data-testid="theme-select"
              >
                <option value="dark">{t('theme.dark')}</option>
                <option value="light">{t('theme.light')}</option>
              </select>
            </label>
          </AfterFirstCommit>
        </div>
      </div>
    </header>
  );
}
