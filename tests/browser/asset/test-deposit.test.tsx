import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { RequestError } from '../../../src/api/request';
import { DepositPage } from '../../../src/asset/funds/DepositPage';
import type { CoinNetworks } from '../../../src/asset/funds/funds-api';
import { authState } from '../../../src/session/auth-state';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const replies = vi.hoisted(() => ({
  coins: vi.fn(),
  address: vi.fn(),
  deposits: vi.fn(),
  send: vi.fn(),
}));

// The page's reads and its test deposit answer from the test; everything else is the real modules'.
vi.mock('../../../src/asset/funds/funds-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/asset/funds/funds-api')>();
  return {
    ...original,
    loadCoins: replies.coins,
    loadDepositAddress: replies.address,
    loadDeposits: replies.deposits,
    sendTestDeposit: replies.send,
  };
});

/** BTC, a coin shown with 8 places (coin-places.ts), on the paper Bitcoin network. */
const COINS: CoinNetworks[] = [
  {
    coin: 'BTC',
    chains: [
      {
        chain: 'BTC',
        name: 'Bitcoin',
        depositEnabled: true,
        withdrawEnabled: true,
        minDeposit: '0.0001',
        confirmations: 2,
        withdrawFee: '0.0005',
        minWithdraw: '0.001',
        memoRequired: false,
        addressPattern: '^bc1[0-9a-z]{39}$',
      },
    ],
  },
];
const ADDRESS = { coin: 'BTC', chain: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: null };
const fresh = <T,>(data: T) => ({ data, cachedAt: null });

beforeEach(() => {
  authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
  authState.status = 'signedIn';
  replies.coins.mockResolvedValue(fresh(COINS));
  replies.address.mockResolvedValue(fresh(ADDRESS));
  replies.deposits.mockResolvedValue(fresh({ rows: [], next: null }));
});
afterEach(() => {
  for (const mock of Object.values(replies)) mock.mockReset();
  authState.user = null;
  authState.status = 'unknown';
});

const amount = () => page.getByTestId('test-deposit-amount');
const amountValue = () => (amount().element() as HTMLInputElement).value;

describe('the test deposit amount', () => {
  it('is cleaned by the spec §5 rule at the coin places as it is typed, full-width forms included', async () => {
    await renderAtPath('/asset/deposit', DepositPage);
    await userEvent.clear(amount());
    await userEvent.type(amount(), '００１２．３４５６７８９９９');
    // Full-width digits and dot read as ASCII; "00" becomes one 0 (a single leading 0 stays, as "007" → "07" in
    // numeric-input.test.ts); decimals stop at BTC's 8.
    expect(amountValue()).toBe('012.34567899');
    await userEvent.type(amount(), '.5');
    // Only the first dot stays, and the ninth decimal still does not fit.
    expect(amountValue()).toBe('012.34567899');
  });

  it('keeps at most 20 integer digits', async () => {
    await renderAtPath('/asset/deposit', DepositPage);
    await userEvent.fill(amount(), '123456789012345678901.5');
    expect(amountValue()).toBe('12345678901234567890.5');
  });

  it('sends the typed amount and keeps it, with the reason, when the gateway refuses it', async () => {
    replies.send.mockRejectedValue(
      new RequestError('business', 'The amount is below the minimum deposit.', { code: '43003', shown: false }),
    );
    await renderAtPath('/asset/deposit', DepositPage);
    await userEvent.clear(amount());
    await userEvent.type(amount(), '0.00005');
    await userEvent.click(page.getByRole('button', { name: 'Send a test deposit' }));
    await expect.element(page.getByText('The amount is below the minimum deposit.')).toBeVisible();
    expect(replies.send).toHaveBeenCalledWith({ coin: 'BTC', chain: 'BTC', amount: '0.00005' });
    expect(amountValue()).toBe('0.00005');
  });

  it('cannot be sent while it holds no number', async () => {
    await renderAtPath('/asset/deposit', DepositPage);
    await userEvent.fill(amount(), '.');
    await expect.element(page.getByRole('button', { name: 'Send a test deposit' })).toBeDisabled();
    await userEvent.fill(amount(), '.5');
    await expect.element(page.getByRole('button', { name: 'Send a test deposit' })).toBeEnabled();
  });
});
