import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { formatDateTime } from '../../../engine/format/date-time';
import { AddressBookPage } from '../../../src/asset/funds/AddressBookPage';
import { FundsHistory } from '../../../src/asset/funds/FundsHistory';
import type { CoinNetworks, DepositRow } from '../../../src/asset/funds/funds-api';
import { OrderHistoryPage } from '../../../src/asset/records/OrderRecordsPage';
import type { Bill, OrderRecordRow } from '../../../src/asset/records/records-api';
import { TransacPage } from '../../../src/asset/records/TransacPage';
import { setLocale } from '../../../src/i18n/i18n';
import { authState } from '../../../src/session/auth-state';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const replies = vi.hoisted(() => ({ bills: vi.fn(), orders: vi.fn(), coins: vi.fn(), saved: vi.fn() }));

vi.mock('../../../src/asset/records/records-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/asset/records/records-api')>();
  return { ...original, loadBills: replies.bills, loadOrders: replies.orders };
});
vi.mock('../../../src/asset/funds/funds-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/asset/funds/funds-api')>();
  return { ...original, loadCoins: replies.coins, loadSavedAddresses: replies.saved };
});

/** One moment, as every list carries it (ms since the epoch, a decimal string). */
const MOMENT = 1764081125000;
const AT = String(MOMENT);

const BILL: Bill = {
  id: '1',
  time: AT,
  kind: 'transfer',
  account: 'spot',
  coin: 'USDT',
  amount: '-250',
  symbol: null,
  ref: 't1',
};
const ORDER: OrderRecordRow = {
  orderId: '9',
  market: 'spot',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  price: '100000',
  size: '0.001',
  baseVolume: '0.001',
  priceAvg: '100000',
  fee: '0.1',
  feeCoin: 'USDT',
  status: 'filled',
  cTime: AT,
};
const DEPOSIT: DepositRow = {
  id: '7',
  coin: 'USDT',
  chain: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  memo: null,
  amount: '25',
  txId: 'ab',
  confirmations: 3,
  required: 3,
  status: 'credited',
  cTime: AT,
  uTime: AT,
};
const COINS: CoinNetworks[] = [];

beforeEach(() => {
  authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
  authState.status = 'signedIn';
  replies.bills.mockResolvedValue({ data: { rows: [BILL], next: null }, cachedAt: null });
  replies.orders.mockResolvedValue({ data: { rows: [ORDER], next: null }, cachedAt: null });
  replies.coins.mockResolvedValue({ data: COINS, cachedAt: null });
  replies.saved.mockResolvedValue({
    data: [{ ...DEPOSIT, id: '1', label: 'Cold wallet', cTime: AT }],
    cachedAt: null,
  });
});
afterEach(async () => {
  for (const mock of Object.values(replies)) mock.mockReset();
  authState.user = null;
  authState.status = 'unknown';
  await setLocale('en');
});

const firstRowTime = (testId: string) =>
  page.getByTestId(testId).element().querySelector('tbody tr th')?.textContent ?? '';

/** The deposit history with one row, its figures kept at the same moment: the notice and the row both say it. */
function KeptHistory() {
  return (
    <FundsHistory
      title="asset.deposit.recent"
      empty="asset.deposit.none"
      view={{
        status: 'ready',
        data: { rows: [DEPOSIT], next: null },
        keptAt: MOMENT,
        refreshing: false,
        error: null,
        receivedAt: MOMENT,
      }}
      onRetry={() => undefined}
      testId="deposit-list"
      isDone={() => true}
      statusText={() => 'Credited'}
    />
  );
}

describe('times on the asset pages', () => {
  it('are written one way: the records, the deposit history, the address book and the offline notice', async () => {
    const expected = formatDateTime(MOMENT, 'en-US');
    // Date and time, in the locale's own order: not the old `2025-11-25 14:32` of one page and `14:32` of another.
    expect(expected).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}\s[AP]M$/);

    const transac = await renderAtPath('/transac', TransacPage);
    await expect.poll(() => firstRowTime('transac-table')).toBe(expected);
    await transac.unmount();

    const orders = await renderAtPath('/history', OrderHistoryPage);
    await expect.poll(() => firstRowTime('history-table')).toBe(expected);
    await orders.unmount();

    const book = await renderAtPath('/asset/address', AddressBookPage);
    await expect.element(page.getByTestId('address-book')).toHaveTextContent(expected);
    await book.unmount();

    await render(<KeptHistory />);
    await expect.element(page.getByTestId('asset-offline')).toHaveTextContent(`Offline — as of ${expected}`);
    await expect.element(page.getByTestId('deposit-list').getByText(expected)).toBeVisible();
  });

  it('follow the page’s language, one format for the notice and the rows', async () => {
    await setLocale('ja');
    await render(<KeptHistory />);
    const expected = formatDateTime(MOMENT, 'ja-JP');
    expect(expected).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect.element(page.getByTestId('asset-offline')).toHaveTextContent(expected);
    await expect.element(page.getByTestId('deposit-list').getByText(expected)).toBeVisible();
  });
});
