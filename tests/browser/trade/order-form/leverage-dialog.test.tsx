import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../../src/api/request';
import { OrderForm } from '../../../../src/trade/order-form/OrderForm';
import type { TradeApi } from '../../../../src/trade/trade-api';
import { toastState } from '../../../../src/ui/toast/toast-state';
import { rect } from '../../ui/helpers';
import { FUTURES, SETTINGS, services, stubApi, withServices } from '../trade-harness';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

/** The futures form on BTCUSDT, its settings allowing up to `maxLever`; resolves once the leverage button shows. */
async function renderForm(maxLever = 125, overrides: Partial<TradeApi> = {}) {
  const api = stubApi({
    futuresSettings: async () => ({ ...SETTINGS, maxLever, maxPositionSize: '150' }),
    ...overrides,
  });
  const value = services(api);
  disposers.push(() => value.store.dispose());
  await render(withServices(value, <OrderForm instrument={FUTURES} lastPrice="60000.0" />));
  const open = page.getByRole('button', { name: 'Leverage 10×' });
  await expect.element(open).toBeVisible();
  return { api, open };
}

const dialog = () => page.getByRole('dialog', { name: 'Adjust leverage' });
const slider = () => page.getByRole('slider', { name: 'Leverage' });
const exact = () => page.getByLabelText('Leverage (1–125×)').element() as HTMLInputElement;

describe('the leverage button', () => {
  it('opens the dialog at the current leverage and Cancel closes it sending nothing', async () => {
    const { api, open } = await renderForm();
    expect(open.element().getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(open);
    await expect.element(dialog()).toBeVisible();
    expect(exact().value).toBe('10');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '10×');
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(api.setLeverage).not.toHaveBeenCalled();
    // Focus goes back to the button that opened the dialog.
    expect(document.activeElement).toBe(open.element());
  });

  it('takes less height on a 1366×768 laptop than the labelled field it replaces', async () => {
    await page.viewport(1366, 768);
    try {
      const { open } = await renderForm();
      const amountField = page.getByLabelText('Amount', { exact: true }).element().closest('.field');
      const buttonHeight = rect(open.element()).height;
      expect(buttonHeight).toBeGreaterThan(0);
      // The leverage used to be such a field (a label over a 40 px input): the button is one 32 px row.
      expect(buttonHeight).toBeLessThanOrEqual(32);
      expect(buttonHeight).toBeLessThan(rect(amountField as Element).height);
    } finally {
      await page.viewport(414, 896);
    }
  });
});

describe('the leverage slider', () => {
  it('takes focus, moves by the arrow keys and End, and says the leverage as "N×"', async () => {
    const { open } = await renderForm();
    await userEvent.click(open);
    await expect.poll(() => document.activeElement).toBe(slider().element());
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '11×');
    expect(exact().value).toBe('11');
    await userEvent.keyboard('{End}');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '125×');
    expect(exact().value).toBe('125');
  });

  it('follows the exact figure typed, held to the track while it is out of range', async () => {
    const { open } = await renderForm(20);
    await userEvent.click(open);
    await userEvent.fill(page.getByLabelText('Leverage (1–20×)'), '15');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '15×');
    await userEvent.fill(page.getByLabelText('Leverage (1–20×)'), '90');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '20×');
  });
});

describe('the leverage presets', () => {
  it('offers only the presets up to the contract maximum', async () => {
    const { open } = await renderForm(20);
    await userEvent.click(open);
    const chips = page.getByRole('group', { name: 'Leverage presets' }).getByRole('button');
    await expect.poll(() => chips.elements().map((chip) => chip.textContent)).toEqual(['1×', '5×', '10×', '20×']);
  });

  it('sets the figure in one press and marks the chip pressed', async () => {
    const { open } = await renderForm();
    await userEvent.click(open);
    const fifty = page.getByRole('button', { name: '50×', exact: true });
    await userEvent.click(fifty);
    expect(exact().value).toBe('50');
    await expect.element(fifty).toHaveAttribute('aria-pressed', 'true');
    await expect
      .element(page.getByRole('button', { name: '10×', exact: true }))
      .toHaveAttribute('aria-pressed', 'false');
  });
});

describe('the leverage dialog facts', () => {
  it('warns about liquidation only above 20×', async () => {
    const { open } = await renderForm();
    await userEvent.click(open);
    const risk = page.getByTestId('leverage-risk');
    await userEvent.click(page.getByRole('button', { name: '20×', exact: true }));
    await expect.element(risk).toHaveTextContent('');
    await userEvent.click(page.getByRole('button', { name: '50×', exact: true }));
    await expect.element(risk).toHaveTextContent(/Above 20×, a small price move against you can liquidate/);
  });

  it('shows the largest position the margin tiers allow at the current leverage', async () => {
    const { open } = await renderForm();
    await userEvent.click(open);
    await expect.element(page.getByText('Max position at the current 10×')).toBeVisible();
    await expect.element(page.getByTestId('leverage-max-position')).toHaveTextContent('150 BTC');
  });
});

describe('applying the leverage', () => {
  it('sends the chosen leverage, closes, and the button shows what the server then holds', async () => {
    let leverage = 10;
    const { api, open } = await renderForm(125, {
      futuresSettings: async () => ({ ...SETTINGS, maxLever: 125, leverage }),
      setLeverage: async (_symbol, next) => {
        leverage = next;
      },
    });
    await userEvent.click(open);
    await userEvent.click(page.getByRole('button', { name: '75×', exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => api.setLeverage.mock.calls).toEqual([['BTCUSDT', 75]]);
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.poll(() => toastState.toasts.map((toast) => toast.message)).toContain('Leverage set to 75×.');
    await expect.element(page.getByRole('button', { name: 'Leverage 75×' })).toBeVisible();
  });

  it('closes without a call when the leverage chosen is the current one', async () => {
    const { api, open } = await renderForm();
    await userEvent.click(open);
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(api.setLeverage).not.toHaveBeenCalled();
  });

  it('shows a refusal inside the dialog, keeps what was chosen, and drops it when another is chosen', async () => {
    const { open } = await renderForm(125, {
      setLeverage: async () => {
        throw new RequestError('business', 'The leverage is out of range for this market.', {
          code: '43008',
          shown: false,
        });
      },
    });
    await userEvent.click(open);
    await userEvent.click(page.getByRole('button', { name: '100×', exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    const failure = dialog().getByRole('alert');
    await expect.element(failure).toHaveTextContent('The leverage is out of range for this market.');
    expect(exact().value).toBe('100');
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '100×');
    await userEvent.click(page.getByRole('button', { name: '50×', exact: true }));
    await expect.element(page.getByTestId('leverage-failure')).not.toBeInTheDocument();
  });
});

describe('isolated margin: a leverage per side', () => {
  /** The form in isolated margin, the long side at `long`× and the short at `short`×, as the server holds them. */
  async function renderIsolated(held: { long: number; short: number }, overrides: Partial<TradeApi> = {}) {
    const api = stubApi({
      futuresSettings: async () => ({
        ...SETTINGS,
        marginMode: 'isolated',
        maxLever: 125,
        leverage: held.long,
        longLeverage: held.long,
        shortLeverage: held.short,
        maxPositionSize: '600',
        maxLongPositionSize: '600',
        maxShortPositionSize: '150',
      }),
      ...overrides,
    });
    const value = services(api);
    disposers.push(() => value.store.dispose());
    await render(withServices(value, <OrderForm instrument={FUTURES} lastPrice="60000.0" />));
    return { api };
  }

  const sides = () => dialog().getByRole('group', { name: 'Position side' });

  it('shows both sides on the button', async () => {
    await renderIsolated({ long: 10, short: 20 });
    const open = page.getByRole('button', { name: 'Leverage Long 10× / Short 20×' });
    await expect.element(open).toBeVisible();
    expect(open.element().getAttribute('data-leverage')).toBe('10/20');
  });

  it('keeps both three-digit figures inside the button on a 360 px phone', async () => {
    await page.viewport(360, 740);
    try {
      await renderIsolated({ long: 125, short: 100 });
      const open = page.getByRole('button', { name: 'Leverage Long 125× / Short 100×' });
      await expect.element(open).toBeVisible();
      const button = open.element() as HTMLElement;
      expect(button.scrollWidth).toBeLessThanOrEqual(button.clientWidth);
      expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(360);
    } finally {
      await page.viewport(414, 896);
    }
  });

  it('edits the side chosen, sends it as holdSide, and the button then shows the new figure of that side', async () => {
    const held = { long: 10, short: 20 };
    const { api } = await renderIsolated(held, {
      setLeverage: async (_symbol, next, holdSide) => {
        if (holdSide === 'short') held.short = next;
        else held.long = next;
      },
    });
    await userEvent.click(page.getByRole('button', { name: 'Leverage Long 10× / Short 20×' }));
    await expect.element(sides()).toBeVisible();
    await expect.element(sides().getByRole('radio', { name: 'Long 10×' })).toBeChecked();
    // Each side's leverage reads left to right, so an Arabic page shows "10×" as the big figure does, not "×10".
    for (const figure of ['10×', '20×'])
      expect(sides().getByText(figure, { exact: true }).element().closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(exact().value).toBe('10');
    await expect.element(page.getByTestId('leverage-max-position')).toHaveTextContent('600 BTC');
    await userEvent.click(sides().getByText('Short 20×', { exact: true }));
    await expect.element(sides().getByRole('radio', { name: 'Short 20×' })).toBeChecked();
    await expect.element(slider()).toHaveAttribute('aria-valuetext', '20×');
    expect(exact().value).toBe('20');
    await expect.element(page.getByText('Max position at the current 20×')).toBeVisible();
    await expect.element(page.getByTestId('leverage-max-position')).toHaveTextContent('150 BTC');
    await userEvent.click(page.getByRole('button', { name: '50×', exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => api.setLeverage.mock.calls).toEqual([['BTCUSDT', 50, 'short']]);
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.poll(() => toastState.toasts.map((toast) => toast.message)).toContain('Short leverage set to 50×.');
    await expect.element(page.getByRole('button', { name: 'Leverage Long 10× / Short 50×' })).toBeVisible();
  });

  it('starts each side from its own figure: what was chosen for one side is not sent for the other', async () => {
    const { api } = await renderIsolated({ long: 10, short: 20 });
    await userEvent.click(page.getByRole('button', { name: 'Leverage Long 10× / Short 20×' }));
    await userEvent.click(page.getByRole('button', { name: '75×', exact: true }));
    await userEvent.click(sides().getByText('Short 20×', { exact: true }));
    expect(exact().value).toBe('20');
    // Short is already at 20×: Confirm closes without a call.
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(api.setLeverage).not.toHaveBeenCalled();
  });

  it('sends no holdSide in cross margin, where there is one leverage', async () => {
    const { api, open } = await renderForm();
    await userEvent.click(open);
    expect(dialog().getByRole('group', { name: 'Position side' }).query()).toBeNull();
    await userEvent.click(page.getByRole('button', { name: '20×', exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => api.setLeverage.mock.calls).toEqual([['BTCUSDT', 20]]);
  });
});
