// Applies the theme and text direction before first paint, so the page never flashes the wrong one.
// It runs before the bundle, so it cannot import: it mirrors SETTING_KEYS and the cookie rules of
// engine/rules/settings.ts, and tests/unit/boot-script.test.ts keeps the two in step.
(() => {
  const root = document.documentElement;
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const cookie = (name) => {
    const found = document.cookie.split(';').find((part) => part.trim().startsWith(`${name}=`));
    return found ? found.slice(found.indexOf('=') + 1).trim() : null;
  };
  let theme = read('global_theme');
  if (theme !== 'light' && theme !== 'dark') {
    const fromCookie = cookie('theme');
    theme = fromCookie === 'white' || fromCookie === 'light' ? 'light' : 'dark';
  }
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  // ROUTE_LANGUAGES of engine/rules/locales.ts: a language prefix wins over the stored locale.
  const prefixes = 'bg en asia en-GB ja vi ru es tr it fr de zh-CN zh-TW zh-TC pt id th pl uk pt-PT es-ES uz ar ph'.split(' ');
  const segment = location.pathname.split('/')[1] || '';
  const language = prefixes.includes(segment) ? segment : read('global_locale');
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
})();
