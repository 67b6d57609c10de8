import { afterEach, describe, expect, it } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { setLocale } from '../../../../src/i18n/i18n';
import { OrderForm } from '../../../../src/trade/order-form/OrderForm';
import { FUTURES, SPOT, services, stubApi, withServices } from '../trade-harness';

const disposers: (() => void)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) dispose();
  await setLocale('en');
});

async function renderForm(instrument = SPOT) {
  const value = services(stubApi());
  disposers.push(() => value.store.dispose());
  return render(withServices(value, <OrderForm instrument={instrument} lastPrice={null} />));
}

const price = () => page.getByLabelText(/^(Price|Preis)$/).element() as HTMLInputElement;

/** Puts the caret at `at` in the price field, as a click there would. */
async function caretAt(at: number) {
  await userEvent.click(page.getByLabelText(/^(Price|Preis)$/));
  price().setSelectionRange(at, at);
}

describe('OrderForm numbers typed in other scripts and locales', () => {
  it('reads full-width digits and the full-width full stop typed key by key', async () => {
    await renderForm();
    await userEvent.type(page.getByLabelText('Price', { exact: true }), '１２．５');
    expect(price().value).toBe('12.5');
    expect(price().selectionStart).toBe(4);
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', async () => {
    await renderForm();
    await userEvent.type(page.getByLabelText('Price', { exact: true }), '٦٠٠٠٠٫٥');
    expect(price().value).toBe('60000.5');
  });

  it('reads the decimal comma as the dot in de, and the summary values the order at 12.5', async () => {
    await setLocale('de');
    await renderForm();
    await userEvent.type(page.getByLabelText('Preis', { exact: true }), '12,5');
    expect(price().value).toBe('12.5');
    await userEvent.type(page.getByLabelText('Menge', { exact: true }), '0,3');
    expect((page.getByLabelText('Menge', { exact: true }).element() as HTMLInputElement).value).toBe('0.3');
    // 12.5 × 0.3 = 3.75, written the German way.
    await expect.element(page.getByTestId('order-estimate')).toHaveTextContent('≈ 3,7500 USDT');
  });

  it('leaves the grouping comma out in en and says why', async () => {
    await renderForm();
    await userEvent.type(page.getByLabelText('Price', { exact: true }), '12,500');
    expect(price().value).toBe('12500');
    await userEvent.type(page.getByLabelText('Price', { exact: true }), ',');
    await expect
      .element(page.getByText('“,” separates thousands and was left out. Use “.” for decimals.'))
      .toBeVisible();
  });
});

describe('OrderForm refusals and the caret', () => {
  it('refuses a minus with a hint under the field, tied by aria-describedby, and keeps the caret', async () => {
    await renderForm();
    await userEvent.type(page.getByLabelText('Price', { exact: true }), '125');
    await caretAt(1);
    await userEvent.keyboard('-');
    expect(price().value).toBe('125');
    expect(price().selectionStart).toBe(1);
    const hint = page.getByText('Only positive numbers: a minus sign can’t be typed here.');
    await expect.element(hint).toBeVisible();
    expect(price().getAttribute('aria-describedby')?.split(' ')).toContain(hint.element().id);
    // The next accepted key clears the hint and lands where the caret was.
    await userEvent.keyboard('9');
    expect(price().value).toBe('1925');
    expect(price().selectionStart).toBe(2);
    await expect.element(hint).not.toBeInTheDocument();
  });

  it('refuses an exponent with its own hint', async () => {
    await renderForm();
    await userEvent.type(page.getByLabelText('Price', { exact: true }), '1e');
    expect(price().value).toBe('1');
    await expect
      .element(page.getByText('Write the number in full: an exponent (e) can’t be typed here.'))
      .toBeVisible();
  });

  it('keeps the caret after a character rewritten in the middle', async () => {
    await renderForm();
    await userEvent.type(page.getByLabelText('Price', { exact: true }), '125');
    await caretAt(2);
    await userEvent.keyboard('．');
    expect(price().value).toBe('12.5');
    expect(price().selectionStart).toBe(3);
    await userEvent.keyboard('０');
    expect(price().value).toBe('12.05');
    expect(price().selectionStart).toBe(4);
  });
});

describe('OrderForm with an input method (IME)', () => {
  it('leaves the composition as it is and reads it at compositionend', async () => {
    await renderForm();
    await caretAt(0);
    const session = cdp();
    await session.send('Input.imeSetComposition', { text: '１２', selectionStart: 2, selectionEnd: 2 });
    // Mid-composition the text is not rewritten (a rewrite would break the IME).
    expect(price().value).toBe('１２');
    await session.send('Input.imeSetComposition', { text: '１２．５', selectionStart: 4, selectionEnd: 4 });
    expect(price().value).toBe('１２．５');
    await session.send('Input.insertText', { text: '１２．５' });
    await expect.poll(() => price().value).toBe('12.5');
    expect(price().selectionStart).toBe(4);
  });
});

describe('OrderForm leverage field', () => {
  it('reads full-width digits and refuses a minus with the same rule', async () => {
    await renderForm(FUTURES);
    await userEvent.click(page.getByRole('button', { name: 'Leverage 10×' }));
    const leverage = page.getByLabelText('Leverage (1–20×)');
    const field = () => leverage.element() as HTMLInputElement;
    await expect.poll(() => field().value).toBe('10');
    await userEvent.clear(leverage);
    await userEvent.type(leverage, '１５');
    expect(field().value).toBe('15');
    await userEvent.keyboard('-');
    expect(field().value).toBe('15');
    await expect.element(page.getByText('Only positive numbers: a minus sign can’t be typed here.')).toBeVisible();
  });
});
