import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { RequestError } from '../../../src/api/request';
import { TransferDialog } from '../../../src/asset/TransferDialog';
import { setLocale } from '../../../src/i18n/i18n';
import { authState } from '../../../src/session/auth-state';
import '../ui/helpers';

const replies = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));

// The dialog's reads and its transfer answer from the test; everything else is the real request layer's.
vi.mock('../../../src/security/secured-api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/security/secured-api')>();
  return { ...original, api: { ...original.api, get: replies.get, post: replies.post } };
});

beforeEach(async () => {
  await setLocale('en');
  authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
  authState.status = 'signedIn';
  replies.get.mockImplementation(async (path: string) => {
    if (path === '/asset/spot') return [{ coin: 'USDT', available: '12345.12345678' }];
    if (path === '/asset/futures') return { transferable: '50.5' };
    return [];
  });
  replies.post.mockImplementation(async (_path: string, { params }: { params: { amount: string } }) => ({
    transferId: '1',
    coin: 'USDT',
    amount: params.amount,
  }));
});
afterEach(async () => {
  replies.get.mockReset();
  replies.post.mockReset();
  authState.user = null;
  authState.status = 'unknown';
  await setLocale('en');
});

const amountField = () => page.getByLabelText('Amount', { exact: true });
const amountInput = () => amountField().element() as HTMLInputElement;
const submit = () => userEvent.click(page.getByRole('button', { name: 'Transfer', exact: true }));

async function renderDialog() {
  const screen = await render(<TransferDialog onClose={() => {}} onDone={() => {}} />);
  await expect.element(page.getByText('Transferable: 12,345.1234 USDT')).toBeVisible();
  return screen;
}

describe('TransferDialog amount typing (spec §5)', () => {
  it('reads a full-width dot as the dot', async () => {
    await renderDialog();
    await userEvent.type(amountField(), '12．5');
    expect(amountInput().value).toBe('12.5');
  });

  it('turns two or more leading zeros into one', async () => {
    await renderDialog();
    await userEvent.type(amountField(), '0005');
    expect(amountInput().value).toBe('05');
  });

  it('keeps only the first dot', async () => {
    await renderDialog();
    await userEvent.type(amountField(), '1.2.3');
    expect(amountInput().value).toBe('1.23');
  });

  it('keeps at most 20 integer digits', async () => {
    await renderDialog();
    await userEvent.type(amountField(), '1234567890123456789012');
    expect(amountInput().value).toBe('12345678901234567890');
  });

  it('keeps the coin’s places: USDT’s 4', async () => {
    await renderDialog();
    await userEvent.type(amountField(), '1.123456');
    expect(amountInput().value).toBe('1.1234');
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', async () => {
    await setLocale('ar');
    await render(<TransferDialog onClose={() => {}} onDone={() => {}} />);
    const field = page.getByTestId('transfer-amount');
    await expect.element(field).toBeVisible();
    await userEvent.type(field, '١٢٣٫٤٥');
    expect((field.element() as HTMLInputElement).value).toBe('123.45');
  });

  it('fills Max with what is transferable at the coin’s places', async () => {
    await renderDialog();
    await userEvent.click(page.getByRole('button', { name: 'Max', exact: true }));
    expect(amountInput().value).toBe('12345.1234');
  });
});

describe('TransferDialog sending', () => {
  it('sends the value without the spaces a person typed', async () => {
    await setLocale('fr');
    await render(<TransferDialog onClose={() => {}} onDone={() => {}} />);
    const field = page.getByTestId('transfer-amount');
    await expect.element(field).toBeVisible();
    // In fr a space groups thousands; spec §5 keeps it in the field, the request gets the plain decimal.
    await userEvent.type(field, '1 234,5');
    expect((field.element() as HTMLInputElement).value).toBe('1 234.5');
    await userEvent.click(page.getByRole('button', { name: 'Transférer', exact: true }));
    await vi.waitFor(() => expect(replies.post).toHaveBeenCalledTimes(1));
    expect(replies.post.mock.calls[0]?.[0]).toBe('/asset/transfer');
    expect(replies.post.mock.calls[0]?.[1].params).toMatchObject({
      from: 'spot',
      to: 'futures',
      coin: 'USDT',
      amount: '1234.5',
    });
  });

  it('keeps what was typed when the gateway refuses', async () => {
    replies.post.mockRejectedValueOnce(
      new RequestError('business', 'Insufficient balance', { code: '43004', shown: false }),
    );
    await renderDialog();
    await userEvent.type(amountField(), '12.5');
    await submit();
    await expect.element(page.getByText('That is more than you can transfer.')).toBeVisible();
    expect(amountInput().value).toBe('12.5');
  });

  it('refuses more than is transferable before sending, keeping the amount', async () => {
    await renderDialog();
    await userEvent.type(amountField(), '12345.2');
    await submit();
    await expect.element(page.getByText('That is more than you can transfer.')).toBeVisible();
    expect(amountInput().value).toBe('12345.2');
    expect(replies.post).not.toHaveBeenCalled();
  });
});
