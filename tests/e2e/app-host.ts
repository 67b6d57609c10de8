import type { Browser, BrowserContext, Page } from '@playwright/test';

/** One message the page sent to the app (contracts/bridge.md §2). */
export interface BridgeMessage {
  id: string;
  method: string;
  params: Record<string, unknown>;
}

/** How the host double answers a method: as a real app would, or with one of the contract's failures. */
export type HostBehaviour = 'answer' | 'silent' | 'unknown-method' | 'no-code' | { code: string; msg: string };

export interface AppHostOptions {
  platform: 'android' | 'ios';
  /** The app version in the user agent, `major.minor.patch`. */
  version: string;
  /** Replies as objects (default) or as base64 of UTF-8 JSON: the contract allows both. */
  replies?: 'object' | 'base64';
  /** A delay before each reply, in ms. */
  delayMs?: number;
  behaviours?: Record<string, HostBehaviour>;
  viewport?: { width: number; height: number };
  /** What the app's storage (storageSet / storageGet) holds at start. */
  storage?: Record<string, string>;
  /**
   * Envelopes the app hands back for forwarded requests to a path (without query) in place of the gateway's reply,
   * one per request until used up: a gateway that answered so.
   */
  forwardedReplies?: Record<string, unknown[]>;
}

const USER_AGENTS = {
  android: (version: string) =>
    `Mozilla/5.0 (Linux; Android 12; SM-A135F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 ExchangeApp/${version}`,
  ios: (version: string) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ExchangeApp/${version}`,
};

/**
 * A test double of the native app (contracts/bridge.md), Android or iOS: a browser context with the app's user agent
 * and transport, which records every message the page sends and answers it as the app would. `request` is
 * forwarded to the gateway with the context's cookies (and the gateway's cookies are kept), so a page inside the
 * "app" signs in and reads its figures through the bridge alone.
 */
export async function openInApp(browser: Browser, baseURL: string, options: AppHostOptions) {
  const context = await browser.newContext({
    baseURL,
    userAgent: USER_AGENTS[options.platform](options.version),
    viewport: options.viewport ?? { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const traffic: BridgeMessage[] = [];
  const storage = new Map<string, string>(Object.entries(options.storage ?? {}));
  const standIns = new Map(Object.entries(options.forwardedReplies ?? {}).map(([path, list]) => [path, [...list]]));

  const answer = async (message: BridgeMessage): Promise<unknown> => {
    const behaviour = options.behaviours?.[message.method] ?? 'answer';
    if (behaviour === 'unknown-method') return { code: 'unknown-method' };
    if (behaviour === 'no-code') return { data: {} };
    if (typeof behaviour === 'object') return behaviour;
    switch (message.method) {
      case 'request': {
        const standIn = standIns.get(String(message.params.path).split('?')[0] ?? '');
        if (standIn && standIn.length > 0) return { code: '00000', data: standIn.shift() };
        return { code: '00000', data: await forward(context, baseURL, message.params) };
      }
      case 'storageSet':
        storage.set(String(message.params.key), String(message.params.value));
        return { code: '00000' };
      case 'storageGet':
        return { code: '00000', data: { value: storage.get(String(message.params.key)) ?? null } };
      case 'getUsdtRate':
        return { code: 200, data: { rate: '0.92' } };
      case 'getToken': {
        // The app asks the exchange's risk service for the device's token, as the web SDK does.
        const reply = await (await fetch(new URL('/v1/constantid/udid/c1', baseURL))).json();
        return { code: '00000', data: { token: reply.data?.token } };
      }
      case 'getDeviceId':
        return { code: '00000', data: { deviceId: 'host-double-device' } };
      default:
        return { code: '00000', data: {} };
    }
  };

  await context.exposeBinding('__hostReceive', async ({ page }, raw: unknown) => {
    const message = (typeof raw === 'string' ? JSON.parse(raw) : raw) as BridgeMessage;
    traffic.push(message);
    if ((options.behaviours?.[message.method] ?? 'answer') === 'silent') return;
    const reply = await answer(message);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const payload =
      options.replies === 'base64' ? Buffer.from(JSON.stringify(reply), 'utf8').toString('base64') : reply;
    await page
      .evaluate(([id, body]) => window.__appBridge?.onReply(id as string, body), [message.id, payload] as const)
      .catch(() => undefined);
  });
  // The transport the app injects: a Java interface taking strings on Android, a message handler taking objects on iOS.
  await context.addInitScript((platform) => {
    const send = (message: unknown) =>
      (window as unknown as { __hostReceive(m: unknown): void }).__hostReceive(message);
    if (platform === 'android') (window as unknown as Record<string, unknown>).AppBridge = { postMessage: send };
    else
      (window as unknown as Record<string, unknown>).webkit = {
        messageHandlers: { AppBridge: { postMessage: send } },
      };
  }, options.platform);

  const page = await context.newPage();
  return {
    context,
    page,
    traffic,
    storage,
    /** Sends an app event to the page (`webVisible`, `theme`, `logout`). */
    emit: (target: Page, name: string, payload: unknown) =>
      target.evaluate(([event, body]) => window.__appBridge?.onEvent(event as string, body), [name, payload] as const),
    close: () => context.close(),
  };
}

/** The app's side of request forwarding: the request as the page described it, with the app's cookies. */
async function forward(context: BrowserContext, baseURL: string, params: Record<string, unknown>): Promise<unknown> {
  const method = String(params.method);
  const headers = { ...(params.headers as Record<string, string>) };
  const cookies = await context.cookies(baseURL);
  if (cookies.length > 0) headers.cookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const response = await fetch(new URL(String(params.path), baseURL), {
    method,
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(params.params),
  });
  const set = response.headers.getSetCookie();
  if (set.length > 0) await context.addCookies(set.map((line) => cookieOf(line, baseURL)));
  return response.json();
}

/** A `Set-Cookie` line as a browser context's cookie for `url` (an expired one expires it). */
export function cookieOf(line: string, url: string) {
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const flags = attributes.map((attribute) => attribute.toLowerCase());
  const maxAge = flags.find((flag) => flag.startsWith('max-age='));
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url,
    httpOnly: flags.includes('httponly'),
    sameSite: 'Lax' as const,
    ...(maxAge && Number(maxAge.slice(8)) <= 0 ? { expires: 1 } : {}),
  };
}

declare global {
  interface Window {
    __appBridge?: { onReply(id: string, payload: unknown): void; onEvent(name: string, payload: unknown): void };
  }
}
