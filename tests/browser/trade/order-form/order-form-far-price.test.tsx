import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { OrderForm } from '../../../../src/trade/order-form/OrderForm';
import '../../ui/helpers';
import { SPOT, services, stubApi, withServices } from '../trade-harness';

const input = (name: string) => page.getByRole('textbox', { name, exact: true });

async function renderForm(lastPrice: string) {
  const api = stubApi();
  await render(withServices(services(api), <OrderForm instrument={SPOT} lastPrice={lastPrice} />));
  return api;
}

describe('OrderForm, a limit price far from the market', () => {
  it('asks before sending a buy more than 10 % below the last price, and sends nothing on cancel', async () => {
    const api = await renderForm('60000.00');
    await userEvent.fill(input('Price'), '1.23');
    await userEvent.fill(input('Amount'), '5');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    const dialog = page.getByRole('dialog', { name: 'Price far from the market' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog)
      .toHaveTextContent('Your limit price is 99.9% below the last price (60000.00). Place the order anyway?');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect.element(dialog).not.toBeInTheDocument();
    expect(api.placeSpotOrder).not.toHaveBeenCalled();
    // What was typed is still there to correct.
    expect((input('Price').element() as HTMLInputElement).value).toBe('1.23');
  });

  it('sends the order once confirmed', async () => {
    const api = await renderForm('60000.00');
    await userEvent.fill(input('Price'), '70000');
    await userEvent.fill(input('Amount'), '0.01');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    const dialog = page.getByRole('dialog', { name: 'Price far from the market' });
    await expect.element(dialog).toHaveTextContent('16.6% above');
    await userEvent.click(dialog.getByRole('button', { name: 'Place order' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(1);
    expect(api.placeSpotOrder.mock.calls[0][0]).toMatchObject({ price: '70000', size: '0.01' });
  });

  it('sends a price within 10 % of the last price without asking', async () => {
    const api = await renderForm('60000.00');
    await userEvent.fill(input('Price'), '59000');
    await userEvent.fill(input('Amount'), '0.01');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(1);
    expect(page.getByRole('dialog').elements()).toHaveLength(0);
  });
});
