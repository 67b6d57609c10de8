import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOCALES, localeEntryOf, ROUTE_LANGUAGES, routeLanguageToLocale } from '../../engine/rules/locales';
import { SETTING_KEYS } from '../../engine/rules/settings';

const source = readFileSync(new URL('../../public/boot.js', import.meta.url), 'utf8');

function boot(options: { path?: string; storage?: Record<string, string>; cookie?: string; storageThrows?: boolean }) {
  const root = { dataset: {} as Record<string, string>, style: {} as Record<string, string>, dir: 'ltr', lang: 'en' };
  const localStorage = {
    getItem(key: string) {
      if (options.storageThrows) throw new Error('SecurityError');
      return options.storage?.[key] ?? null;
    },
  };
  runInNewContext(source, { document: { documentElement: root, cookie: options.cookie ?? '' }, localStorage, location: { pathname: options.path ?? '/' } });
  return root;
}

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
    for (const entry of LOCALES) expect(boot({ path: '/', storage: { global_locale: entry.locale } }).lang).toBe(entry.intl);
    expect(boot({ path: '/ko/', storage: { global_locale: 'ja' } }).lang).toBe('ja-JP');
  });

  it('leaves lang alone for an unknown stored value or none', () => {
    expect(boot({ path: '/' }).lang).toBe('en');
    expect(boot({ path: '/', storage: { global_locale: 'toString' } }).lang).toBe('en');
    expect(boot({ path: '/', storage: { global_locale: '__proto__' } }).lang).toBe('en');
    expect(boot({ path: '/xx/' }).lang).toBe('en');
  });
});
