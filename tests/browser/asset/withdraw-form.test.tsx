import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../src/api/request';
import type { CoinChain, WithdrawalRow, WithdrawInfo, WithdrawRequest } from '../../../src/asset/funds/funds-api';
import { WithdrawForm } from '../../../src/asset/funds/WithdrawForm';
import { authState } from '../../../src/session/auth-state';
import '../ui/helpers';

const replies = vi.hoisted(() => ({
  info: vi.fn(),
  withdrawals: vi.fn(),
  saved: vi.fn(),
  withdraw: vi.fn(),
  options: vi.fn(),
  verify: vi.fn(),
}));

// The form's reads and its withdrawal answer from the test; the shapes and everything else are the real modules'.
vi.mock('../../../src/asset/funds/funds-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/asset/funds/funds-api')>();
  return {
    ...original,
    loadWithdrawInfo: replies.info,
    loadWithdrawals: replies.withdrawals,
    loadSavedAddresses: replies.saved,
    withdraw: replies.withdraw,
  };
});
vi.mock('../../../src/auth/step-up', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/auth/step-up')>();
  return { ...original, stepUpOptions: replies.options, verifyStepUp: replies.verify, sendStepUpCode: vi.fn() };
});

const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const XRP_ADDRESS = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';

/** The paper networks of gateway/market/coin-networks.ts. */
const TRC20: CoinChain = {
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
};
const XRP: CoinChain = {
  ...TRC20,
  chain: 'XRP',
  name: 'Ripple (XRP)',
  withdrawFee: '0.2',
  minWithdraw: '20',
  memoRequired: true,
  addressPattern: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$',
};

function info(coin: string, chain: CoinChain, available: string): WithdrawInfo {
  return {
    coin,
    chain: chain.chain,
    available,
    fee: chain.withdrawFee,
    minWithdraw: chain.minWithdraw,
    dailyLimitUsdt: '100000.0000',
    usedTodayUsdt: '0.0000',
    remainingUsdt: '100000.0000',
  };
}

const reply = <T,>(data: T) => ({ data, cachedAt: null });
const STEP_UP_REQUIRED = new RequestError('business', 'Confirm this change with your second factor first.', {
  code: '40112',
  shown: false,
});

function made(request: WithdrawRequest): WithdrawalRow {
  return {
    id: '1',
    coin: request.coin,
    chain: request.chain,
    address: request.address,
    memo: request.memo ?? null,
    amount: request.amount,
    fee: '1',
    txId: '',
    status: 'processing',
    cTime: '1700000000000',
    uTime: '1700000000000',
  };
}

beforeEach(() => {
  authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
  authState.status = 'signedIn';
  replies.info.mockResolvedValue(reply(info('USDT', TRC20, '1000.12345678')));
  replies.withdrawals.mockResolvedValue(reply({ rows: [], next: null }));
  replies.saved.mockResolvedValue(reply([]));
  replies.withdraw.mockImplementation(async (request: WithdrawRequest) => made(request));
  replies.options.mockImplementation(async (purpose: string) => ({
    purpose,
    methods: ['email'],
    email: 'a***@example.com',
    mobile: null,
    fido: null,
  }));
  replies.verify.mockResolvedValue(undefined);
});
afterEach(() => {
  for (const mock of Object.values(replies)) mock.mockReset();
  authState.user = null;
  authState.status = 'unknown';
});

const amountField = () => page.getByLabelText('Amount', { exact: true });
const amountInput = () => amountField().element() as HTMLInputElement;
const addressField = () => page.getByLabelText('Address', { exact: true });
const submit = () => userEvent.click(page.getByRole('button', { name: 'Withdraw', exact: true }));

async function renderUsdt() {
  const screen = await render(<WithdrawForm coin="USDT" network={TRC20} isKept={false} />);
  await expect.element(page.getByText('Available: 1,000.1234 USDT')).toBeVisible();
  return screen;
}

/** The rows of the step-up's summary, label and value. */
function summaryRows(): [string | undefined, string | undefined][] {
  const list = page.getByTestId('step-up-summary').element();
  return [...list.querySelectorAll('div')].map((row) => [
    row.querySelector('dt')?.textContent ?? undefined,
    row.querySelector('dd')?.textContent ?? undefined,
  ]);
}

describe('WithdrawForm figures', () => {
  it('shows the network fee, the total deducted and the amount received as the amount is typed', async () => {
    await renderUsdt();
    await expect.element(page.getByTestId('withdraw-fee')).toHaveTextContent('1.0000 USDT');
    await expect.element(page.getByTestId('withdraw-total')).toHaveTextContent('--');
    await expect.element(page.getByTestId('withdraw-received')).toHaveTextContent('--');
    await userEvent.type(amountField(), '123.4567');
    // The fee is charged on top (the gateway's rule): the amount arrives, amount + fee leaves.
    await expect.element(page.getByTestId('withdraw-total')).toHaveTextContent('124.4567 USDT');
    await expect.element(page.getByTestId('withdraw-received')).toHaveTextContent('123.4567 USDT');
    await userEvent.clear(amountField());
    await expect.element(page.getByTestId('withdraw-total')).toHaveTextContent('--');
  });

  it('adds exactly where a binary float would round', async () => {
    replies.info.mockResolvedValue(reply(info('XRP', XRP, '99999999999999999999.99999999')));
    await render(<WithdrawForm coin="XRP" network={XRP} isKept={false} />);
    await expect.element(page.getByTestId('withdraw-fee')).toHaveTextContent('0.20000000 XRP');
    await userEvent.type(amountField(), '12345678901234567.89');
    // 12345678901234567.89 + 0.2 as a double is 12345678901234568.
    await expect.element(page.getByTestId('withdraw-total')).toHaveTextContent('12,345,678,901,234,568.09000000 XRP');
    await expect
      .element(page.getByTestId('withdraw-received'))
      .toHaveTextContent('12,345,678,901,234,567.89000000 XRP');
  });

  it('fills Max with what is available less the fee, cut to the coin’s places', async () => {
    await renderUsdt();
    await userEvent.click(page.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('999.1234');
    await expect.element(page.getByTestId('withdraw-total')).toHaveTextContent('1,000.1234 USDT');
  });
});

describe('WithdrawForm amount typing (spec §5)', () => {
  it('keeps the coin’s places and reads full-width digits', async () => {
    await renderUsdt();
    await userEvent.type(amountField(), '１２３．456789');
    expect(amountInput().value).toBe('123.4567');
  });

  it('refuses a minus sign and says why', async () => {
    await renderUsdt();
    await userEvent.type(amountField(), '5-');
    expect(amountInput().value).toBe('5');
    await expect.element(page.getByText('Only positive numbers: a minus sign can’t be typed here.')).toBeVisible();
  });
});

describe('WithdrawForm checks', () => {
  it('shows a field’s problem once it is left, and follows each change', async () => {
    await renderUsdt();
    await userEvent.type(addressField(), 'TQn9');
    await expect.element(page.getByText('This is not a valid Tron (TRC20) address.')).not.toBeInTheDocument();
    await userEvent.click(amountField());
    await expect.element(page.getByText('This is not a valid Tron (TRC20) address.')).toBeVisible();
    // The amount has not been left yet: nothing said about it.
    await expect.element(page.getByText('Enter an amount greater than 0.')).not.toBeInTheDocument();
    await userEvent.fill(addressField(), TRON_ADDRESS);
    await expect.element(page.getByText('This is not a valid Tron (TRC20) address.')).not.toBeInTheDocument();
  });

  it('after a try, re-checks the amount on every change: minimum, balance with fee, then fine', async () => {
    await renderUsdt();
    await submit();
    await expect.element(page.getByText('This is not a valid Tron (TRC20) address.')).toBeVisible();
    await expect.element(page.getByText('Enter an amount greater than 0.')).toBeVisible();
    await userEvent.type(amountField(), '5');
    await expect.element(page.getByText('The minimum is 10 USDT.')).toBeVisible();
    await userEvent.fill(amountField(), '999.2');
    // 999.2 + 1 is more than 1000.12345678.
    await expect.element(page.getByText('The amount and the fee are more than your available balance.')).toBeVisible();
    await userEvent.fill(amountField(), '999.1');
    await expect
      .element(page.getByText('The amount and the fee are more than your available balance.'))
      .not.toBeInTheDocument();
    expect(replies.withdraw).not.toHaveBeenCalled();
  });
});

describe('WithdrawForm step-up', () => {
  it('lists exactly the request it confirms, and sends that request again once verified', async () => {
    replies.withdraw.mockRejectedValueOnce(STEP_UP_REQUIRED);
    await renderUsdt();
    await userEvent.fill(addressField(), ` ${TRON_ADDRESS} `);
    await userEvent.type(amountField(), '100.5');
    await submit();
    const dialog = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog.getByText('Check the withdrawal below: once sent, it cannot be called back.', { exact: false }))
      .toBeVisible();
    expect(summaryRows()).toEqual([
      ['Coin', 'USDT'],
      ['Network', 'Tron (TRC20)'],
      ['Address', TRON_ADDRESS],
      ['Amount', '100.5000 USDT'],
      ['Network fee', '1.0000 USDT'],
      ['Total deducted', '101.5000 USDT'],
      ['Amount received', '100.5000 USDT'],
    ]);
    await userEvent.fill(dialog.getByLabelText('Email code'), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
    await expect.poll(() => replies.withdraw.mock.calls.length).toBe(2);
    const [first, second] = replies.withdraw.mock.calls.map(([request]) => request as WithdrawRequest);
    expect(first).toEqual({
      coin: 'USDT',
      chain: 'TRC20',
      address: TRON_ADDRESS,
      amount: '100.5',
      clientOid: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(second).toEqual(first);
    expect(replies.verify).toHaveBeenCalledWith('withdraw', expect.objectContaining({ emailCode: '123456' }));
    // Sent: the amount is cleared for the next one, the address stays.
    await expect.poll(() => amountInput().value).toBe('');
    expect((addressField().element() as HTMLInputElement).value).toBe(` ${TRON_ADDRESS} `);
  });

  it('lists the memo on a network that sends one', async () => {
    replies.info.mockResolvedValue(reply(info('XRP', XRP, '500')));
    replies.withdraw.mockRejectedValueOnce(STEP_UP_REQUIRED);
    await render(<WithdrawForm coin="XRP" network={XRP} isKept={false} />);
    await userEvent.fill(addressField(), XRP_ADDRESS);
    await userEvent.fill(page.getByLabelText('Memo (tag)'), '12345');
    await userEvent.type(amountField(), '25');
    await submit();
    await expect.element(page.getByRole('dialog', { name: 'Confirm the withdrawal' })).toBeVisible();
    expect(summaryRows()).toEqual([
      ['Coin', 'XRP'],
      ['Network', 'Ripple (XRP)'],
      ['Address', XRP_ADDRESS],
      ['Memo (tag)', '12345'],
      ['Amount', '25.00000000 XRP'],
      ['Network fee', '0.20000000 XRP'],
      ['Total deducted', '25.20000000 XRP'],
      ['Amount received', '25.00000000 XRP'],
    ]);
  });
});

describe('WithdrawForm failures', () => {
  it('keeps what was typed when the gateway refuses, and drops the refusal once the amount changes', async () => {
    replies.withdraw.mockRejectedValueOnce(
      new RequestError('business', 'Over the daily limit', { code: '43019', shown: false }),
    );
    await renderUsdt();
    await userEvent.fill(addressField(), TRON_ADDRESS);
    await userEvent.type(amountField(), '500');
    await submit();
    await expect.element(page.getByText('This is over your 24 h withdrawal limit.')).toBeVisible();
    expect((addressField().element() as HTMLInputElement).value).toBe(TRON_ADDRESS);
    expect(amountInput().value).toBe('500');
    await userEvent.type(amountField(), '0');
    await expect.element(page.getByText('This is over your 24 h withdrawal limit.')).not.toBeInTheDocument();
    expect(amountInput().value).toBe('5000');
  });

  it('after a lost reply, sends the same id again so a withdrawal made is never paid twice', async () => {
    replies.withdraw.mockRejectedValueOnce(new RequestError('timeout', 'Request timed out!', { shown: false }));
    await renderUsdt();
    await userEvent.fill(addressField(), TRON_ADDRESS);
    await userEvent.type(amountField(), '50');
    await submit();
    await expect.element(page.getByRole('alert').getByText('Request timed out!')).toBeVisible();
    expect(amountInput().value).toBe('50');
    await submit();
    await expect.poll(() => replies.withdraw.mock.calls.length).toBe(2);
    const [first, second] = replies.withdraw.mock.calls.map(([request]) => (request as WithdrawRequest).clientOid);
    expect(second).toBe(first);
  });

  it('after a refusal, the next try is a new withdrawal with a new id', async () => {
    replies.withdraw.mockRejectedValueOnce(
      new RequestError('business', 'Insufficient balance', { code: '43004', shown: false }),
    );
    await renderUsdt();
    await userEvent.fill(addressField(), TRON_ADDRESS);
    await userEvent.type(amountField(), '50');
    await submit();
    await expect.element(page.getByText('The amount and the fee are more than your available balance.')).toBeVisible();
    await submit();
    await expect.poll(() => replies.withdraw.mock.calls.length).toBe(2);
    const [first, second] = replies.withdraw.mock.calls.map(([request]) => (request as WithdrawRequest).clientOid);
    expect(second).not.toBe(first);
  });
});
