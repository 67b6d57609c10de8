import { transfer } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../../src/api/request';
import { AccountPanels } from '../../../../src/trade/account-panels/AccountPanels';
import type { MathsLink } from '../../../../src/trade/market/mark-link';
import type { TradeApi } from '../../../../src/trade/trade-api';
import type { FuturesPositionRow } from '../../../../src/trade/trade-replies';
import { lazyWorker } from '../../../../src/workers';
import { toastState } from '../../../../src/ui/toast/toast-state';
import type { RowsFrame } from '../../../../engine/format/rows-table';
import type { MathsApi, MathsFailure } from '../../../../workers/maths.api';
import '../../ui/helpers';
import { FUTURES, LONG, order, SPOT, services, stubApi, withServices } from '../trade-harness';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

async function renderPanels(
  api: TradeApi,
  options: { futures?: boolean; session?: 'signedIn' | 'signedOut'; maths?: MathsLink } = {},
) {
  const value = services(api, options);
  disposers.push(() => value.store.dispose());
  return render(withServices(value, <AccountPanels instrument={options.futures ? FUTURES : SPOT} />));
}

/** The real maths worker, with the test holding the mark feed's other end (as the market worker would). */
async function realMaths() {
  const worker = lazyWorker<MathsApi>(
    'maths',
    () => new Worker(new URL('../../../../workers/maths.worker.ts', import.meta.url), { type: 'module' }),
  );
  disposers.push(() => worker.terminate());
  const feed = new MessageChannel();
  await worker.call((api) => api.attachMarkFeed(transfer(feed.port2, [feed.port2])));
  const link: MathsLink = {
    setLedger: (input, rowsPort) =>
      worker.call(
        (api) => api.setLedger(transfer({ ...input, rowsPort }, [rowsPort])) as Promise<RowsFrame | MathsFailure>,
      ),
    watchMarks: async () => undefined,
  };
  return { link, marks: feed.port1 };
}

describe('AccountPanels states', () => {
  it('shows loading while the first answers are out', async () => {
    await renderPanels(stubApi({ spotOpenOrders: () => new Promise(() => undefined) }));
    await expect.element(page.getByRole('status')).toHaveAttribute('data-state', 'loading');
  });

  it('shows the empty text when there are no orders', async () => {
    await renderPanels(stubApi());
    await expect.element(page.getByText('No open orders.')).toBeVisible();
    await userEvent.click(page.getByRole('tab', { name: 'Order history' }));
    await expect.element(page.getByText('No orders yet.')).toBeVisible();
  });

  it('shows a failure with a retry that fetches again', async () => {
    let calls = 0;
    const api = stubApi({
      spotOpenOrders: async () => {
        calls += 1;
        if (calls === 1)
          throw new RequestError('network', 'Network error. Check your connection and try again.', { shown: false });
        return [order()];
      },
    });
    await renderPanels(api);
    await expect.element(page.getByRole('alert')).toHaveTextContent('Network error.');
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    await expect.element(page.getByRole('button', { name: 'Cancel order 101' })).toBeVisible();
    await expect.element(page.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
  });

  it('shows an unreadable reply as an error, never as data', async () => {
    const api = stubApi({
      spotAssets: async () => {
        throw new RequestError('bad-reply', 'The server sent a reply that could not be read.', { shown: false });
      },
    });
    await renderPanels(api);
    await userEvent.click(page.getByRole('tab', { name: 'Assets' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('could not be read');
  });

  it('asks a signed-out visitor to sign in, without calling the API', async () => {
    const api = stubApi();
    await renderPanels(api, { session: 'signedOut' });
    await expect.element(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect.element(page.getByText('Sign in to see your orders and balances.')).toBeVisible();
    expect(api.changes).not.toHaveBeenCalled();
    expect(api.spotOpenOrders).not.toHaveBeenCalled();
  });

  it('lists spot balances, each with its coin’s places', async () => {
    await renderPanels(stubApi());
    await userEvent.click(page.getByRole('tab', { name: 'Assets' }));
    await expect.element(page.getByRole('row', { name: /USDT/ })).toHaveTextContent('USDT1,000.00000.0000');
    await expect.element(page.getByRole('row', { name: /BTC/ })).toHaveTextContent('BTC0.2000000.000000');
  });

  it('lets a keyboard reach and scroll a table that holds no button: its box is a named region in the tab order', async () => {
    await renderPanels(stubApi());
    await userEvent.click(page.getByRole('tab', { name: 'Assets' }));
    const box = page.getByRole('region', { name: 'Assets' });
    await expect.element(box).toHaveAttribute('tabindex', '0');
    await expect.element(box.getByRole('row', { name: /USDT/ })).toBeVisible();
  });

  it('cuts a balance toward zero to its coin’s places, never showing more than there is', async () => {
    const api = stubApi();
    api.spotAssets.mockResolvedValue([{ coin: 'USDT', available: '9999.99999999', frozen: '0.00009', places: 4 }]);
    await renderPanels(api);
    await userEvent.click(page.getByRole('tab', { name: 'Assets' }));
    await expect.element(page.getByRole('row', { name: /USDT/ })).toHaveTextContent('USDT9,999.99990.0000');
  });
});

describe('AccountPanels open orders', () => {
  it('cancels one order with its own loading button, then refreshes the list', async () => {
    let release: () => void = () => undefined;
    let listed = [order({ orderId: '101' }), order({ orderId: '102', side: 'sell', price: '61000.00' })];
    const api = stubApi({
      spotOpenOrders: async () => listed,
      cancelSpotOrder: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await renderPanels(api);
    const first = page.getByRole('button', { name: 'Cancel order 101' });
    const second = page.getByRole('button', { name: 'Cancel order 102' });
    // Two presses in one task, before React re-renders the button as busy: one cancel goes out.
    const button = first.element() as HTMLButtonElement;
    button.click();
    button.click();
    await expect.element(first).toHaveAttribute('aria-busy', 'true');
    expect(second.element().getAttribute('aria-busy')).toBeNull();
    expect(api.cancelSpotOrder).toHaveBeenCalledTimes(1);
    expect(api.cancelSpotOrder).toHaveBeenCalledWith('BTCUSDT', '101');
    listed = [listed[1]];
    release();
    await expect.poll(() => first.elements().length).toBe(0);
    await expect.element(second).toBeVisible();
    expect(toastState.toasts.some((toast) => toast.message === 'Order cancelled.')).toBe(true);
  });

  it('values each open order at its own price in the quote coin, from the maths worker; a market order shows --', async () => {
    const listed = [
      order({ orderId: '101', price: '60000.00', size: '0.5000' }),
      order({ orderId: '102', side: 'sell', price: '61234.57', size: '0.0013' }),
      order({ orderId: '103', orderType: 'market', price: '', size: '0.2000' }),
    ];
    await renderPanels(stubApi({ spotOpenOrders: async () => listed }));
    const valueCell = (id: string) => document.querySelector(`tr[data-order-id="${id}"] [data-cell="value"]`);
    await expect.element(page.getByRole('button', { name: 'Cancel order 103' })).toBeVisible();
    // Phone-width cards label each figure with its column's name.
    expect(valueCell('101')?.getAttribute('data-label')).toBe('Value (USDT)');
    // 60000.00 × 0.5 = 30000.00; 61234.57 × 0.0013 = 79.604941, half-up to the quote's 2 places = 79.60.
    await expect.poll(() => valueCell('101')?.textContent, { timeout: 15_000 }).toBe('30,000.00');
    expect(valueCell('102')?.textContent).toBe('79.60');
    expect(valueCell('103')?.textContent).toBe('--');
  });

  it('names a spot order’s closing trigger orders by the preset each carries out', async () => {
    const closing = {
      side: 'sell' as const,
      orderType: 'market' as const,
      price: '',
      planStatus: 'untriggered' as const,
    };
    const listed = [
      order({ ...closing, orderId: '201', triggerPrice: '66000.00', tpslKind: 'tp' }),
      order({ ...closing, orderId: '202', triggerPrice: '55000.00', tpslKind: 'sl' }),
      order({ ...closing, orderId: '203', triggerPrice: '50000.00' }),
    ];
    await renderPanels(stubApi({ spotOpenOrders: async () => listed }));
    const typeOf = (id: string) =>
      page
        .getByRole('button', { name: `Cancel order ${id}` })
        .element()
        .closest('tr')
        ?.querySelector('[data-label="Type"]')?.textContent;
    await expect.element(page.getByRole('button', { name: 'Cancel order 203' })).toBeVisible();
    expect([typeOf('201'), typeOf('202'), typeOf('203')]).toEqual([
      'Take profit (trigger)',
      'Stop loss (trigger)',
      'Stop-market',
    ]);
  });

  it('moves the focus to the next order after a cancel by keyboard, and to the panel when none is left', async () => {
    let listed = [order({ orderId: '101' }), order({ orderId: '102', side: 'sell', price: '61000.00' })];
    const api = stubApi({
      spotOpenOrders: async () => listed,
      cancelSpotOrder: async (_symbol: string, orderId: string) => {
        listed = listed.filter((o) => o.orderId !== orderId);
      },
    });
    await renderPanels(api);
    const first = page.getByRole('button', { name: 'Cancel order 101' });
    const second = page.getByRole('button', { name: 'Cancel order 102' });
    await expect.element(first).toBeVisible();
    (first.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => first.elements().length).toBe(0);
    await expect.poll(() => document.activeElement).toBe(second.element());
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => second.elements().length).toBe(0);
    await expect.poll(() => document.activeElement?.classList.contains('account-panels__focus-box')).toBe(true);
  });

  it('toasts a refused cancel in the user language and keeps the row', async () => {
    const api = stubApi({
      spotOpenOrders: async () => [order()],
      cancelSpotOrder: async () => {
        throw new RequestError('business', 'The order was not found or is no longer open.', {
          code: '43006',
          shown: false,
        });
      },
    });
    await renderPanels(api);
    await userEvent.click(page.getByRole('button', { name: 'Cancel order 101' }));
    await expect
      .poll(() => toastState.toasts.map((toast) => toast.message))
      .toContain('The order was not found or is no longer open.');
    await expect.element(page.getByRole('button', { name: 'Cancel order 101' })).not.toHaveAttribute('aria-busy');
  });
});

describe('AccountPanels cancel all', () => {
  it('asks first, cancels every open order of the pair in one call, and the rows go', async () => {
    let listed = [order({ orderId: '101' }), order({ orderId: '102', side: 'sell', price: '61000.00' })];
    const api = stubApi({
      spotOpenOrders: async () => listed,
      cancelAllOrders: async () => {
        const count = listed.length;
        listed = [];
        return count;
      },
    });
    await renderPanels(api);
    await userEvent.click(page.getByRole('button', { name: 'Cancel all', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Cancel all open orders' });
    await expect.element(dialog).toHaveTextContent('Cancel all 2 open orders of BTCUSDT?');
    expect(api.cancelAllOrders).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel all orders' }));
    await expect.poll(() => page.getByRole('button', { name: 'Cancel order 101' }).elements().length).toBe(0);
    expect(api.cancelAllOrders).toHaveBeenCalledTimes(1);
    expect(api.cancelAllOrders).toHaveBeenCalledWith('spot', 'BTCUSDT');
    expect(toastState.toasts.some((toast) => toast.message === '2 orders cancelled.')).toBe(true);
    await expect.element(page.getByText('No open orders.')).toBeVisible();
    expect(page.getByRole('button', { name: 'Cancel all', exact: true }).elements()).toHaveLength(0);
  });

  it('cancels a contract’s orders as futures, and keeps the dialog open with the reason when refused', async () => {
    const api = stubApi({
      futuresOpenOrders: async () => [order({ orderId: '301' })],
      cancelAllOrders: async () => {
        throw new RequestError('business', 'The request could not be completed.', { code: '40001', shown: false });
      },
    });
    await renderPanels(api, { futures: true });
    await userEvent.click(page.getByRole('tab', { name: /Open orders/ }));
    await userEvent.click(page.getByRole('button', { name: 'Cancel all', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Cancel all open orders' });
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel all orders' }));
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('The request could not be completed.');
    expect(api.cancelAllOrders).toHaveBeenCalledWith('futures', 'BTCUSDT');
    await expect.element(page.getByRole('button', { name: 'Cancel order 301' })).toBeInTheDocument();
  });
});

describe('AccountPanels positions', () => {
  it('shows uPnL, ROE and liquidation from the maths worker, live with the marks', async () => {
    const { link, marks } = await realMaths();
    await renderPanels(stubApi({ positions: async () => [LONG] }), { futures: true, maths: link });
    const row = page.getByRole('row', { name: /BTCUSDT/ });
    await expect.element(row).toBeVisible();
    await expect.element(row.getByText('54,249.5')).toBeVisible();
    // No mark yet: nothing is guessed.
    expect(row.element().querySelector('[data-cell="upnl"]')?.textContent).toBe('--');
    marks.postMessage({ type: 'marks', marks: { BTCUSDT: '61000' }, ts: 1 });
    await expect.poll(() => row.element().querySelector('[data-cell="upnl"]')?.textContent).toBe('500.00');
    expect(row.element().querySelector('[data-cell="roe"]')?.textContent).toBe('+16.67%');
    expect(row.element().querySelector('[data-cell="mark"]')?.textContent).toBe('61,000.0');
  });

  it("lists every symbol's positions with their own coin and places, and asks for all their marks", async () => {
    const { link, marks } = await realMaths();
    const watched: (readonly string[])[] = [];
    const ethShort: FuturesPositionRow = {
      ...LONG,
      symbol: 'ETHUSDT',
      baseCoin: 'ETH',
      holdSide: 'short',
      position: 2,
      positionsCount: '2.5',
      positionsOpenAvgPrice: '3000',
      positionsOpenMarginCount: '750',
      pricePlace: 2,
      volumePlace: 2,
    };
    await renderPanels(stubApi({ positions: async () => [LONG, ethShort] }), {
      futures: true,
      maths: { ...link, watchMarks: async (symbols) => void watched.push(symbols) },
    });
    const eth = page.getByRole('row', { name: /ETHUSDT/ });
    await expect.element(eth).toBeVisible();
    await expect.element(eth.getByText('2.50 ETH')).toBeVisible();
    await expect.element(page.getByRole('row', { name: /BTCUSDT/ }).getByText('0.500 BTC')).toBeVisible();
    expect(watched.at(-1)).toEqual(['BTCUSDT', 'ETHUSDT']);
    const btcCell = page
      .getByRole('row', { name: /BTCUSDT/ })
      .element()
      .querySelector('[data-cell="upnl"]');
    marks.postMessage({ type: 'marks', marks: { ETHUSDT: '2900' }, ts: 1 });
    await expect.poll(() => eth.element().querySelector('[data-cell="upnl"]')?.textContent).toBe('250.00');
    expect(eth.element().querySelector('[data-cell="mark"]')?.textContent).toBe('2,900.00');
    // An ETHUSDT mark moves the ETHUSDT row only.
    expect(btcCell?.textContent).toBe('--');
  });

  it('writes no live figures into a row scrolled out of view, and the newest ones as soon as it is back', async () => {
    const { link, marks } = await realMaths();
    await renderPanels(stubApi({ positions: async () => [LONG] }), { futures: true, maths: link });
    const row = page.getByRole('row', { name: /BTCUSDT/ });
    await expect.element(row).toBeVisible();
    const upnl = () => row.element().querySelector('[data-cell="upnl"]')?.textContent;
    const spacer = document.createElement('div');
    spacer.style.blockSize = '5000px';
    document.body.append(spacer);
    try {
      window.scrollTo(0, 4000);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      marks.postMessage({ type: 'marks', marks: { BTCUSDT: '61000' }, ts: 1 });
      marks.postMessage({ type: 'marks', marks: { BTCUSDT: '62000' }, ts: 2 });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(upnl()).toBe('--');
      window.scrollTo(0, 0);
      await expect.poll(upnl).toBe('1,000.00');
    } finally {
      spacer.remove();
      window.scrollTo(0, 0);
    }
  });

  it('closes a position after confirming in a dialog', async () => {
    const { link } = await realMaths();
    let open = [LONG];
    const api = stubApi({ positions: async () => open });
    await renderPanels(api, { futures: true, maths: link });
    await userEvent.click(page.getByRole('button', { name: 'Close Long BTCUSDT', exact: true }));
    const dialog = page.getByRole('dialog');
    await expect
      .element(dialog)
      .toHaveTextContent('Close your Long BTCUSDT position of 0.500 BTC at the market price?');
    open = [];
    await userEvent.click(dialog.getByRole('button', { name: 'Close at market' }));
    expect(api.closePosition).toHaveBeenCalledWith('BTCUSDT', 'long');
    await expect.element(page.getByText('No open positions.')).toBeVisible();
    expect(page.getByRole('dialog').elements()).toHaveLength(0);
  });

  it('keeps the dialog open with the reason when the close is refused', async () => {
    const { link } = await realMaths();
    const api = stubApi({
      positions: async () => [LONG],
      closePosition: async () => {
        throw new RequestError('business', 'A reduce-only order cannot open or grow a position.', {
          code: '43007',
          shown: false,
        });
      },
    });
    await renderPanels(api, { futures: true, maths: link });
    await userEvent.click(page.getByRole('button', { name: 'Close Long BTCUSDT', exact: true }));
    await userEvent.click(page.getByRole('button', { name: 'Close at market' }));
    await expect.element(page.getByRole('dialog').getByRole('alert')).toHaveTextContent('cannot open or grow');
  });

  it('flash-closes at once without a dialog, once however often it is pressed', async () => {
    const { link } = await realMaths();
    let open = [LONG];
    let release: () => void = () => undefined;
    const api = stubApi({
      positions: async () => open,
      closePosition: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await renderPanels(api, { futures: true, maths: link });
    const flash = page.getByRole('button', { name: 'Flash close Long BTCUSDT' });
    await userEvent.click(flash);
    await userEvent.click(flash);
    expect(page.getByRole('dialog').elements()).toHaveLength(0);
    expect(api.closePosition).toHaveBeenCalledTimes(1);
    expect(api.closePosition).toHaveBeenCalledWith('BTCUSDT', 'long');
    open = [];
    release();
    await expect.element(page.getByText('No open positions.')).toBeVisible();
    expect(toastState.toasts.some((toast) => toast.message === 'BTCUSDT Long closed at the market price.')).toBe(true);
  });

  it('reverses after saying what will happen, and keeps the dialog with the reason when refused', async () => {
    const { link } = await realMaths();
    let refuse = true;
    const api = stubApi({
      positions: async () => [LONG],
      reversePosition: async () => {
        if (refuse)
          throw new RequestError('business', 'Insufficient available margin', { code: '43004', shown: false });
      },
    });
    await renderPanels(api, { futures: true, maths: link });
    await userEvent.click(page.getByRole('button', { name: 'Reverse Long BTCUSDT' }));
    const dialog = page.getByRole('dialog', { name: 'Reverse Long BTCUSDT' });
    await expect
      .element(dialog)
      .toHaveTextContent(
        'Close the Long of 0.500 BTC at the market price and open a Short of the same size at the market price.',
      );
    await userEvent.click(dialog.getByRole('button', { name: 'Reverse' }));
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Insufficient available margin');
    refuse = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Reverse' }));
    await expect.poll(() => page.getByRole('dialog').elements().length).toBe(0);
    expect(api.reversePosition).toHaveBeenLastCalledWith('BTCUSDT', 'long');
    expect(toastState.toasts.some((toast) => toast.message === 'BTCUSDT reversed: now Short.')).toBe(true);
  });

  it('says under the TP/SL prices when a preset watches the last price or closes part of the position', async () => {
    const { link } = await realMaths();
    const set = {
      ...LONG,
      presetStopSurplusPrice: '70000.0',
      presetStopSurplusTriggerType: 'fill_price' as const,
      presetStopSurplusSize: '0.0100',
      presetStopLossPrice: '50000.0',
    };
    await renderPanels(stubApi({ positions: async () => [set] }), { futures: true, maths: link });
    const row = page.getByRole('row', { name: /BTCUSDT/ });
    await expect.element(row).toBeVisible();
    const cell = row.element().querySelector('[data-cell="tpsl"]');
    expect(cell?.querySelector('bdi')?.textContent).toBe('70,000.0 / 50,000.0');
    // The stop-loss is the default (mark, whole position): no note for it.
    expect([...(cell?.querySelectorAll('[data-preset-note]') ?? [])].map((n) => n.textContent)).toEqual([
      'TP: Last, 0.0100 BTC',
    ]);
  });

  it('shows the empty positions text and the futures account', async () => {
    await renderPanels(stubApi(), { futures: true });
    await expect.element(page.getByText('No open positions.')).toBeVisible();
    await userEvent.click(page.getByRole('tab', { name: 'Assets' }));
    await expect.element(page.getByText('Equity')).toBeVisible();
    await expect.element(page.getByText('10,000.0000 USDT').first()).toBeVisible();
  });
});
