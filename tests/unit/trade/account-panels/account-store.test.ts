import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../../src/api/request';
import { AccountStore, type Session } from '../../../../src/trade/account-panels/account-store';
import type { TradeApi } from '../../../../src/trade/trade-api';
import type { ChangesReply } from '../../../../src/trade/trade-replies';

vi.mock('../../../../src/security/secured-api', () => ({ api: {} }));

type Poll = { cursor: number; resolve(reply: ChangesReply): void; reject(error: unknown): void; signal?: AbortSignal };

function fakeApi() {
  const polls: Poll[] = [];
  const api = {
    changes: vi.fn(
      (cursor: number, signal?: AbortSignal) =>
        new Promise<ChangesReply>((resolve, reject) => polls.push({ cursor, resolve, reject, signal })),
    ),
    spotOpenOrders: vi.fn(async () => []),
    spotHistoryOrders: vi.fn(async () => []),
    spotAssets: vi.fn(async () => [{ coin: 'USDT', available: '1', frozen: '0' }]),
  } as unknown as TradeApi &
    Record<'changes' | 'spotOpenOrders' | 'spotHistoryOrders' | 'spotAssets', ReturnType<typeof vi.fn>>;
  return { api, polls };
}

const stores: AccountStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  vi.useRealTimers();
});

function makeStore(
  api: TradeApi,
  options: {
    session?: Session;
    hidden?: () => boolean;
    onVisibility?: (listener: () => void) => void;
    onSignedOut?: () => void;
  } = {},
) {
  let session = options.session ?? 'signedIn';
  let authListener: () => void = () => undefined;
  const store = new AccountStore({
    api,
    auth: {
      current: () => ({ session, userId: 'u1' }),
      subscribe: (listener) => {
        authListener = listener;
        return () => undefined;
      },
    },
    visibility: {
      isHidden: options.hidden ?? (() => false),
      subscribe: (listener) => {
        options.onVisibility?.(listener);
        return () => undefined;
      },
    },
    onSignedOut: options.onSignedOut ?? (() => undefined),
    backoffMs: { base: 1000, max: 4000 },
  });
  stores.push(store);
  const setSession = (next: Session) => {
    session = next;
    authListener();
  };
  return { store, setSession };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AccountStore long poll', () => {
  it('starts at cursor 0 and refetches only the slices of the topics named', async () => {
    const { api, polls } = fakeApi();
    const { store } = makeStore(api);
    store.watch({ market: 'spot', symbol: 'BTCUSDT' });
    await flush();
    expect(polls[0].cursor).toBe(0);
    polls[0].resolve({ cursor: 5, topics: ['assets'] });
    await flush();
    expect(api.spotAssets).toHaveBeenCalledTimes(1);
    expect(api.spotOpenOrders).not.toHaveBeenCalled();
    expect(store.getSnapshot().spotAssets.status).toBe('ready');
    expect(polls[1].cursor).toBe(5);
  });

  it('keeps one loop however many screens watch the same market', async () => {
    const { api, polls } = fakeApi();
    const { store } = makeStore(api);
    const release = store.watch({ market: 'spot', symbol: 'BTCUSDT' });
    store.watch({ market: 'spot', symbol: 'BTCUSDT' });
    await flush();
    release();
    await flush();
    expect(polls).toHaveLength(1);
  });

  it('backs off after failures and shows the failure where nothing loaded yet', async () => {
    vi.useFakeTimers();
    const { api, polls } = fakeApi();
    const { store } = makeStore(api);
    store.watch({ market: 'spot', symbol: 'BTCUSDT' });
    await vi.advanceTimersByTimeAsync(0);
    polls[0].reject(new RequestError('network', 'Network error.', { shown: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot().openOrders).toMatchObject({ status: 'error', error: 'Network error.' });
    await vi.advanceTimersByTimeAsync(999);
    expect(polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls).toHaveLength(2);
    polls[1].reject(new RequestError('timeout', 'Request timed out!', { shown: false }));
    await vi.advanceTimersByTimeAsync(1999);
    expect(polls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls).toHaveLength(3);
  });

  it('lets go of the held request while hidden and resumes with the same cursor', async () => {
    const { api, polls } = fakeApi();
    let hidden = false;
    let onVisibility: () => void = () => undefined;
    const { store } = makeStore(api, {
      hidden: () => hidden,
      onVisibility: (listener) => {
        onVisibility = listener;
      },
    });
    store.watch({ market: 'spot', symbol: 'BTCUSDT' });
    await flush();
    polls[0].resolve({ cursor: 9, topics: [] });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(polls).toHaveLength(2);
    hidden = true;
    onVisibility();
    expect(polls[1].signal?.aborted).toBe(true);
    polls[1].reject(new Error('aborted'));
    await flush();
    expect(polls).toHaveLength(2);
    hidden = false;
    onVisibility();
    await flush();
    expect(polls).toHaveLength(3);
    expect(polls[2].cursor).toBe(9);
  });

  it('stops and reports a signed-out session instead of an error', async () => {
    const { api, polls } = fakeApi();
    const onSignedOut = vi.fn();
    const { store } = makeStore(api, { onSignedOut });
    store.watch({ market: 'spot', symbol: 'BTCUSDT' });
    await flush();
    polls[0].reject(new RequestError('http', '401', { status: 401, shown: false }));
    await flush();
    expect(onSignedOut).toHaveBeenCalled();
    expect(store.getSnapshot().session).toBe('signedOut');
    expect(store.getSnapshot().openOrders.status).toBe('ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls).toHaveLength(1);
  });

  it('does not poll for a signed-out visitor, and starts when they sign in', async () => {
    const { api, polls } = fakeApi();
    const { store, setSession } = makeStore(api, { session: 'signedOut' });
    store.watch({ market: 'spot', symbol: 'BTCUSDT' });
    await flush();
    expect(polls).toHaveLength(0);
    setSession('signedIn');
    await flush();
    expect(polls).toHaveLength(1);
  });
});
