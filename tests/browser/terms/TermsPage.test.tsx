import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { loadTexts, setLocale } from '../../../src/i18n/i18n';
import { TermsPage } from '../../../src/terms/TermsPage';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

afterEach(async () => {
  await setLocale('en');
});

describe('the terms of use', () => {
  it('covers who may use the site, simulated funds, fees, liquidation, risk, security, data and changes', async () => {
    await loadTexts('terms');
    await renderAtPath('/terms', TermsPage);
    await expect.element(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    const sections = [...document.querySelectorAll('.terms h2')].map((heading) => heading.textContent);
    expect(sections).toEqual([
      'Who may use it',
      'Simulated funds',
      'Fees',
      'Liquidation and the protection fund',
      'Risk warning',
      'Account security',
      'Your data',
      'Changes to these terms',
    ]);
  });

  it('links to the fee schedule and the protection fund, whose figures it only names', async () => {
    await loadTexts('terms');
    await renderAtPath('/terms', TermsPage);
    await expect.element(page.getByRole('link', { name: 'Fee schedule' })).toHaveAttribute('href', '/fee');
    await expect
      .element(page.getByRole('link', { name: 'Protection fund' }))
      .toHaveAttribute('href', '/protection-fund');
  });

  it.each([
    ['ja', '利用規約', 'シミュレーション資金'],
    ['ar', 'شروط الاستخدام', 'الأموال المحاكاة'],
  ] as const)('%s: reads in that language, never as keys', async (locale, title, funds) => {
    await loadTexts('terms');
    await setLocale(locale);
    await renderAtPath('/terms', TermsPage);
    await expect.element(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.element(page.getByRole('heading', { level: 2, name: funds })).toBeVisible();
    expect(document.querySelector('.terms')?.textContent).not.toMatch(/terms\.\w/);
  });

  it('axe finds no serious violation in the page', async () => {
    await loadTexts('terms');
    await renderAtPath('/terms', TermsPage);
    await expect.element(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    const result = await axe.run(document.body, { resultTypes: ['violations'] });
    const serious = result.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
});
