import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleOf, type Locale, LOCALES, localeEntryOf, MESSAGE_BUNDLES } from '../../engine/rules/locales';
import { ROUTE_LANGUAGES, routeLanguageToLocale } from '../../engine/rules/route-languages';
import { matchBrowserLanguage } from '../../engine/rules/browser-language';
import { COOKIE_PREFERENCES, SETTING_KEYS } from '../../engine/rules/settings';
import { loadNamespace } from '../../src/i18n/namespaces';

const source = readFileSync(new URL('../../public/boot.js', import.meta.url), 'utf8');

interface BootOptions {
  path?: string;
  storage?: Record<string, string>;
  cookie?: string;
  storageThrows?: boolean;
  languages?: unknown[];
  /** The document's state when boot.js runs: it runs from the head, so the body is normally still loading. */
  readyState?: 'loading' | 'interactive';
  /** A browser without MutationObserver. */
  noMutationObserver?: boolean;
}

function run(options: BootOptions) {
  const root = { dataset: {} as Record<string, string>, style: {} as Record<string, string>, dir: 'ltr', lang: 'en' };
  const localStorage = {
    getItem(key: string) {
      if (options.storageThrows) throw new Error('SecurityError');
      return options.storage?.[key] ?? null;
    },
  };
  const shell = { textContent: '\u00a0' };
  const nav = { textContent: '\u00a0' };
  const brand = { textContent: 'Exchange' };
  // boot.js runs from the head: the shell is parsed later, unless the test says the body is already there.
  let parsed = options.readyState === 'interactive';
  const listeners: (() => void)[] = [];
  const observers: { callback: () => void; connected: boolean }[] = [];
  const document = {
    documentElement: root,
    cookie: options.cookie ?? '',
    readyState: options.readyState ?? 'loading',
    querySelector: (selector: string) => {
      if (!parsed) return null;
      return (
        (
          { '.boot-shell__title': shell, '.boot-shell__nav': nav, '.boot-shell__brand': brand } as Record<
            string,
            unknown
          >
        )[selector] ?? null
      );
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'readystatechange') listeners.push(listener);
    },
  };
  class MutationObserver {
    private entry: { callback: () => void; connected: boolean };
    constructor(callback: () => void) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const navigator = { languages: options.languages ?? ['en-US'], language: 'en-US' };
  const globals: Record<string, unknown> = {
    document,
    localStorage,
    navigator,
    location: { pathname: options.path ?? '/' },
  };
  if (!options.noMutationObserver) globals.MutationObserver = MutationObserver;
  runInNewContext(source, globals);
  // The parser inserts the shell (observers hear of it), then reaches the end of the body.
  const seen: string[] = [];
  parsed = true;
  for (const observer of observers) if (observer.connected) observer.callback();
  seen.push(shell.textContent);
  document.readyState = 'interactive';
  for (const listener of listeners) listener();
  const connectedAfter = observers.filter((o) => o.connected).length;
  return {
    inbox: globals.__appBridge as
      | {
          queue: unknown[][];
          onReply(id: string, payload: unknown): void;
          onEvent(name: string, payload: unknown): void;
        }
      | undefined,
    root,
    title: shell.textContent === '\u00a0' ? null : shell.textContent,
    nav: nav.textContent === '\u00a0' ? null : nav.textContent,
    brand: brand.textContent,
    titleWhenParsed: seen[0] === '\u00a0' ? null : seen[0],
    connectedAfter,
  };
}

function boot(options: BootOptions) {
  return run(options).root;
}

const titleOf = (options: BootOptions) => run(options).title;

describe('boot.js', () => {
  it('mirrors the engine keys and prefixes it cannot import', () => {
    expect(source).toContain(`'${SETTING_KEYS.theme}'`);
    expect(source).toContain(`'${SETTING_KEYS.locale}'`);
    expect(source).toContain(`'${ROUTE_LANGUAGES.join(' ')}'`);
  });

  it('applies the stored theme before first paint', () => {
    expect(boot({ storage: { global_theme: 'light' } }).dataset.theme).toBe('light');
  });

  it('falls back to the theme cookie, then to dark', () => {
    expect(boot({ cookie: 'a=1; theme=white' }).dataset.theme).toBe('light');
    expect(boot({}).dataset.theme).toBe('dark');
    expect(boot({ storage: { global_theme: 'x' }, cookie: 'theme=black' }).dataset.theme).toBe('dark');
  });

  it('survives storage that throws', () => {
    expect(boot({ storageThrows: true }).dataset.theme).toBe('dark');
  });

  it('sets rtl for an Arabic prefix, or a stored Arabic locale without a prefix', () => {
    expect(boot({ path: '/ar/spot/BTCUSDT' }).dir).toBe('rtl');
    expect(boot({ path: '/', storage: { global_locale: 'ar' } }).dir).toBe('rtl');
    expect(boot({ path: '/ja/', storage: { global_locale: 'ar' } }).dir).toBe('ltr');
    expect(boot({ path: '/arx' }).dir).toBe('ltr');
  });

  it('sets lang to the Intl tag of every language prefix, as the app does', () => {
    for (const language of ROUTE_LANGUAGES) {
      expect(boot({ path: `/${language}/markets` }).lang).toBe(localeEntryOf(routeLanguageToLocale(language)).intl);
    }
  });

  it('sets lang to the Intl tag of every stored locale when the path has no prefix', () => {
    for (const entry of LOCALES)
      expect(boot({ path: '/', storage: { global_locale: entry.locale } }).lang).toBe(entry.intl);
    expect(boot({ path: '/ko/', storage: { global_locale: 'ja' } }).lang).toBe('ja-JP');
  });

  it('leaves lang alone for an unknown stored value or none', () => {
    expect(boot({ path: '/' }).lang).toBe('en');
    expect(boot({ path: '/', storage: { global_locale: 'toString' } }).lang).toBe('en');
    expect(boot({ path: '/', storage: { global_locale: '__proto__' } }).lang).toBe('en');
    expect(boot({ path: '/xx/' }).lang).toBe('en');
  });
});

describe('boot.js markets title', () => {
  const bundleTitles = new Map<string, string>();
  const bundleNavs = new Map<string, string>();
  const bundleBrands = new Map<string, string>();
  const expected = (locale: Locale) => bundleTitles.get(bundleOf(locale));

  it('loads every bundle', async () => {
    for (const bundle of MESSAGE_BUNDLES) {
      const [core, markets] = await Promise.all([loadNamespace('core', bundle), loadNamespace('markets', bundle)]);
      bundleTitles.set(bundle, markets['markets.title']!());
      bundleNavs.set(bundle, core['nav.markets']!());
      bundleBrands.set(bundle, core['nav.brand']!());
    }
    expect(bundleTitles.size).toBe(24);
  });

  it('writes the markets title of every language prefix, as the first render will', () => {
    for (const language of ROUTE_LANGUAGES) {
      const locale = routeLanguageToLocale(language);
      expect(titleOf({ path: `/${language}/`, languages: ['ko'] }), language).toBe(expected(locale));
      expect(titleOf({ path: `/${language}`, languages: ['ko'] }), language).toBe(expected(locale));
    }
  });

  it("writes the header's brand and first link on every page, in the words the header will render", () => {
    for (const language of ROUTE_LANGUAGES) {
      const locale = routeLanguageToLocale(language);
      for (const path of [`/${language}/`, `/${language}/spot/BTCUSDT`]) {
        const result = run({ path, languages: ['ko'] });
        expect(result.nav, path).toBe(bundleNavs.get(bundleOf(locale)));
        expect(result.brand, path).toBe(bundleBrands.get(bundleOf(locale)));
      }
    }
    for (const { locale } of LOCALES) {
      const result = run({ path: '/login', storage: { [SETTING_KEYS.locale]: locale }, languages: ['ko'] });
      expect(result.brand, locale).toBe(bundleBrands.get(bundleOf(locale)));
      expect(run({ path: '/login', languages: [locale] }).nav, locale).toBe(
        bundleNavs.get(bundleOf(matchBrowserLanguage([locale]))),
      );
    }
    expect(run({ path: '/', storage: { [SETTING_KEYS.locale]: '__proto__' }, languages: ['xx'] }).brand).toBe(
      bundleBrands.get('en'),
    );
  });

  it('follows a stored locale, then the language cookie, then the browser, like initialLocale', () => {
    for (const { locale } of LOCALES) {
      expect(titleOf({ storage: { [SETTING_KEYS.locale]: locale }, languages: ['ko'] }), locale).toBe(expected(locale));
      expect(titleOf({ cookie: `x=1; ${COOKIE_PREFERENCES.language.name}=${locale}`, languages: ['ko'] }), locale).toBe(
        expected(locale),
      );
    }
    // The prefix wins over a stored choice; a stored choice over the cookie.
    expect(titleOf({ path: '/ja/', storage: { [SETTING_KEYS.locale]: 'de' } })).toBe(expected('ja'));
    expect(titleOf({ storage: { [SETTING_KEYS.locale]: 'de' }, cookie: 'language=ja' })).toBe(expected('de'));
    // Values that are not locales fall through, never to a title of their own.
    for (const hostile of ['__proto__', 'toString', 'asia', 'zh-TC', 'ph', 'JA', '<b>x</b>']) {
      expect(
        titleOf({ storage: { [SETTING_KEYS.locale]: hostile }, cookie: `language=${hostile}`, languages: ['ja'] }),
        hostile,
      ).toBe(expected('ja'));
    }
  });

  it('matches the browser languages exactly as matchBrowserLanguage does', () => {
    const tags = [
      ...LOCALES.map((l) => l.locale),
      ...LOCALES.map((l) => l.locale.toUpperCase()),
      ...LOCALES.map((l) => l.intl),
      'zh',
      'zh-HK',
      'zh-MO',
      'zh-Hant',
      'zh-Hans-TW',
      'zh-Hant-CN',
      'zh_TW',
      'zh-SG',
      'zh-hant-hk',
      'pt-BR',
      'pt_PT',
      'pt-AO',
      'es-MX',
      'es-ES',
      'en-GB',
      'en-AU',
      'en-IN',
      'nb-NO',
      'no',
      'nn',
      'in-ID',
      'in',
      'de_DE.UTF-8',
      'de_DE@euro',
      'fr-CA;q=0.8',
      ' ja ',
      'xx',
      'x',
      '',
      'asia',
      'ph',
      'zh-TC',
      'toString',
      '__proto__',
      'j'.repeat(70),
      `ja-${'x'.repeat(70)}`,
    ];
    for (const tag of tags) expect(titleOf({ languages: [tag] }), tag).toBe(expected(matchBrowserLanguage([tag])));
    const lists: unknown[][] = [
      ['xx', 'ja'],
      ['no', 'ja'],
      ['nn', 'ja'],
      ['nb-NO', 'de'],
      ['in', 'ja'],
      ['', 'de'],
      [42, null, 'fr'],
      [],
      ['x'.repeat(65), 'ar'],
    ];
    for (const list of lists)
      expect(titleOf({ languages: list }), JSON.stringify(list)).toBe(expected(matchBrowserLanguage(list as string[])));
  });

  it('writes nothing on any page but the markets page', () => {
    for (const path of ['/spot/BTCUSDT', '/ja/spot/BTCUSDT', '/login', '/jax/', '/ja//', '/ja/x', '/markets'])
      expect(titleOf({ path }), path).toBeNull();
  });

  it('writes at once when the body is already parsed', () => {
    expect(titleOf({ path: '/de/', readyState: 'interactive' })).toBe(expected('de'));
  });

  it('writes the title the moment the shell is parsed, so no frame paints the shell without it', () => {
    const result = run({ path: '/ja/' });
    expect(result.titleWhenParsed).toBe(expected('ja'));
    expect(result.connectedAfter).toBe(0);
    const elsewhere = run({ path: '/ja/spot/BTCUSDT' });
    expect(elsewhere.connectedAfter).toBe(0);
  });

  it('still writes it once the body is parsed where MutationObserver is missing', () => {
    const result = run({ path: '/ja/', noMutationObserver: true });
    expect(result.titleWhenParsed).toBeNull();
    expect(result.title).toBe(expected('ja'));
  });

  it('sets up the native app inbox before anything else, keeping at most 200 messages for the bridge', () => {
    const { inbox } = run({});
    expect(inbox?.queue).toEqual([]);
    inbox?.onReply('a-1', { code: '00000' });
    inbox?.onEvent('webVisible', { visible: false });
    expect(inbox?.queue).toEqual([
      ['reply', 'a-1', { code: '00000' }],
      ['event', 'webVisible', { visible: false }],
    ]);
    for (let i = 0; i < 500; i += 1) inbox?.onEvent('theme', { theme: 'light' });
    expect(inbox?.queue).toHaveLength(200);
  });
});
