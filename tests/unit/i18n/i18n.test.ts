import { describe, expect, it } from 'vitest';
import { compileMessageFile } from '../../../src/i18n/messages-plugin';
import { i18nState, loadTexts, setLocale, t } from '../../../src/i18n/i18n';
import type { CompiledMessage } from '../../../src/i18n/namespaces';

// Compiled by the same build step as the app's texts (vite.config.ts / vitest.config.ts: messagesPlugin).
const FIXTURES = import.meta.glob<Record<string, CompiledMessage>>('../../fixtures/i18n/messages/*.json', {
  eager: true,
  import: 'default',
});
const fixture = (bundle: string) => FIXTURES[`../../fixtures/i18n/messages/${bundle}.json`]!;

describe('ICU plurals', () => {
  it('follows English: one and other', () => {
    const orders = fixture('en').orders!;
    expect(orders({ count: 1 })).toBe('1 open order');
    expect(orders({ count: 0 })).toBe('0 open orders');
    expect(orders({ count: 1200 })).toBe('1,200 open orders');
  });

  it('follows Japanese: other only', () => {
    expect(fixture('ja').orders!({ count: 1 })).toBe('未約定の注文 1 件');
    expect(fixture('ja').orders!({ count: 1200 })).toBe('未約定の注文 1,200 件');
  });

  it('follows Russian: one, few, many and other', () => {
    const orders = fixture('ru').orders!;
    expect(orders({ count: 1 })).toBe('1 открытый ордер');
    expect(orders({ count: 21 })).toBe('21 открытый ордер');
    expect(orders({ count: 3 })).toBe('3 открытых ордера');
    expect(orders({ count: 11 })).toBe('11 открытых ордеров');
    expect(orders({ count: 25 })).toBe('25 открытых ордеров');
    expect(orders({ count: 1.5 })).toBe('1,5 открытого ордера');
  });

  it('follows Arabic: zero, one, two, few, many and other, in Latin digits', () => {
    const orders = fixture('ar').orders!;
    expect(orders({ count: 0 })).toBe('لا توجد أوامر مفتوحة');
    expect(orders({ count: 1 })).toBe('أمر مفتوح واحد');
    expect(orders({ count: 2 })).toBe('أمران مفتوحان');
    expect(orders({ count: 3 })).toBe('3 أوامر مفتوحة');
    expect(orders({ count: 11 })).toBe('11 أمرًا مفتوحًا');
    expect(orders({ count: 100 })).toBe('100 أمر مفتوح');
  });

  it('refuses a plural category the language does not have, at build time', () => {
    expect(() => compileMessageFile('ja', JSON.stringify({ x: '{n, plural, one {#} other {#}}' }))).toThrow(/one/);
    expect(() => compileMessageFile('en', JSON.stringify({ x: '{n, plural, one {#}' }))).toThrow();
  });
});

describe('ICU number formats', () => {
  it('formats numbers and percentages in each language’s way', () => {
    expect(fixture('en').volume!({ amount: 1234.5 })).toBe('Volume 1,234.5');
    expect(fixture('en').share!({ share: 0.25 })).toBe('25% of the volume');
    expect(fixture('ja').volume!({ amount: 1234.5 })).toBe('出来高 1,234.5');
    expect(fixture('ru').volume!({ amount: 1234.5 })).toMatch(/^Объём 1\s234,5$/u);
    expect(fixture('ru').share!({ share: 0.25 })).toMatch(/^25\s%\sобъёма$/u);
    expect(fixture('ar').volume!({ amount: 1234.5 })).toBe('الحجم 1,234.5');
    expect(fixture('ar').share!({ share: 0.25 }).replace(/\p{Cf}/gu, '')).toBe('25% من الحجم');
  });
});

describe('t', () => {
  it('fills arguments into English texts from the start', () => {
    expect(i18nState.locale).toBe('en');
    expect(t('error.status', { status: 502 })).toBe('502 The system is busy');
    expect(t('markets.updated', { time: '12:00' })).toBe('Updated 12:00');
  });

  it('shows an area text once its route has loaded it', async () => {
    await loadTexts('trade');
    expect(t('trade.book')).toBe('Order book');
    // Loaded once: a second call settles without waiting.
    expect(loadTexts('trade')).toBeUndefined();
  });
});

describe('setLocale', () => {
  it('switches core and every namespace in use at once, with no text in between', async () => {
    await loadTexts('trade');
    const before = i18nState.messages;
    const switching = setLocale('ja');
    // Nothing changes until every namespace of the new language is in.
    expect(i18nState.messages).toBe(before);
    expect(t('nav.markets')).toBe('Markets');
    await switching;
    expect(i18nState.locale).toBe('ja');
    expect(t('nav.markets')).toBe('マーケット');
    expect(t('markets.title')).toBe('マーケット');
    expect(t('trade.book')).toBe('オーダーブック');
  });

  it('loads an area asked for during a switch in the new language', async () => {
    const switching = setLocale('ru');
    const account = loadTexts('account');
    await Promise.all([switching, account]);
    expect(i18nState.locale).toBe('ru');
    expect(t('security.empty')).toBe('Ключей безопасности пока нет.');
    expect(t('trade.book')).toBe('Книга ордеров');
  });

  it('keeps the last choice when two switches overlap', async () => {
    await Promise.all([setLocale('ar'), setLocale('de')]);
    expect(i18nState.locale).toBe('de');
    expect(t('nav.markets')).toBe('Märkte');
  });

  it('takes es-ES texts that differ, and es texts that do not', async () => {
    await setLocale('es');
    const es = { title: t('markets.title'), timeout: t('error.timeout') };
    await setLocale('es-ES');
    expect(t('markets.title')).toBe(es.title);
    expect(t('error.timeout')).not.toBe(es.timeout);
    expect(t('error.timeout')).toBe('¡Se ha agotado el tiempo de espera de la solicitud!');
  });

  it('serves the English variants from en', async () => {
    await setLocale('en-GB');
    expect(i18nState.locale).toBe('en-GB');
    expect(t('trade.book')).toBe('Order book');
  });
});
