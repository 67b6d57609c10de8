import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../../src/api/request';
import { OrderForm, type OrderFormProps } from '../../../../src/trade/order-form/OrderForm';
import { toastState } from '../../../../src/ui/toast/toast-state';
import { sleep } from '../../ui/helpers';
import { FUTURES, order, SETTINGS, SPOT, services, stubApi, withServices } from '../trade-harness';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

async function renderForm(
  props: Partial<OrderFormProps> = {},
  options: { api?: ReturnType<typeof stubApi>; session?: 'signedIn' | 'signedOut' } = {},
) {
  const api = options.api ?? stubApi();
  const value = services(api, { session: options.session });
  disposers.push(() => value.store.dispose());
  const screen = await render(withServices(value, <OrderForm instrument={SPOT} lastPrice={null} {...props} />));
  return { api, screen, value };
}

const input = (label: string) => page.getByLabelText(label, { exact: true });
const fieldValue = (label: string) => (input(label).element() as HTMLInputElement).value;

describe('OrderForm numeric fields', () => {
  it('cleans what is typed by the spec §5 rules, keystroke by keystroke', async () => {
    await renderForm();
    await userEvent.type(input('Price'), '6a0b0０0．123');
    // Letters go, the full-width digit becomes 0, the full-width period '.', decimals stop at the price places (2).
    expect(fieldValue('Price')).toBe('60000.12');
    await userEvent.clear(input('Amount'));
    await userEvent.type(input('Amount'), '0000.123456');
    // Leading zeros become one 0; decimals stop at the size places (4).
    expect(fieldValue('Amount')).toBe('0.1234');
  });

  it('keeps at most 20 integer digits and only the first dot', async () => {
    await renderForm();
    await userEvent.fill(input('Price'), '123456789012345678901.5.5');
    expect(fieldValue('Price')).toBe('12345678901234567890.55');
  });
});

describe('OrderForm validation', () => {
  it('shows localized messages once the user submits, next to each field', async () => {
    const { api } = await renderForm();
    await userEvent.clear(input('Price'));
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.element(page.getByText('Enter a price.')).toBeVisible();
    await expect.element(page.getByText('Enter an amount.')).toBeVisible();
    await userEvent.fill(input('Price'), '60000.005');
    await userEvent.fill(input('Amount'), '0.00001');
    // Sanitized to the places: 60000.00 and 0.0000 (not positive).
    await expect.element(page.getByText('Enter a value greater than 0.')).toBeVisible();
    await userEvent.fill(input('Amount'), '0.5');
    // 0.5 × 60000 = 30000 USDT, more than the 1000 available.
    await expect.element(page.getByText('Insufficient balance: 1000 available.')).toBeVisible();
    expect(api.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('checks a sell against the base coin balance', async () => {
    await renderForm({ lastPrice: '60000.00' });
    await userEvent.click(page.getByText('Sell', { exact: true }));
    await userEvent.fill(input('Amount'), '0.3');
    await userEvent.click(page.getByRole('button', { name: 'Sell BTC' }));
    await expect.element(page.getByText('Insufficient balance: 0.2 available.')).toBeVisible();
    await expect.element(page.getByTestId('order-available')).toHaveTextContent('0.2000 BTC');
  });
});

describe('OrderForm time in force', () => {
  it('sends the chosen time in force, none with post only, and says what an order ended at once did', async () => {
    const api = stubApi({
      placeSpotOrder: async (request) =>
        order({
          force: request.force ?? 'gtc',
          size: request.size,
          status: 'cancelled',
          baseVolume: request.force === 'fok' ? '0.0000' : '0.0040',
        }),
    });
    await renderForm({ lastPrice: '60000.00' }, { api });
    const force = page.getByLabelText('TIF');
    await userEvent.click(page.getByLabelText('Post only'));
    await expect.element(force).toBeDisabled();
    await userEvent.click(page.getByLabelText('Post only'));
    await userEvent.selectOptions(force, 'IOC');
    await userEvent.fill(input('Amount'), '0.01');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(1);
    expect(api.placeSpotOrder).toHaveBeenLastCalledWith(expect.objectContaining({ force: 'ioc', size: '0.01' }));
    await expect
      .poll(() => toastState.toasts.map((toast) => toast.message))
      .toContain('Filled 0.0040 BTC at once; the rest was cancelled.');

    // The first outcome's toast may sit over the form: it goes before the second order.
    await userEvent.selectOptions(force, 'FOK');
    await userEvent.fill(input('Amount'), '0.015');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(2);
    expect(api.placeSpotOrder).toHaveBeenLastCalledWith(expect.objectContaining({ force: 'fok', size: '0.015' }));
    await expect
      .poll(() => toastState.toasts.map((toast) => toast.message))
      .toContain('Not filled: the order could not fill at once and was cancelled.');
  });
});

describe('OrderForm submit', () => {
  it('keeps everything typed after a refused order and shows the localized reason', async () => {
    const api = stubApi({
      placeSpotOrder: async () => {
        throw new RequestError('business', 'Insufficient balance for this order.', { code: '43004', shown: false });
      },
    });
    await renderForm({ lastPrice: '60000.00' }, { api });
    await userEvent.fill(input('Amount'), '0.01');
    await userEvent.click(page.getByLabelText('Post only'));
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.element(page.getByTestId('order-failure')).toHaveTextContent('Insufficient balance for this order.');
    expect(fieldValue('Price')).toBe('60000.00');
    expect(fieldValue('Amount')).toBe('0.01');
    expect((page.getByLabelText('Post only').element() as HTMLInputElement).checked).toBe(true);
    expect(api.placeSpotOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'limit',
        force: 'post_only',
        price: '60000.00',
        size: '0.01',
      }),
    );
  });

  it('keeps the input after a network failure too', async () => {
    const api = stubApi({
      placeSpotOrder: async () => {
        throw new RequestError('timeout', 'Request timed out!', { shown: false });
      },
    });
    await renderForm({ lastPrice: '100.00' }, { api });
    await userEvent.fill(input('Amount'), '1');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.element(page.getByTestId('order-failure')).toHaveTextContent('Request timed out!');
    expect(fieldValue('Amount')).toBe('1');
  });

  it('shows a loading button, sends once however often it is clicked, then clears only the amount', async () => {
    let release: () => void = () => undefined;
    const api = stubApi({ placeSpotOrder: () => new Promise((resolve) => (release = () => resolve({} as never))) });
    await renderForm({ lastPrice: '100.00' }, { api });
    await userEvent.fill(input('Amount'), '1');
    const submit = page.getByRole('button', { name: 'Buy BTC' });
    await userEvent.click(submit);
    await expect.element(submit).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(submit, { force: true });
    await userEvent.keyboard('{Enter}');
    expect(api.placeSpotOrder).toHaveBeenCalledTimes(1);
    release();
    await expect.poll(() => fieldValue('Amount')).toBe('');
    expect(fieldValue('Price')).toBe('100.00');
    expect(toastState.toasts.some((toast) => toast.type === 'success' && toast.message === 'Order placed.')).toBe(true);
  });
});

describe('OrderForm valuation', () => {
  it('values a market order at the last price', async () => {
    const { api } = await renderForm({ lastPrice: '60000.00' });
    await userEvent.click(page.getByText('Market', { exact: true }));
    expect(page.getByLabelText('Price', { exact: true }).elements()).toHaveLength(0);
    await userEvent.fill(input('Amount'), '0.0125');
    await expect.element(page.getByTestId('order-estimate')).toHaveTextContent('≈ 750.0000 USDT');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(1);
    expect(api.placeSpotOrder.mock.calls[0][0]).toMatchObject({ orderType: 'market', size: '0.0125' });
    expect(api.placeSpotOrder.mock.calls[0][0].price).toBeUndefined();
  });

  it('fills the price from a pick in the order book, each new pick once', async () => {
    const api = stubApi();
    const value = services(api);
    disposers.push(() => value.store.dispose());
    const screen = await render(withServices(value, <OrderForm instrument={SPOT} lastPrice="100.00" />));
    await expect.poll(() => fieldValue('Price')).toBe('100.00');
    await screen.rerender(
      withServices(value, <OrderForm instrument={SPOT} lastPrice="100.00" pickedPrice={{ price: '99.5', n: 1 }} />),
    );
    await expect.poll(() => fieldValue('Price')).toBe('99.5');
    await userEvent.fill(input('Price'), '98');
    await screen.rerender(
      withServices(value, <OrderForm instrument={SPOT} lastPrice="101.00" pickedPrice={{ price: '99.5', n: 1 }} />),
    );
    await sleep(50);
    expect(fieldValue('Price')).toBe('98');
  });
});

describe('OrderForm futures', () => {
  it('keeps leverage within 1 … maxLever and applies a valid one from the leverage dialog', async () => {
    const { api } = await renderForm({ instrument: FUTURES, lastPrice: '60000.0' });
    const open = page.getByRole('button', { name: 'Leverage 10×' });
    await expect.element(open).toBeVisible();
    await userEvent.click(open);
    const leverage = page.getByLabelText('Leverage (1–20×)');
    await expect.poll(() => (leverage.element() as HTMLInputElement).value).toBe('10');
    await userEvent.fill(leverage, '25');
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.element(page.getByText('Enter a whole leverage from 1 to 20.')).toBeVisible();
    await userEvent.fill(leverage, '0');
    await expect.element(page.getByText('Enter a whole leverage from 1 to 20.')).toBeVisible();
    await userEvent.fill(leverage, '2.5');
    // Whole numbers only: the dot and what follows it go.
    expect((leverage.element() as HTMLInputElement).value).toBe('2');
    expect(api.setLeverage).not.toHaveBeenCalled();
    await userEvent.fill(leverage, '20');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => api.setLeverage.mock.calls).toEqual([['BTCUSDT', 20]]);
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends margin mode and reduce-only in one-way mode, margin valued at the leverage', async () => {
    const { api } = await renderForm({ instrument: FUTURES, lastPrice: '60000.0' });
    await expect.element(page.getByLabelText('Reduce only')).toBeVisible();
    await userEvent.fill(input('Amount'), '0.01');
    // 60000 × 0.01 / 10 = 60 USDT of margin.
    await expect.element(page.getByTestId('order-estimate')).toHaveTextContent('≈ 60.0000 USDT');
    await userEvent.click(page.getByLabelText('Reduce only'));
    await userEvent.click(page.getByRole('button', { name: 'Buy / Long' }));
    await expect.poll(() => api.placeFuturesOrder.mock.calls.length).toBe(1);
    expect(api.placeFuturesOrder.mock.calls[0][0]).toMatchObject({
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      reduceOnly: 'YES',
      price: '60000.0',
      size: '0.01',
    });
  });

  it('shows open / close in hedge mode instead of reduce-only', async () => {
    const api = stubApi({ futuresSettings: async () => ({ ...SETTINGS, posMode: 'hedge_mode' }) });
    await renderForm({ instrument: FUTURES, lastPrice: '60000.0' }, { api });
    await expect.element(page.getByRole('button', { name: 'Open long' })).toBeVisible();
    expect(page.getByLabelText('Reduce only').elements()).toHaveLength(0);
    await userEvent.click(page.getByText('Close', { exact: true }));
    await expect.element(page.getByRole('button', { name: 'Close short' })).toBeVisible();
  });
});

describe('OrderForm signed out', () => {
  it('offers sign-in with a way back instead of a submit button', async () => {
    await renderForm({}, { session: 'signedOut' });
    const link = page.getByRole('link', { name: 'Sign in' });
    await expect.element(link).toBeVisible();
    const href = new URL((link.element() as HTMLAnchorElement).href);
    expect(href.pathname).toBe('/login');
    expect(href.searchParams.get('redirect')).toBe(`${location.pathname}${location.search}`);
    expect(page.getByRole('button', { name: 'Buy BTC' }).elements()).toHaveLength(0);
  });
});

describe('OrderForm layout', () => {
  it('fits 360 px in right-to-left without overflowing', async () => {
    await page.viewport(360, 740);
    document.documentElement.dir = 'rtl';
    await renderForm({ instrument: FUTURES, lastPrice: '60000.0' });
    await expect.element(page.getByLabelText('Reduce only')).toBeVisible();
    const form = document.querySelector('.trade-form') as HTMLElement;
    expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
    expect(form.getBoundingClientRect().right).toBeLessThanOrEqual(360);
    // Every field has a label (axe would flag one without).
    for (const field of form.querySelectorAll('input'))
      expect(field.labels?.length ?? 0, field.name).toBeGreaterThan(0);
  });

  it("keeps Buy's colours under the pointer: the side's green and its text, not the primary yellow", async () => {
    await renderForm({});
    const buy = page.getByRole('button', { name: 'Buy BTC' });
    await expect.element(buy).toBeVisible();
    const colours = () => {
      const style = getComputedStyle(buy.element());
      return { background: style.backgroundColor, text: style.color };
    };
    const before = colours();
    await userEvent.hover(buy);
    await expect.poll(() => getComputedStyle(buy.element()).outlineStyle).toBe('solid');
    expect(colours()).toEqual(before);
  });
});
