import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ReadStates } from '../../../src/api/ReadStates';
import { classifyFailure } from '../../../src/api/read-state';
import { RequestError, type Reply } from '../../../src/api/request';
import { type Read, type ReadOptions, readEarly, useRead } from '../../../src/api/use-read';
import { authState } from '../../../src/session/auth-state';
import { LOGIN_TOKEN_COOKIE } from '../../../src/session/login-token';
import { proxy, useSnapshot } from 'valtio';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';

const USER = { userId: '1001', displayName: 'a***@example.com', isSub: false, isDemo: false };

function signIn(userId = USER.userId) {
  authState.user = { ...USER, userId };
  authState.status = 'signedIn';
}

/** A read the test answers by hand, one reply at a time, with the order the page asked in. */
function manualRead<T>() {
  const pending: { resolve: (reply: Reply<T>) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn<Read<T>>(
    () =>
      new Promise<Reply<T>>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const next = async () => {
    await expect.poll(() => pending.length).toBeGreaterThan(0);
    return pending.shift()!;
  };
  return {
    load,
    /** The oldest unanswered read, to answer later. */
    take: next,
    answer: async (data: T, cachedAt: number | null = null) => (await next()).resolve({ data, cachedAt }),
    fail: async (error: unknown) => (await next()).reject(error),
  };
}

const serverError = () => new RequestError('http', 'Server error (500)', { status: 500, shown: false });
const refused = (code: string) => new RequestError('business', 'refused', { code, shown: false });

/** A page with one read under a memory router (the sign-in prompt is a link). */
function Reader({ load, options }: { load: Read<string[]>; options?: ReadOptions }) {
  const { state, refresh } = useRead(load, options);
  return (
    <ReadStates
      state={state}
      onRetry={() => void refresh()}
      texts={{
        signIn: 'Sign in to see your list.',
        failed: 'Your list could not be loaded.',
        keptAsOf: (at) => `Offline — as of ${at}`,
      }}
      testIds={{ signedOut: 'list-signed-out', kept: 'list-kept' }}
    >
      {(rows) => (
        <ul data-testid="list">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ReadStates>
  );
}

function renderReader(load: Read<string[]>, options?: ReadOptions) {
  return renderAtPath('/orders', () => <Reader load={load} options={options} />);
}

beforeEach(() => {
  authState.status = 'unknown';
  authState.user = null;
});
afterEach(() => {
  authState.status = 'anonymous';
  authState.user = null;
  vi.restoreAllMocks();
});

describe('classifyFailure', () => {
  it('tells a cancelled read, an ended session, an offline device and any other failure apart', () => {
    expect(classifyFailure(new RequestError('cancelled', '', { shown: false }))).toBe('cancelled');
    expect(classifyFailure(new RequestError('login-expired', '', { code: '20906', shown: false }))).toBe('signedOut');
    expect(classifyFailure(refused('00005'))).toBe('signedOut');
    expect(classifyFailure(new RequestError('http', '', { status: 401, shown: false }))).toBe('signedOut');
    expect(classifyFailure(serverError())).toBe('failed');
    expect(classifyFailure(new Error('boom'))).toBe('failed');
    // A network failure is "offline" only while the browser says it is.
    expect(classifyFailure(new RequestError('network', '', { shown: false }))).toBe('failed');
  });
});

describe('useRead with ReadStates', () => {
  it('waits for the session check, then asks a visitor to sign in and come back, without reading', async () => {
    const { load } = manualRead<string[]>();
    const screen = await renderReader(load);
    await expect.element(page.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    authState.status = 'anonymous';
    const prompt = screen.getByTestId('list-signed-out');
    await expect.element(prompt).toHaveTextContent('Sign in to see your list.');
    await expect
      .element(prompt.getByRole('link', { name: 'Sign in' }))
      .toHaveAttribute('href', '/login?redirect=%2Forders');
    expect(load).not.toHaveBeenCalled();
  });

  it('reads once signed in, shows the data, and on a failed first read the page’s words with a Retry that reads again', async () => {
    const read = manualRead<string[]>();
    signIn();
    const screen = await renderReader(read.load);
    await read.fail(serverError());
    const alert = screen.getByRole('alert');
    // The page's own words, not the reply's English.
    await expect.element(alert).toHaveTextContent('Your list could not be loaded.');
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await read.answer(['BTCUSDT buy 0.5']);
    await expect.element(screen.getByTestId('list')).toHaveTextContent('BTCUSDT buy 0.5');
    expect(read.load).toHaveBeenCalledTimes(2);
  });

  it('shows a refused code the client translates in the user’s words', async () => {
    const read = manualRead<string[]>();
    signIn();
    const screen = await renderReader(read.load);
    await read.fail(refused('40429'));
    await expect.element(screen.getByRole('alert')).not.toHaveTextContent('Your list could not be loaded.');
    await expect.element(screen.getByRole('alert')).not.toHaveTextContent('refused');
  });

  it('keeps the data of a failed refresh on screen, marked with when it was received', async () => {
    const read = manualRead<string[]>();
    signIn();
    const screen = await renderReader(read.load);
    await read.answer(['one']);
    await expect.element(screen.getByTestId('list')).toHaveTextContent('one');
    window.dispatchEvent(new Event('online'));
    await read.fail(serverError());
    await expect.element(screen.getByTestId('list-kept')).toHaveTextContent(/^Offline — as of \d+$/);
    await expect.element(screen.getByTestId('list')).toHaveTextContent('one');
    // The next good reply is fresh again.
    window.dispatchEvent(new Event('online'));
    await read.answer(['two']);
    await expect.element(screen.getByTestId('list')).toHaveTextContent('two');
    await expect.element(screen.getByTestId('list-kept')).not.toBeInTheDocument();
  });

  it('shows the time the service worker kept an offline reply', async () => {
    const read = manualRead<string[]>();
    signIn();
    const screen = await renderReader(read.load);
    await read.answer(['kept'], 1_765_000_000_000);
    await expect.element(screen.getByTestId('list-kept')).toHaveTextContent('Offline — as of 1765000000000');
  });

  it('drops the reply of an older key, and reads again for another user', async () => {
    const read = manualRead<string[]>();
    signIn();
    const coin = proxy({ value: 'BTC' });
    const Keyed = () => <Reader load={read.load} options={{ key: useSnapshot(coin).value }} />;
    await renderAtPath('/orders', Keyed);
    const btc = await read.take();
    coin.value = 'ETH';
    await read.answer(['ETH row']);
    await expect.element(page.getByTestId('list')).toHaveTextContent('ETH row');
    // The BTC reply, late: not shown over the ETH one.
    btc.resolve({ data: ['BTC row'], cachedAt: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect.element(page.getByTestId('list')).toHaveTextContent('ETH row');
    expect(read.load).toHaveBeenCalledTimes(2);
    signIn('2002');
    await expect.poll(() => read.load.mock.calls.length).toBe(3);
    await read.answer(['the other user’s row']);
    await expect.element(page.getByTestId('list')).toHaveTextContent('the other user’s row');
  });

  it('turns to the sign-in prompt when the session ends under a read', async () => {
    const read = manualRead<string[]>();
    signIn();
    const screen = await renderReader(read.load);
    await read.fail(new RequestError('login-expired', '', { code: '20906', shown: false }));
    await expect.element(screen.getByTestId('list-signed-out')).toBeVisible();
  });

  it('reads a public read at once for anyone, and reads again every refreshMs', async () => {
    const read = manualRead<string[]>();
    authState.status = 'anonymous';
    const screen = await renderReader(read.load, { needsSession: false, refreshMs: 50 });
    await read.answer(['first']);
    await read.answer(['second']);
    await expect.element(screen.getByTestId('list')).toHaveTextContent('second');
  });

  it('never starts a timed read while one is under way: a read slower than the pace still lands', async () => {
    const read = manualRead<string[]>();
    signIn();
    const screen = await renderReader(read.load, { refreshMs: 20 });
    const slow = await read.take();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(read.load).toHaveBeenCalledTimes(1);
    slow.resolve({ data: ['slow but shown'], cachedAt: null });
    await expect.element(screen.getByTestId('list')).toHaveTextContent('slow but shown');
  });

  it('takes a read started before the session check as its first one, once', async () => {
    const read = manualRead<string[]>();
    document.cookie = `${LOGIN_TOKEN_COOKIE}=early-token; path=/`;
    try {
      readEarly(read.load);
      expect(read.load).toHaveBeenCalledTimes(1);
      signIn();
      const screen = await renderReader(read.load);
      await read.answer(['early']);
      await expect.element(screen.getByTestId('list')).toHaveTextContent('early');
      expect(read.load).toHaveBeenCalledTimes(1);
    } finally {
      document.cookie = `${LOGIN_TOKEN_COOKIE}=; path=/; max-age=0`;
    }
  });
});
