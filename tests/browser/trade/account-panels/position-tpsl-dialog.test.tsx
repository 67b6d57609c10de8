import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../../src/api/request';
import { PositionTpslDialog } from '../../../../src/trade/account-panels/PositionTpslDialog';
import type { TradeApi } from '../../../../src/trade/trade-api';
import type { FuturesPositionRow } from '../../../../src/trade/trade-replies';
import '../../ui/helpers';
import { LONG, services, stubApi, withServices } from '../trade-harness';

/** A short of 0.3 @ 2000 on 60 USDT of margin, two price places. */
const SHORT: FuturesPositionRow = {
  ...LONG,
  symbol: 'ETHUSDT',
  baseCoin: 'ETH',
  holdSide: 'short',
  position: 2,
  positionsCount: '0.3',
  positionsOpenAvgPrice: '2000',
  positionsOpenMarginCount: '60',
  pricePlace: 2,
};

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

function renderDialog(api: TradeApi, position: FuturesPositionRow) {
  const value = services(api);
  disposers.push(() => value.store.dispose());
  return render(withServices(value, <PositionTpslDialog position={position} onClose={() => undefined} />));
}

/** The text of a preview figure (`tp-pnl`, `sl-roe`, …) as the dialog shows it. */
const figure = (name: string) => () => document.querySelector(`[data-figure="${name}"]`)?.textContent;
/** The maths worker starts on the first preview: on a loaded machine that takes longer than a poll's default second. */
const WORKER_WAIT = { timeout: 15_000 };

describe('PositionTpslDialog preview', () => {
  it('previews a long’s PnL and ROE at each price, for the whole position or the size typed', async () => {
    renderDialog(stubApi(), LONG);
    const dialog = page.getByRole('dialog');
    // Long 0.5 @ 60000 on 3000: at 61000 the whole position makes 500 (16.67 %), 0.2 of it 200 on 1200.
    await userEvent.fill(dialog.getByLabelText('Take-profit price'), '61000');
    await expect.poll(figure('tp-pnl'), WORKER_WAIT).toBe('500.00 USDT');
    await expect.poll(figure('tp-roe'), WORKER_WAIT).toBe('16.67%');
    await userEvent.fill(dialog.getByLabelText('Take-profit amount'), '0.2');
    await expect.poll(figure('tp-pnl'), WORKER_WAIT).toBe('200.00 USDT');
    await expect.poll(figure('tp-roe'), WORKER_WAIT).toBe('16.67%');
    // At 59000 a quarter loses 250 on 1500: −16.67 %.
    await userEvent.fill(dialog.getByLabelText('Stop-loss price'), '59000');
    await userEvent.fill(dialog.getByLabelText('Stop-loss amount'), '0.25');
    await expect.poll(figure('sl-pnl'), WORKER_WAIT).toMatch(/^[-−]250\.00 USDT$/);
    await expect.poll(figure('sl-roe'), WORKER_WAIT).toMatch(/^[-−]16\.67%$/);
    // A size above the position has no preview.
    await userEvent.fill(dialog.getByLabelText('Stop-loss amount'), '0.6');
    await expect.poll(figure('sl-pnl'), WORKER_WAIT).toBe('-- USDT');
  });

  it('previews a short’s take-profit below the entry', async () => {
    renderDialog(stubApi(), SHORT);
    const dialog = page.getByRole('dialog');
    // Short 0.3 @ 2000 on 60: 0.1 at 1900 makes 10 on 20 of margin, 50 %.
    await userEvent.fill(dialog.getByLabelText('Take-profit price'), '1900');
    await userEvent.fill(dialog.getByLabelText('Take-profit amount'), '0.1');
    await expect.poll(figure('tp-pnl'), WORKER_WAIT).toBe('10.00 USDT');
    await expect.poll(figure('tp-roe'), WORKER_WAIT).toBe('50.00%');
  });
});

describe('PositionTpslDialog save', () => {
  it('sends each price with the price it watches and its size', async () => {
    const api = stubApi();
    renderDialog(api, LONG);
    const dialog = page.getByRole('dialog');
    await userEvent.fill(dialog.getByLabelText('Take-profit price'), '61000');
    await userEvent.click(
      dialog.getByRole('group', { name: 'Take-profit trigger price' }).getByRole('button', { name: 'Last' }),
    );
    await userEvent.fill(dialog.getByLabelText('Take-profit amount'), '0.2');
    await userEvent.fill(dialog.getByLabelText('Stop-loss price'), '59000');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(api.setPositionTpsl).toHaveBeenCalledWith('BTCUSDT', 'long', {
      takeProfit: '61000',
      takeProfitType: 'fill_price',
      takeProfitSize: '0.2',
      stopLoss: '59000',
      stopLossType: 'mark_price',
      stopLossSize: undefined,
    });
  });

  it('refuses a size above the position beside the field, sending nothing', async () => {
    const api = stubApi();
    renderDialog(api, LONG);
    const dialog = page.getByRole('dialog');
    await userEvent.fill(dialog.getByLabelText('Take-profit price'), '61000');
    await userEvent.fill(dialog.getByLabelText('Take-profit amount'), '0.6');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect.element(dialog.getByText('You can close at most 0.5 BTC.')).toBeVisible();
    expect(api.setPositionTpsl).not.toHaveBeenCalled();
  });

  it('keeps everything typed, and the reason, when the save is refused', async () => {
    const api = stubApi({
      setPositionTpsl: async () => {
        throw new RequestError('business', 'The take-profit is on the wrong side.', { code: '43012', shown: false });
      },
    });
    renderDialog(api, LONG);
    const dialog = page.getByRole('dialog');
    const trigger = dialog.getByRole('group', { name: 'Stop-loss trigger price' });
    await userEvent.fill(dialog.getByLabelText('Stop-loss price'), '59000');
    await userEvent.click(trigger.getByRole('button', { name: 'Last' }));
    await userEvent.fill(dialog.getByLabelText('Stop-loss amount'), '0.25');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('wrong side');
    expect(api.setPositionTpsl).toHaveBeenCalledTimes(1);
    await expect.element(dialog.getByLabelText('Stop-loss price')).toHaveValue('59000');
    await expect.element(dialog.getByLabelText('Stop-loss amount')).toHaveValue('0.25');
    await expect.element(trigger.getByRole('button', { name: 'Last' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(figure('sl-pnl'), WORKER_WAIT).toMatch(/^[-−]250\.00 USDT$/);
  });
});
