import { Link, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../engine/rules/locales';
import { i18nState, useT } from '../i18n/i18n';
import { AfterFirstCommit } from '../ui/PageTransition';
import { setTheme, settingsState } from '../settings/settings';
import { AccountMenu } from './AccountMenu';
import { LanguagePicker } from './LanguagePicker';
import { chooseLocale } from './locale-sync';
import './app-header.css';

/** The top bar: brand, navigation, language and theme. */
export function AppHeader() {
  const t = useT();
  const router = useRouter();
  const { locale } = useSnapshot(i18nState);
  const { theme } = useSnapshot(settingsState);

  const onLanguage = async (next: Locale) => {
    await chooseLocale(next);
    // Navigating to the same place re-writes the URL with the new language prefix.
    const { pathname, search, hash } = router.state.location;
    await router.navigate({ to: pathname, search, hash });
  };

  return (
    <header className="app-header">
      <Link to="/" search={{}} className="app-header__brand">
        {t('nav.brand')}
      </Link>
      <nav className="app-header__nav" aria-label={t('nav.menu')}>
        <Link to="/" search={{}} activeProps={{ 'aria-current': 'page' }}>
          {t('nav.markets')}
        </Link>
        <Link to="/spot/$symbol" params={{ symbol: 'BTCUSDT' }} activeProps={{ 'aria-current': 'page' }}>
          {t('nav.spot')}
        </Link>
        <Link to="/futures/usdt/$symbol" params={{ symbol: 'BTCUSDT' }} activeProps={{ 'aria-current': 'page' }}>
          {t('nav.futures')}
        </Link>
      </nav>
      {/* On the first load the tools mount one transition after the header's first commit (their height is kept
          free for them), which keeps that commit, the page's largest, a short task on a slow phone. */}
      <div className="app-header__tools">
        <AfterFirstCommit>
          <AccountMenu />
          <LanguagePicker locale={locale} onChoose={(next) => void onLanguage(next)} />
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
    </header>
  );
}
