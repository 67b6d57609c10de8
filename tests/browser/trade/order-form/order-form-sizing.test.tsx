import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../../src/api/request';
import { OrderForm, type OrderFormProps } from '../../../../src/trade/order-form/OrderForm';
import { FUTURES, LONG, SETTINGS, SPOT, services, stubApi, withServices } from '../trade-harness';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

async function renderForm(props: Partial<OrderFormProps> = {}, api = stubApi()) {
  const value = services(api);
  disposers.push(() => value.store.dispose());
  await render(withServices(value, <OrderForm instrument={SPOT} lastPrice="100.00" {...props} />));
  // The balance has arrived once the form shows it.
  await expect.element(page.getByTestId('order-available')).toHaveTextContent('1,000.0000 USDT');
  return { api, value };
}

const amount = () => page.getByLabelText('Amount', { exact: true });
const amountValue = () => (amount().element() as HTMLInputElement).value;
const slider = () => page.getByRole('slider', { name: 'Share of the most you can use' });

describe('OrderForm percentage slider and Max', () => {
  it('fills the largest lot the quote balance pays for (the fee is paid in the coin bought), and a share of it', async () => {
    await renderForm();
    await userEvent.click(page.getByRole('button', { name: 'Max', exact: true }));
    // 1000 USDT / 100 = 10 BTC: the whole 1000 USDT, the fee coming out of the BTC received.
    await expect.poll(amountValue).toBe('10.0000');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '100%');
    await userEvent.click(page.getByRole('button', { name: '25%', exact: true }));
    await expect.poll(amountValue).toBe('2.5000');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '25%');
    // A typed amount moves the slider to its share.
    await userEvent.fill(amount(), '5');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '50%');
  });

  it('sizes a sell at the base coin available', async () => {
    await renderForm();
    await userEvent.click(page.getByText('Sell', { exact: true }));
    await expect.element(page.getByTestId('order-available')).toHaveTextContent('0.2000 BTC');
    await userEvent.click(page.getByRole('button', { name: 'Max', exact: true }));
    await expect.poll(amountValue).toBe('0.2000');
  });
});

describe('OrderForm Max with a futures position open', () => {
  async function renderFutures(posMode: 'one_way_mode' | 'hedge_mode', settings: Partial<typeof SETTINGS> = {}) {
    const api = stubApi({
      positions: async () => [LONG],
      futuresSettings: async () => ({ ...SETTINGS, posMode, ...settings }),
    });
    const value = services(api);
    disposers.push(() => value.store.dispose());
    await render(withServices(value, <OrderForm instrument={FUTURES} lastPrice="60000.0" />));
    await expect.element(page.getByTestId('order-available')).toHaveTextContent('10,000');
    await userEvent.fill(page.getByLabelText('Price', { exact: true }), '60000.0');
    return api;
  }

  it('one-way: a sell closes the 0.5 BTC long first, so its Max adds the long to what the margin opens', async () => {
    const api = await renderFutures('one_way_mode');
    // Buy: 10000 / (6000 + 60) → 1.650 (margin 9900.0 + fee 99.0). Sell: the long's 0.5 for its fee, then 1.645
    // more (margin 9870.0 + fee on 2.145 = 128.7).
    await expect.element(page.getByTestId('order-max-long')).toHaveTextContent('1.650 BTC');
    await expect.element(page.getByTestId('order-max-short')).toHaveTextContent('2.145 BTC');
    await userEvent.click(page.getByText('Short', { exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Max', exact: true }));
    await expect.poll(amountValue).toBe('2.145');
    // The form does not refuse what Max chose (the margin it asks is for the 1.645 it opens): it sends it.
    await userEvent.click(page.getByRole('button', { name: 'Sell / Short' }));
    await expect.poll(() => api.placeFuturesOrder.mock.calls.length).toBe(1);
    expect(api.placeFuturesOrder.mock.calls[0][0]).toMatchObject({ side: 'sell', size: '2.145', reduceOnly: 'NO' });
    expect(page.getByText(/Insufficient balance/).elements()).toHaveLength(0);
    await userEvent.click(page.getByRole('button', { name: '50%', exact: true }));
    await expect.poll(amountValue).toBe('1.072');
    // Reduce only: no more than the long.
    await userEvent.click(page.getByLabelText('Reduce only'));
    await userEvent.click(page.getByRole('button', { name: 'Max', exact: true }));
    await expect.poll(amountValue).toBe('0.500');
  });

  it('stops where the margin tiers stop the position at this leverage', async () => {
    // Isolated, the tiers allow 1.2 BTC at 10x: the 0.5 long may grow by 0.7; a short may open 1.2 after closing it.
    await renderFutures('one_way_mode', {
      marginMode: 'isolated',
      maxPositionSize: '1.2',
      maxLongPositionSize: '1.2',
      maxShortPositionSize: '1.2',
    });
    await expect.element(page.getByTestId('order-max-long')).toHaveTextContent('0.700 BTC');
    await expect.element(page.getByTestId('order-max-short')).toHaveTextContent('1.700 BTC');
    await userEvent.click(page.getByRole('button', { name: 'Max', exact: true }));
    await expect.poll(amountValue).toBe('0.700');
    await userEvent.click(page.getByRole('button', { name: '50%', exact: true }));
    await expect.poll(amountValue).toBe('0.350');
  });

  it('hedge: closing the long is capped at the long, opening a short ignores it', async () => {
    await renderFutures('hedge_mode');
    await expect.element(page.getByTestId('order-max-short')).toHaveTextContent('1.650 BTC');
    await userEvent.click(page.getByText('Close', { exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Max', exact: true }));
    await expect.poll(amountValue).toBe('0.500');
  });
});

describe('OrderForm amount in the quote coin', () => {
  it('sends the base size it shows: quote ÷ price floored to the lot', async () => {
    const { api } = await renderForm();
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Amount unit' }), 'quote');
    await userEvent.fill(amount(), '150.55');
    await expect.element(page.getByText('Sends 1.5055 BTC')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    await expect.poll(() => api.placeSpotOrder.mock.calls.length).toBe(1);
    expect(api.placeSpotOrder).toHaveBeenCalledWith(expect.objectContaining({ size: '1.5055', price: '100.00' }));
  });
});

describe('OrderForm fee preview', () => {
  it('shows the maker fee for a resting limit and the taker fee at market', async () => {
    await renderForm({ lastPrice: '101.00' });
    await userEvent.fill(page.getByLabelText('Price', { exact: true }), '100.00');
    await userEvent.fill(amount(), '1');
    const fee = page.getByTestId('order-fee');
    await expect.element(fee).toHaveAttribute('data-liquidity', 'maker');
    // A buy pays its fee in the BTC it receives: 1 × 0.001, to every place a balance keeps.
    await expect.element(fee).toHaveTextContent('≈ 0.00100000 BTC');
    await expect.element(page.getByText('Est. fee (maker 0.1%)')).toBeVisible();
    await userEvent.click(page.getByText('Market', { exact: true }));
    await expect.element(fee).toHaveAttribute('data-liquidity', 'taker');
    // A sell pays in the USDT it receives: 1 × 101 × 0.001 = 0.101, rounded up to the cent.
    await userEvent.click(page.getByText('Sell', { exact: true }));
    await expect.element(fee).toHaveTextContent('≈ 0.1100 USDT');
  });

  it('weighs a stop-limit against its trigger price: a limit past it takes when the order is placed', async () => {
    await renderForm({ lastPrice: '101.00' });
    await userEvent.click(page.getByText('Stop-limit', { exact: true }));
    await userEvent.fill(page.getByLabelText('Trigger price', { exact: true }), '110.00');
    await userEvent.fill(page.getByLabelText('Price', { exact: true }), '112.00');
    await userEvent.fill(amount(), '1');
    const fee = page.getByTestId('order-fee');
    // Above the last price, but what counts is the book when the trigger fires: a buy at 112 then crosses.
    await expect.element(fee).toHaveAttribute('data-liquidity', 'taker');
    await userEvent.fill(page.getByLabelText('Price', { exact: true }), '105.00');
    await expect.element(fee).toHaveAttribute('data-liquidity', 'maker');
  });
});

describe('OrderForm refusals', () => {
  it('keeps an insufficient-balance refusal while the balance is the same, and drops it when the balance changes', async () => {
    let usdt = '1000';
    const api = stubApi({
      spotAssets: async () => [{ coin: 'USDT', available: usdt, frozen: '0', places: 4 }],
      placeSpotOrder: async () => {
        throw new RequestError('business', 'Insufficient balance for this order.', { code: '43004', shown: false });
      },
    });
    const { value } = await renderForm({}, api);
    await userEvent.fill(amount(), '1');
    await userEvent.click(page.getByRole('button', { name: 'Buy BTC' }));
    const failure = page.getByTestId('order-failure');
    await expect.element(failure).toHaveTextContent('Insufficient balance for this order.');
    // The same balance fetched again (a new object) is not a change.
    value.store.refresh('spotAssets');
    await expect.poll(() => api.spotAssets.mock.calls.length).toBeGreaterThan(1);
    await expect.element(failure).toBeInTheDocument();
    usdt = '5000';
    value.store.refresh('spotAssets');
    await expect.element(failure).not.toBeInTheDocument();
    expect(amountValue()).toBe('1');
  });
});
