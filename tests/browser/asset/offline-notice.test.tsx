import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { formatDateTime } from '../../../engine/format/date-time';
import { RequestError } from '../../../src/api/request';
import type { AssetOverview, ValuationPoint } from '../../../src/asset/asset-api';
import { AssetOverviewPage } from '../../../src/asset/AssetOverviewPage';
import { AddressBookPage } from '../../../src/asset/funds/AddressBookPage';
import { DepositPage } from '../../../src/asset/funds/DepositPage';
import { FundsHistory } from '../../../src/asset/funds/FundsHistory';
import type { CoinNetworks, DepositRow, SavedAddress } from '../../../src/asset/funds/funds-api';
import { authState } from '../../../src/session/auth-state';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const replies = vi.hoisted(() => ({
  coins: vi.fn(),
  address: vi.fn(),
  deposits: vi.fn(),
  saved: vi.fn(),
  overview: vi.fn(),
  history: vi.fn(),
}));

// The pages' reads answer from the test; everything else is the real modules'.
vi.mock('../../../src/asset/funds/funds-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/asset/funds/funds-api')>();
  return {
    ...original,
    loadCoins: replies.coins,
    loadDepositAddress: replies.address,
    loadDeposits: replies.deposits,
    loadSavedAddresses: replies.saved,
  };
});
vi.mock('../../../src/asset/asset-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/asset/asset-api')>();
  return { ...original, loadOverview: replies.overview, loadValuationHistory: replies.history };
});

const COINS: CoinNetworks[] = [
  {
    coin: 'USDT',
    chains: [
      {
        chain: 'TRC20',
        name: 'Tron (TRC20)',
        depositEnabled: true,
        withdrawEnabled: true,
        minDeposit: '1',
        confirmations: 3,
        withdrawFee: '1',
        minWithdraw: '10',
        memoRequired: false,
        addressPattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
      },
    ],
  },
];
const ADDRESS = { coin: 'USDT', chain: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', memo: null };
const DEPOSIT: DepositRow = {
  id: '7',
  coin: 'USDT',
  chain: 'TRC20',
  address: ADDRESS.address,
  memo: null,
  amount: '25',
  txId: 'ab',
  confirmations: 3,
  required: 3,
  status: 'credited',
  cTime: '1764000000000',
  uTime: '1764000000000',
};
const SAVED: SavedAddress = { ...ADDRESS, id: '1', label: 'Cold wallet', cTime: '1764000000000' };
const OVERVIEW: AssetOverview = {
  totalUsdt: '100',
  totalBtc: '0.001',
  btcPrice: '100000',
  rates: { USD: '1' },
  accounts: [{ account: 'spot', usdt: '100', btc: '0.001' }],
};
const POINTS: ValuationPoint[] = [{ day: '2025-11-24', time: '1763942400000', usdt: '100', btc: '0.001' }];

/** Kept times a few minutes apart: the page says the oldest. */
const KEPT = { coins: 1764000300000, address: 1764000100000, deposits: 1764000200000 } as const;
const kept = <T,>(data: T, at: number) => ({ data, cachedAt: at });
const fresh = <T,>(data: T) => ({ data, cachedAt: null });
const offlineFailure = () => new RequestError('network', 'Network error', { shown: false });

let onLine: PropertyDescriptor | undefined;
/** The browser says it is offline (as `navigator.onLine` does without a network) until the test ends. */
function goOffline() {
  onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
}

beforeEach(() => {
  authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
  authState.status = 'signedIn';
});
afterEach(() => {
  for (const mock of Object.values(replies)) mock.mockReset();
  authState.user = null;
  authState.status = 'unknown';
  if (onLine) {
    delete (navigator as { onLine?: boolean }).onLine;
    Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    onLine = undefined;
  }
});

const notices = () => [...document.querySelectorAll('[data-testid="asset-offline"]')];
const NO_DEPOSITS = 'No deposits yet.';
const HISTORY_OFFLINE = 'This history cannot be loaded offline. It will show when the connection is back.';

describe('the deposit page offline', () => {
  it('shows one offline notice, at the top, with the oldest kept time, for its three reads', async () => {
    replies.coins.mockResolvedValue(kept(COINS, KEPT.coins));
    replies.address.mockResolvedValue(kept(ADDRESS, KEPT.address));
    replies.deposits.mockResolvedValue(kept({ rows: [DEPOSIT], next: null }, KEPT.deposits));
    await renderAtPath('/asset/deposit', DepositPage);
    await expect.element(page.getByTestId('deposit-list')).toBeVisible();
    await expect.element(page.getByTestId('deposit-address')).toBeVisible();

    await expect.poll(() => notices().length).toBe(1);
    expect(notices()[0].textContent).toBe(`Offline — as of ${formatDateTime(KEPT.address, 'en-US')}`);
    // Above the coin picker: the first thing under the page's title.
    const picker = page.getByTestId('funds-coin').element();
    expect(notices()[0].compareDocumentPosition(picker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says the history is unknown, not empty, when it could not load offline and nothing was kept', async () => {
    goOffline();
    replies.coins.mockResolvedValue(kept(COINS, KEPT.coins));
    replies.address.mockResolvedValue(kept(ADDRESS, KEPT.address));
    replies.deposits.mockRejectedValue(offlineFailure());
    await renderAtPath('/asset/deposit', DepositPage);
    await expect.element(page.getByText(HISTORY_OFFLINE)).toBeVisible();
    expect(document.body.textContent).not.toContain(NO_DEPOSITS);
    expect(notices()).toHaveLength(1);
    // The history's line is a quiet statement, not a second offline notice with its own icon and button.
    expect(document.querySelectorAll('.state-view')).toHaveLength(0);
  });

  it('shows one notice when nothing at all was kept', async () => {
    goOffline();
    replies.coins.mockResolvedValue(fresh(COINS));
    replies.address.mockRejectedValue(offlineFailure());
    replies.deposits.mockRejectedValue(offlineFailure());
    await renderAtPath('/asset/deposit', DepositPage);
    await expect.element(page.getByText(HISTORY_OFFLINE)).toBeVisible();
    await expect.poll(() => notices().length).toBe(1);
    expect(notices()[0].textContent).toBe('You are offline. Showing the last data received.');
    expect(document.body.textContent).not.toContain(NO_DEPOSITS);
  });

  it('says "No deposits yet" for a real empty answer, with no offline notice', async () => {
    replies.coins.mockResolvedValue(fresh(COINS));
    replies.address.mockResolvedValue(fresh(ADDRESS));
    replies.deposits.mockResolvedValue(fresh({ rows: [], next: null }));
    await renderAtPath('/asset/deposit', DepositPage);
    await expect.element(page.getByText(NO_DEPOSITS)).toBeVisible();
    expect(notices()).toHaveLength(0);
    expect(document.body.textContent).not.toContain(HISTORY_OFFLINE);
  });
});

describe('FundsHistory on its own', () => {
  it('offline with nothing kept, says it cannot be loaded rather than that there is nothing', async () => {
    await render(
      <FundsHistory
        title="asset.withdraw.recent"
        empty="asset.withdraw.none"
        view={{ status: 'failed', error: offlineFailure(), offline: true }}
        onRetry={() => undefined}
        testId="withdrawal-list"
        isDone={() => true}
        statusText={() => ''}
      />,
    );
    await expect.element(page.getByText(HISTORY_OFFLINE)).toBeVisible();
    expect(document.body.textContent).not.toContain('No withdrawals yet.');
  });
});

describe('pages whose reads stand side by side', () => {
  it('the address book shows one notice for its coin list and its saved addresses', async () => {
    replies.coins.mockResolvedValue(kept(COINS, KEPT.coins));
    replies.saved.mockResolvedValue(kept([SAVED], KEPT.deposits));
    await renderAtPath('/asset/address', AddressBookPage);
    await expect.element(page.getByTestId('address-book')).toBeVisible();
    await expect.poll(() => notices().length).toBe(1);
    expect(notices()[0].textContent).toBe(`Offline — as of ${formatDateTime(KEPT.deposits, 'en-US')}`);
  });

  it('the overview shows one notice for its totals and its chart', async () => {
    replies.overview.mockResolvedValue(kept(OVERVIEW, KEPT.coins));
    replies.history.mockResolvedValue(kept(POINTS, KEPT.address));
    await renderAtPath('/asset', AssetOverviewPage);
    await expect.element(page.getByTestId('asset-total')).toBeVisible();
    await expect.poll(() => notices().length).toBe(1);
    expect(notices()[0].textContent).toBe(`Offline — as of ${formatDateTime(KEPT.address, 'en-US')}`);
  });
});
