import { afterAll, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../../src/i18n/i18n';

// A message with a plural imports its helpers from @messageformat/runtime: served by the dev server as by the build.
describe('texts with plurals, in the browser', () => {
  afterAll(async () => {
    await setLocale('en');
  });

  it('says one and many in English', () => {
    expect(t('trade.pos.closeAllBody', { count: 1 })).toBe('Close 1 position at the market price?');
    expect(t('trade.pos.closeAllBody', { count: 3 })).toBe('Close 3 positions at the market price?');
  });

  it('uses the language’s own plural forms and digits of the count', async () => {
    await setLocale('ru');
    const few = t('trade.pos.closeAllDone', { count: 3 });
    const many = t('trade.pos.closeAllDone', { count: 5 });
    expect(few).toContain('3');
    expect(many).toContain('5');
    expect(few.replace('3', '')).not.toBe(many.replace('5', ''));
  });
});
