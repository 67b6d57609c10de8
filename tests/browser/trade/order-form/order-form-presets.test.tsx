import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { OrderForm, type OrderFormProps } from '../../../../src/trade/order-form/OrderForm';
import { SPOT, services, stubApi, withServices } from '../trade-harness';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

async function renderSpotForm(props: Partial<OrderFormProps> = {}) {
  const api = stubApi();
  const value = services(api);
  disposers.push(() => value.store.dispose());
  await render(withServices(value, <OrderForm instrument={SPOT} lastPrice="60000.00" {...props} />));
  return api;
}

const input = (label: string) => page.getByLabelText(label, { exact: true });
const fieldValue = (label: string) => (input(label).element() as HTMLInputElement).value;

describe('the spot order form’s TP/SL presets', () => {
  it('cleans the typed prices by the spec §5 rules and sends them with the order', async () => {
    const api = await renderSpotForm();
    await expect.element(input('Take profit (trigger)')).not.toBeInTheDocument();
    await userEvent.click(page.getByLabelText('TP/SL'));
    await userEvent.type(input('Take profit (trigger)'), '6a6０00．129');
    await userEvent.type(input('Stop loss (trigger)'), '5５0a00.999');
    // Letters go, full-width digits and period become ASCII, decimals stop at the price places (2).
    expect(fieldValue('Take profit (trigger)')).toBe('66000.12');
    expect(fieldValue('Stop loss (trigger)')).toBe('55000.99');
    await userEvent.fill(input('Amount'), '0.01');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(1);
    expect(api.placeSpotOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        side: 'buy',
        orderType: 'limit',
        price: '60000.00',
        size: '0.01',
        presetTakeProfitPrice: '66000.12',
        presetStopLossPrice: '55000.99',
      }),
    );
  });

  it('shows a localized error under a preset on the wrong side of the price, and sends nothing', async () => {
    const api = await renderSpotForm();
    await userEvent.click(page.getByLabelText('TP/SL'));
    await userEvent.fill(input('Take profit (trigger)'), '59000');
    await userEvent.fill(input('Stop loss (trigger)'), '50000');
    await userEvent.fill(input('Amount'), '0.01');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.element(page.getByText('The price must be above 60000.00.')).toBeVisible();
    expect(api.placeSpotOrder).not.toHaveBeenCalled();

    // A sell wants them the other way round: the same stop-loss is now on the wrong side, the take-profit right.
    await userEvent.click(page.getByText('Sell', { exact: true }));
    await expect.element(page.getByText('The price must be above 60000.00.')).toBeVisible();
    await expect.element(page.getByText('The price must be below 60000.00.')).not.toBeInTheDocument();
    await userEvent.fill(input('Stop loss (trigger)'), '61000');
    await expect.element(page.getByText('The price must be above 60000.00.')).not.toBeInTheDocument();
    await userEvent.fill(input('Amount'), '0.1');
    await userEvent.click(page.getByRole('button', { name: 'Sell BTC' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(1);
    expect(api.placeSpotOrder).toHaveBeenCalledWith(
      expect.objectContaining({ side: 'sell', presetTakeProfitPrice: '59000', presetStopLossPrice: '61000' }),
    );
  });
});
