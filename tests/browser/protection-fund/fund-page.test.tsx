import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../src/api/request';
import type { FundHistory, FundPayout, FundSummary } from '../../../src/protection-fund/fund-api';
import { FundPage } from '../../../src/protection-fund/FundPage';
import '../ui/helpers';

const replies = vi.hoisted(() => ({
  summary: vi.fn(),
  history: vi.fn(),
  payouts: vi.fn(),
}));

// The page's one request module answers from the test; everything else of it (ranges, offline check) is the real one.
vi.mock('../../../src/protection-fund/fund-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/protection-fund/fund-api')>();
  return {
    ...original,
    fetchFundSummary: replies.summary,
    fetchFundHistory: replies.history,
    fetchFundPayouts: replies.payouts,
  };
});

const DAY_MS = 86_400_000;
const TODAY = Date.UTC(2026, 10, 26);

const SUMMARY: FundSummary = {
  balances: [{ coin: 'USDT', balance: '1534567.89123456' }],
  updatedAt: String(TODAY + 3_600_000),
  totalPayouts30d: '5120.50000000',
};

function history(days: number): FundHistory {
  const points = Array.from({ length: days }, (_, index) => ({
    time: String(TODAY - (days - 1 - index) * DAY_MS),
    balance: `${1_400_000 + index * 750}.00000000`,
  }));
  return { coin: 'USDT', days, points };
}

const PAYOUT: FundPayout = {
  time: String(TODAY + 1_000_000),
  symbol: 'BTCUSDT',
  holdSide: 'long',
  size: '2.2300',
  amount: '5120.50000000',
  coin: 'USDT',
  user: '****3F9A0C',
};

beforeEach(() => {
  replies.summary.mockResolvedValue(SUMMARY);
  replies.history.mockImplementation(async (days: number) => history(days));
  replies.payouts.mockResolvedValue([PAYOUT]);
});
afterEach(() => {
  vi.restoreAllMocks();
  replies.summary.mockReset();
  replies.history.mockReset();
  replies.payouts.mockReset();
});

describe('the protection fund page', () => {
  it('shows the balance as the big figure, the history chart, what it covers and the payouts', async () => {
    const screen = await render(<FundPage />);
    await expect.element(page.getByRole('heading', { level: 1, name: 'Protection fund' })).toBeVisible();
    await expect.element(page.getByTestId('fund-balance')).toHaveTextContent('1,534,567.89 USDT');
    await expect.element(page.getByText('Paid out in the last 30 days: 5,120.50 USDT')).toBeVisible();
    // The chart library draws into canvases inside the host once it has loaded.
    const chart = page.getByTestId('fund-chart');
    await expect.element(chart).toHaveAttribute('data-points', '30');
    await expect
      .poll(() => screen.container.querySelectorAll('[data-testid="fund-chart"] canvas').length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.element(page.getByText(/^From 1,400,000\.00 USDT on /)).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'What it covers' })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'What it does not cover' })).toBeVisible();
    const table = page.getByTestId('fund-payouts');
    await expect.element(table).toHaveTextContent('BTCUSDT');
    await expect.element(table).toHaveTextContent('****3F9A0C');
    await expect.element(table).toHaveTextContent('5,120.50 USDT');
    expect(replies.history).toHaveBeenCalledWith(30);
  });

  it('switches the chart range with the tabs, by pointer and by keyboard', async () => {
    await render(<FundPage />);
    await expect.element(page.getByTestId('fund-chart')).toHaveAttribute('data-points', '30');
    await userEvent.click(page.getByRole('tab', { name: '90 days' }));
    await expect.element(page.getByRole('tab', { name: '90 days' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByTestId('fund-chart')).toHaveAttribute('data-points', '90');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByRole('tab', { name: '180 days' })).toHaveFocus();
    await expect.element(page.getByTestId('fund-chart')).toHaveAttribute('data-points', '180');
    expect(replies.history.mock.calls.map(([days]) => days)).toEqual([30, 90, 180]);
  });

  it('says so when there are no payouts yet', async () => {
    replies.payouts.mockResolvedValue([]);
    await render(<FundPage />);
    await expect.element(page.getByText(/^No payouts yet/)).toBeVisible();
    expect(document.querySelector('[data-testid="fund-payouts"]')).toBeNull();
  });

  it('shows loading while the replies are out', async () => {
    replies.summary.mockReturnValue(new Promise(() => undefined));
    await render(<FundPage />);
    await expect.element(page.getByRole('status').first()).toHaveAttribute('data-state', 'loading');
  });

  it('shows a failure with a retry that loads the balance again', async () => {
    replies.summary.mockRejectedValueOnce(
      new RequestError('http', 'busy', { status: 500, code: '50000', shown: false }),
    );
    await render(<FundPage />);
    await expect.element(page.getByText("The fund's balance could not be loaded.")).toBeVisible();
    await userEvent.click(page.getByRole('alert').getByRole('button', { name: 'Retry' }));
    await expect.element(page.getByTestId('fund-balance')).toHaveTextContent('1,534,567.89 USDT');
    expect(replies.summary).toHaveBeenCalledTimes(2);
  });

  it('says the device is offline rather than that the gateway failed', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = new RequestError('network', 'offline', { shown: false });
    replies.summary.mockRejectedValue(offline);
    replies.history.mockRejectedValue(offline);
    replies.payouts.mockRejectedValue(offline);
    await render(<FundPage />);
    await expect.poll(() => document.querySelectorAll('[data-state="offline"]').length).toBe(3);
    expect(document.querySelector('[data-state="error"]')).toBeNull();
  });

  it('lays the payouts out as cards at 375 px without sideways scroll', async () => {
    await page.viewport(375, 800);
    replies.payouts.mockResolvedValue(Array.from({ length: 5 }, (_, i) => ({ ...PAYOUT, time: String(TODAY + i) })));
    await render(<FundPage />);
    await expect.element(page.getByTestId('fund-payouts')).toBeVisible();
    const row = document.querySelector('[data-testid="fund-payouts"] tbody tr')!;
    expect(getComputedStyle(row).display).toBe('grid');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  });
});
