import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { setLocale } from '../../../src/i18n/i18n';
import { TradeShortcut } from '../../../src/markets/TradeShortcut';
import { settingsState } from '../../../src/settings/settings';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const unitBefore = settingsState.unit;
afterEach(async () => {
  settingsState.unit = unitBefore;
  await setLocale('en');
});

describe('TradeShortcut', () => {
  it('offers "Buy USDT with BRL", to the USDT/BRL spot screen, to someone counting in BRL', async () => {
    settingsState.unit = 'BRL';
    await renderAtPath('/', () => <TradeShortcut />);
    const link = page.getByRole('link', { name: 'Buy USDT with BRL' });
    await expect.element(link).toBeVisible();
    await expect.element(link).toHaveAttribute('href', '/spot/USDTBRL');
  });

  it('offers it in the Brazil locale, in Portuguese, whatever the currency', async () => {
    settingsState.unit = 'USD';
    await setLocale('pt');
    await renderAtPath('/', () => <TradeShortcut />);
    await expect.element(page.getByRole('link', { name: 'Comprar USDT com BRL' })).toBeVisible();
  });

  it('shows nothing to anyone else, and appears once the currency becomes BRL', async () => {
    settingsState.unit = 'USD';
    await renderAtPath('/', () => (
      <main>
        <h1>Markets</h1>
        <TradeShortcut />
      </main>
    ));
    await expect.element(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
    expect(document.querySelector('[data-testid="trade-shortcut"]')).toBeNull();
    settingsState.unit = 'BRL';
    await expect.element(page.getByRole('link', { name: 'Buy USDT with BRL' })).toBeVisible();
  });
});
