import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/request';
import { loadTexts } from '../../../src/i18n/i18n';

const client = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../src/security/secured-api', () => ({ api: client }));

const { tradeApi } = await import('../../../src/trade/trade-api');
const { isSignedOutError } = await import('../../../src/api/failures');

// The trading screens' texts, as their routes load them.
beforeAll(() => loadTexts('trade'));

beforeEach(() => {
  client.get.mockReset();
  client.post.mockReset();
});

describe('tradeApi requests', () => {
  it('calls the contract paths without the /v1 prefix, silently, leaving out unset fields', async () => {
    client.post.mockResolvedValue({
      orderId: '1',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '1',
      status: 'filled',
      cTime: '1',
    });
    await tradeApi.placeSpotOrder({ symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '1', price: undefined });
    expect(client.post).toHaveBeenCalledWith('/trade/spot/place-order', {
      params: { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '1' },
      silent: true,
    });
    client.get.mockResolvedValue([]);
    await tradeApi.futuresHistoryOrders('BTCUSDT');
    expect(client.get).toHaveBeenCalledWith('/trade/mix/history-orders', {
      params: { symbol: 'BTCUSDT', limit: 50 },
      silent: true,
    });
  });

  it('gives the long poll more time than the server holds it, and passes the abort signal', async () => {
    client.get.mockResolvedValue({ cursor: 3, topics: ['orders'] });
    const signal = new AbortController().signal;
    await expect(tradeApi.changes(2, signal)).resolves.toEqual({ cursor: 3, topics: ['orders'] });
    expect(client.get).toHaveBeenCalledWith(
      '/trade/changes',
      expect.objectContaining({ params: { cursor: 2 }, signal, silent: true }),
    );
    expect(client.get.mock.calls[0][1].timeout).toBeGreaterThan(8000);
  });
});

describe('tradeApi hostile replies', () => {
  it.each([
    ['a string', 'ok'],
    ['null', null],
    ['a float balance', [{ coin: 'USDT', available: 1e21, frozen: '0' }]],
    ['a script in a coin', [{ coin: '<script>', available: '1', frozen: '0' }]],
  ])('turns %s into the localized unreadable-reply error', async (_, reply) => {
    client.get.mockResolvedValue(reply);
    const failure = await tradeApi.spotAssets().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({ kind: 'bad-reply', message: 'The server sent a reply that could not be read.' });
  });

  it('shows a business code of the contract in the user language', async () => {
    client.post.mockRejectedValue(
      new RequestError('business', 'insufficient balance', { code: '43004', shown: false }),
    );
    await expect(
      tradeApi.placeSpotOrder({ symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '1', size: '1' }),
    ).rejects.toMatchObject({
      kind: 'business',
      message: 'Insufficient balance for this order.',
      details: { code: '43004' },
    });
  });

  it('passes other failures on with their localized text', async () => {
    client.post.mockRejectedValue(new RequestError('timeout', 'Request timed out!', { shown: false }));
    await expect(tradeApi.cancelSpotOrder('BTCUSDT', '1')).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Request timed out!',
    });
  });

  it('never lets a non-RequestError through', async () => {
    client.get.mockRejectedValue(new TypeError('boom'));
    await expect(tradeApi.positions()).rejects.toBeInstanceOf(RequestError);
  });
});

describe('isSignedOutError', () => {
  it('recognizes 00005, HTTP 401 and an expired login, and nothing else', () => {
    expect(
      isSignedOutError(new RequestError('session-notice', 'Please login to visit', { code: '00005', shown: false })),
    ).toBe(true);
    expect(isSignedOutError(new RequestError('http', '401 The system is busy', { status: 401, shown: false }))).toBe(
      true,
    );
    expect(isSignedOutError(new RequestError('login-expired', 'x', { code: '20906', shown: false }))).toBe(true);
    expect(isSignedOutError(new RequestError('http', '500', { status: 500, shown: false }))).toBe(false);
    expect(isSignedOutError(new Error('x'))).toBe(false);
  });
});
