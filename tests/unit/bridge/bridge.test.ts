import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type BridgeWindow, createBridge } from '../../../src/bridge/bridge';

const ANDROID = 'Mozilla/5.0 (Linux; Android 12) Chrome/120 Mobile ExchangeApp/2.15.0';
const IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 ExchangeApp/2.14.9';
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** A window as the Android app makes it: the injected interface records what the page sends. */
function androidWindow(userAgent = ANDROID) {
  const sent: { id: string; method: string; params: Record<string, unknown> }[] = [];
  const win: BridgeWindow = {
    navigator: { userAgent },
    AppBridge: { postMessage: (text: string) => sent.push(JSON.parse(text)) },
  };
  return { win, sent };
}

describe('createBridge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a call as a JSON string on Android and settles it with the reply, object or base64', async () => {
    const { win, sent } = androidWindow();
    const bridge = createBridge(win);
    const title = bridge.call('setTitle', { title: 'Assets' });
    const stored = bridge.call('storageGet', { key: 'unit' });
    expect(sent.map((message) => [message.method, message.params])).toEqual([
      ['setTitle', { title: 'Assets' }],
      ['storageGet', { key: 'unit' }],
    ]);
    expect(new Set(sent.map((message) => message.id)).size).toBe(2);
    win.__appBridge?.onReply(sent[1].id, base64({ code: 200, data: { value: 'USD' } }));
    win.__appBridge?.onReply(sent[0].id, { code: '00000' });
    await expect(stored).resolves.toEqual({ sent: true, data: { value: 'USD' } });
    await expect(title).resolves.toEqual({ sent: true, data: undefined });
  });

  it('sends the object itself on iOS, and never sends a call below its version', async () => {
    const sent: unknown[] = [];
    const win: BridgeWindow = {
      navigator: { userAgent: IOS },
      webkit: { messageHandlers: { AppBridge: { postMessage: (message: unknown) => sent.push(message) } } },
    };
    const bridge = createBridge(win);
    await expect(bridge.call('storageSet', { key: 'a', value: 'b' })).resolves.toEqual({
      sent: false,
      reason: 'below-version',
    });
    await expect(bridge.call('setPictureCompressSize', { maxBytes: 1 })).resolves.toEqual({
      sent: false,
      reason: 'skipped-platform',
    });
    expect(sent).toEqual([]);
    void bridge.call('share', { type: 'native', title: 't', text: 'x', url: 'https://e.test/' });
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'share',
        params: { type: 'native', title: 't', text: 'x', url: 'https://e.test/' },
      }),
    ]);
    expect(bridge.canCall('storageGet')).toBe(false);
    expect(bridge.canCall('share')).toBe(true);
  });

  it('outside the app sends nothing and says so, so the caller runs its web fallback', async () => {
    const bridge = createBridge({ navigator: { userAgent: 'Mozilla/5.0 Chrome/120' } });
    expect(bridge.host).toEqual({ inApp: false });
    await expect(bridge.call('setTitle', { title: 'x' })).resolves.toEqual({ sent: false, reason: 'not-in-app' });
  });

  it('times out after 3 s (00004), a forwarded request after 10 s (110100); a late reply changes nothing', async () => {
    vi.useFakeTimers();
    const { win, sent } = androidWindow();
    const bridge = createBridge(win);
    const title = bridge.call('setTitle', { title: 'x' });
    const request = bridge.call('request', { requestId: 'r1', method: 'GET', path: '/v1/x', params: {}, headers: {} });
    const titleFailure = title.catch((error: unknown) => error);
    const requestFailure = request.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_999);
    win.__appBridge?.onReply('someone-else', { code: '00000' });
    await vi.advanceTimersByTimeAsync(1);
    expect(await titleFailure).toMatchObject({ kind: 'callback-timeout', code: '00004' });
    await vi.advanceTimersByTimeAsync(7_000);
    expect(await requestFailure).toMatchObject({ kind: 'request-timeout', code: '110100' });
    win.__appBridge?.onReply(sent[0].id, { code: '00000' });
  });

  it('turns replies without a code, unknown methods, thrown transports and failures into spec §8 errors', async () => {
    const { win, sent } = androidWindow(ANDROID.replace('2.15.0', '2.49.0'));
    const bridge = createBridge(win);
    const noCode = bridge.call('getToken').catch((error: unknown) => error);
    const unknown = bridge.call('getDeviceId').catch((error: unknown) => error);
    const refused = bridge.call('getUsdtRate', { currency: 'EUR' }).catch((error: unknown) => error);
    win.__appBridge?.onReply(sent[0].id, base64({ data: { token: 'x' } }));
    win.__appBridge?.onReply(sent[1].id, { code: 'unknown-method' });
    win.__appBridge?.onReply(sent[2].id, { code: '50001', msg: 'No rate for EUR' });
    expect(await noCode).toMatchObject({ kind: 'network' });
    expect(await unknown).toMatchObject({ kind: 'action' });
    const failure = (await refused) as BridgeError;
    expect(failure).toBeInstanceOf(BridgeError);
    expect(failure).toMatchObject({ kind: 'unsuccessful', code: '50001', appMessage: 'No rate for EUR' });

    const throwing = createBridge({
      navigator: { userAgent: ANDROID },
      AppBridge: {
        postMessage: () => {
          throw new Error('bridge gone');
        },
      },
    });
    await expect(throwing.call('popBack')).rejects.toMatchObject({ kind: 'action' });
  });

  it('answers what arrived before it took over, and hands events to their listeners', async () => {
    const { win, sent } = androidWindow();
    const early: unknown[][] = [];
    win.__appBridge = {
      queue: early,
      onReply: (id, payload) => early.push(['reply', id, payload]),
      onEvent: (name, payload) => early.push(['event', name, payload]),
    };
    win.__appBridge.onEvent('theme', base64({ theme: 'light' }));
    const bridge = createBridge(win);
    const seen: unknown[] = [];
    bridge.on('webVisible', (data) => seen.push(data));
    const stop = bridge.on('theme', (data) => seen.push(data));
    win.__appBridge?.onEvent('webVisible', { visible: false });
    win.__appBridge?.onEvent('nonsense', { visible: false });
    win.__appBridge?.onEvent('theme', 'not base64 json');
    stop();
    win.__appBridge?.onEvent('theme', { theme: 'dark' });
    expect(seen).toEqual([{ visible: false }]);
    expect(sent).toEqual([]);
  });
});
