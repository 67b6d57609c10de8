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
  // The language's Intl tag (LOCALES[].intl, through routeLanguageToLocale for prefixes), so the static shell
  // is already laid out in the page's language: the right glyphs, and font lookups the first render reuses.
  const tags = Object.fromEntries(
    'en=en-US en-GB=en-GB ja=ja-JP vi=vi-VN ru=ru-RU es=es-419 tr=tr-TR it=it-IT fr=fr-FR de=de-DE zh-CN=zh-Hans-CN zh-TW=zh-Hant-TW pt=pt-BR id=id-ID th=th-TH nl=nl-NL pl=pl-PL uk=uk-UA sv=sv-SE pt-PT=pt-PT es-ES=es-ES uz=uz-Latn-UZ ar=ar-u-nu-latn ko=ko-KR bg=bg-BG en-IN=en-IN en-PH=en-PH en-ZA=en-ZA asia=en-US zh-TC=zh-Hant-TW ph=en-PH'
      .split(' ')
      .map((pair) => pair.split('=')),
  );
  if (language && Object.hasOwn(tags, language)) root.lang = tags[language];
})();
