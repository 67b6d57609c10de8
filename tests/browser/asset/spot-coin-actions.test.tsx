import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SIMULATION_FLAG_KEY } from '../../../engine/rules/simulation';
import type { SpotAsset } from '../../../src/asset/asset-api';
import { SpotAssetsPage } from '../../../src/asset/SpotAssetsPage';
import { authState } from '../../../src/session/auth-state';
import '../../../src/asset/asset.css';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const replies = vi.hoisted(() => ({ spot: vi.fn(), pairs: vi.fn() }));

// The balances and the listed pairs answer from the test; the rest of each module is real.
vi.mock('../../../src/asset/asset-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/asset/asset-api')>();
  return { ...original, loadSpotAssets: replies.spot };
});
vi.mock('../../../src/asset/use-spot-pairs', () => ({ useSpotPairs: replies.pairs }));

const asset = (coin: string, available: string): SpotAsset => ({
  coin,
  available,
  frozen: '0',
  usdtValue: available,
  btcValue: '0',
  places: 8,
});
/** USDT (transferable, no pair of its own), BTC (listed against USDT) and a coin without a USDT pair. */
const BALANCES = [asset('USDT', '1000'), asset('BTC', '0.5'), asset('DUST', '3')];

beforeEach(() => {
  authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
  authState.status = 'signedIn';
  replies.spot.mockResolvedValue({ data: BALANCES, cachedAt: null });
  replies.pairs.mockReturnValue(new Set(['BTCUSDT', 'ETHUSDT']));
});
afterEach(() => {
  replies.spot.mockReset();
  replies.pairs.mockReset();
  localStorage.removeItem(SIMULATION_FLAG_KEY);
  authState.user = null;
  authState.status = 'unknown';
});

const row = (coin: string) => page.getByTestId('spot-assets').element().querySelector(`tr[data-coin="${coin}"]`)!;
/** A row's actions as a user meets them: accessible name and where a link leads. */
function actionsOf(coin: string) {
  return [...row(coin).querySelectorAll<HTMLElement>('[data-testid="coin-actions"] > *')].map((action) => ({
    name: action.getAttribute('aria-label'),
    href: action.getAttribute('href'),
  }));
}

async function renderPage() {
  await renderAtPath('/asset/spot', SpotAssetsPage);
  await expect.element(page.getByTestId('spot-assets')).toBeVisible();
}

describe('the spot account’s coin rows', () => {
  it('lead to the coin’s deposit, withdrawal and pair, and USDT to a transfer', async () => {
    await renderPage();
    expect(actionsOf('BTC')).toEqual([
      { name: 'Deposit BTC', href: '/asset/deposit?coin=BTC' },
      { name: 'Withdraw BTC', href: '/asset/withdraw?coin=BTC' },
      { name: 'Trade BTC', href: '/spot/BTCUSDT' },
    ]);
    // No USDTUSDT pair; USDT is the coin transfers move.
    expect(actionsOf('USDT')).toEqual([
      { name: 'Deposit USDT', href: '/asset/deposit?coin=USDT' },
      { name: 'Withdraw USDT', href: '/asset/withdraw?coin=USDT' },
      { name: 'Transfer USDT', href: null },
    ]);
    // A coin without a listed pair offers no Trade.
    expect(actionsOf('DUST').map((action) => action.name)).toEqual(['Deposit DUST', 'Withdraw DUST']);
    // The visible texts are the short ones, inside their accessible names.
    expect(row('BTC').querySelector('[data-testid="coin-actions"]')?.textContent).toBe('DepositWithdrawTrade');
  });

  it('opens the transfer dialog from the USDT row', async () => {
    await renderPage();
    await userEvent.click(page.getByRole('button', { name: 'Transfer USDT' }));
    const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByTestId('transfer-from')).toHaveValue('spot');
  });

  it('offers no deposit or withdrawal in simulation mode, only trading and transfers', async () => {
    localStorage.setItem(SIMULATION_FLAG_KEY, '1');
    await renderPage();
    expect(actionsOf('BTC')).toEqual([{ name: 'Trade BTC', href: '/spot/BTCUSDT' }]);
    expect(actionsOf('USDT')).toEqual([{ name: 'Transfer USDT', href: null }]);
    expect(document.body.textContent).not.toMatch(/Deposit|Withdraw/);
  });

  it('fits a 360 px phone: the actions wrap inside each coin’s card, nothing scrolls sideways', async () => {
    await page.viewport(360, 800);
    await renderPage();
    const table = page.getByTestId('spot-assets').element() as HTMLElement;
    const scroller = table.parentElement!;
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    for (const action of table.querySelectorAll<HTMLElement>('[data-testid="coin-actions"] > *')) {
      const box = action.getBoundingClientRect();
      expect(box.right, action.getAttribute('aria-label') ?? '').toBeLessThanOrEqual(360);
      expect(box.left).toBeGreaterThanOrEqual(0);
    }
  });
});
