// Applies the theme and text direction before first paint, so the page never flashes the wrong one.
// It runs before the bundle, so it cannot import: it mirrors SETTING_KEYS and the cookie rules of
// engine/rules/settings.ts, and tests/unit/boot-script.test.ts keeps the two in step.

// Reports CSP violations from the page, as the first script, so none of the page's is missed: the policy names no
// report-uri, since the browser would send one report per violation (a hostile announcement would make every reader
// send dozens). At most MAX_REPORTS distinct ones leave per page view, in the report shape of spec §7.7, naming only
// the directive, the blocked origin (or the browser's word for it: inline, eval…) and the path; never a query string.
(() => {
  const MAX_REPORTS = 3;
  const sent = new Set();
  const originOf = (blocked) => {
    try {
      const url = new URL(blocked);
      return url.origin === 'null' ? url.protocol : url.origin;
    } catch {
      return String(blocked).slice(0, 64);
    }
  };
  document.addEventListener('securitypolicyviolation', (event) => {
    if (sent.size >= MAX_REPORTS) return;
    const data = { event: event.effectiveDirective, reason: originOf(event.blockedURI) };
    const key = `${data.event} ${data.reason}`;
    if (sent.has(key)) return;
    sent.add(key);
    const body = JSON.stringify({ bizType: 'csp', data, timestamp: Date.now(), page: location.pathname });
    fetch('/v1/buried/log/cspSecurity', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  });
})();

(() => {
  // The native app's inbox (contracts/bridge.md §2): there before the app's first reply can arrive. The bridge code,
  // loaded only inside the app, takes it over and answers what it kept (at most 200 messages).
  if (!globalThis.__appBridge) {
    const queue = [];
    const keep = (entry) => {
      if (queue.length < 200) queue.push(entry);
    };
    globalThis.__appBridge = {
      queue,
      onReply: (id, payload) => keep(['reply', id, payload]),
      onEvent: (name, payload) => keep(['event', name, payload]),
    };
  }
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
  const prefixes =
    'bg en asia en-GB ja vi ru es tr it fr de zh-CN zh-TW zh-TC pt id th pl uk pt-PT es-ES uz ar ph'.split(' ');
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

  // Words of the first render written into the static shell as soon as the body is parsed, by the language of
  // the page's Intl tag: the markets page's title (`markets.title`, its largest text, on screen before the bundle
  // runs), the header's first link (`nav.markets`, the same words as the title in every bundle) and the brand
  // (`nav.brand`). Each size and weight of the page's script is then laid out once in the shell, and the first
  // render reuses those fonts instead of cold CJK, Thai or Arabic lookups in a frame of its own.
  const titles = {
    en: 'Markets',
    ja: 'マーケット',
    vi: 'Thị trường',
    ru: 'Рынки',
    es: 'Mercados',
    tr: 'Piyasalar',
    it: 'Mercati',
    fr: 'Marchés',
    de: 'Märkte',
    'zh-Hans': '行情',
    'zh-Hant': '市場',
    pt: 'Mercados',
    id: 'Pasar',
    th: 'ตลาด',
    nl: 'Markten',
    pl: 'Rynki',
    uk: 'Ринки',
    sv: 'Marknader',
    uz: 'Bozorlar',
    ar: 'الأسواق',
    ko: '마켓',
    bg: 'Пазари',
  };
  const brands = {
    ja: '取引所',
    vi: 'Sàn giao dịch',
    ru: 'Биржа',
    tr: 'Borsa',
    de: 'Börse',
    'zh-Hans': '交易所',
    'zh-Hant': '交易所',
    id: 'Bursa',
    th: 'เอ็กซ์เชนจ์',
    pl: 'Giełda',
    uk: 'Біржа',
    sv: 'Börs',
    uz: 'Birja',
    ar: 'منصة التداول',
    ko: '거래소',
    bg: 'Борса',
  };
  // The key of the tables above for a locale or prefix: its Intl tag's language, with the script for Chinese.
  const keyOf = (code) => {
    if (!code || !Object.hasOwn(tags, code)) return null;
    const [lang, script] = tags[code].split('-');
    return lang === 'zh' ? `zh-${script}` : lang;
  };
  // LOCALES[].locale of engine/rules/locales.ts: the values a stored choice or the language cookie may hold.
  const locales =
    'en en-GB ja vi ru es tr it fr de zh-CN zh-TW pt id th nl pl uk sv pt-PT es-ES uz ar ko bg en-IN en-PH en-ZA'.split(
      ' ',
    );
  const localeOf = (value) => (value && locales.includes(value) ? value : null);
  // matchBrowserLanguage of engine/rules/locales.ts, as far as these words go.
  const browserKey = () => {
    const wanted = (typeof navigator === 'object' && (navigator.languages || [navigator.language])) || [];
    for (const tag of wanted) {
      if (typeof tag !== 'string' || tag.length === 0 || tag.length > 64) continue;
      const cleaned = tag.trim().split(/[;.@]/, 1)[0].replace(/_/g, '-').toLowerCase();
      const exact = locales.find((code) => code.toLowerCase() === cleaned);
      if (exact) return keyOf(exact);
      const [primary = '', ...subtags] = cleaned.split('-');
      if (primary === 'zh') {
        const script = subtags.find((s) => /^[a-z]{4}$/.test(s));
        const region = subtags.find((s) => /^(?:[a-z]{2}|\d{3})$/.test(s));
        const isTraditional = script === 'hant' || (script !== 'hans' && ['hk', 'mo', 'tw'].includes(region));
        return isTraditional ? 'zh-Hant' : 'zh-Hans';
      }
      if (primary === 'nb' || primary === 'no' || primary === 'nn') return 'en';
      const code = primary === 'in' ? 'id' : locales.find((c) => c.toLowerCase() === primary);
      if (code) return keyOf(code);
    }
    return 'en';
  };
  const key = prefixes.includes(segment)
    ? keyOf(segment)
    : (keyOf(localeOf(read('global_locale')) ?? localeOf(cookie('language'))) ?? browserKey());
  const rest = location.pathname.slice(prefixes.includes(segment) ? segment.length + 1 : 0);
  const isMarkets = rest === '' || rest === '/';
  const title = (key && titles[key]) || null;
  const brand = (key && brands[key]) || 'Exchange';
  // A write replaces the node's text, which is itself a mutation of the watched tree: so nothing is written
  // until the title, the shell's last part, is parsed (the watcher below disconnects then), and nothing that
  // already reads right is written at all. A write while the parser is still short of the title would wake the
  // watcher again, and again, in microtasks the parser never gets past: the page would never load.
  const put = (node, text) => {
    if (node && node.textContent !== text) node.textContent = text;
  };
  const fill = () => {
    const shell = document.querySelector('.boot-shell__title');
    if (!shell) return false;
    if (title && isMarkets) put(shell, title);
    if (title) put(document.querySelector('.boot-shell__nav'), title);
    put(document.querySelector('.boot-shell__brand'), brand);
    return true;
  };
  // Filled in the parser's own task, the moment the shell exists: whichever frame first paints it already
  // carries these words, however the parser's yields and the bundle's evaluation fall around it.
  if (!fill()) {
    const watcher =
      typeof MutationObserver === 'function'
        ? new MutationObserver(() => {
            if (fill()) watcher.disconnect();
          })
        : null;
    watcher?.observe(document.documentElement, { childList: true, subtree: true });
    // The body is parsed: the shell is there by now, or never will be.
    document.addEventListener(
      'readystatechange',
      () => {
        fill();
        watcher?.disconnect();
      },
      { once: true },
    );
  }
})();
