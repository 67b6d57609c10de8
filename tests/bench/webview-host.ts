// The webview part's phone: a low-end Android phone's app webview (size, touch, CPU, DevTools' "Slow 4G"), with the
// native app's bridge answered from Node the way tests/e2e/app-host.ts answers it, forwarded requests paying the
// same network.
import { createHash, createPublicKey } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { cookieOf } from '../e2e/app-host';
import { evaluateInPage } from './page-probes';

/** The app's version in the user agent: 2.21.0 takes every method the in-app pages send (getUsdtRate included). */
export const APP_VERSION = '2.21.0';

const USER_AGENT = `Mozilla/5.0 (Linux; Android 12; SM-A135F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 ExchangeApp/${APP_VERSION}`;

/** The phone: a 360 × 740 screen at 2× density, touch, and a CPU six times slower than the bench machine's. */
export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  cpuThrottle: 6,
} as const;

/**
 * DevTools' own "Slow 4G" preset (`Slow4GConditions` of chrome-devtools-frontend's NetworkManager, formerly "Fast 3G",
 * the same figures as Lighthouse's mobileSlow4G with its DevTools factors): 150 ms RTT × 3.75 as request latency,
 * 1.6 Mbit/s down and 750 kbit/s up × 0.9, in bytes per second.
 */
export const SLOW_4G = {
  latencyMs: 150 * 3.75,
  downloadBytesPerSec: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadBytesPerSec: ((750 * 1000) / 8) * 0.9,
} as const;

/**
 * The gateway the phone talks to: HTTPS with HTTP/2, as production serves it (a phone's browser opens six HTTP/1.1
 * connections per host, and at this latency the queue behind them, not the bytes, would set the load time), with
 * the certificate authority the harness's own Node requests trust.
 */
export interface BenchServer {
  url: string;
  ca?: string;
}

/**
 * Chromium's switch that trusts the bench's own certificate by its public key: the page then sees a valid one,
 * which the HTTP cache needs (Chromium caches nothing from a site whose certificate error was ignored).
 */
export function trustedKeyArg(certPem: string): string {
  const spki = createPublicKey(certPem).export({ type: 'spki', format: 'der' });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`;
}

/** One message the page sent to the app (contracts/bridge.md §2). */
interface BridgeMessage {
  id: string;
  method: string;
  params: Record<string, unknown>;
}

/** The webview open in its own context, its CDP session, and what its app has answered. */
export interface Webview {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  inPage: <T>(expression: string) => Promise<T>;
  /** Turns the phone's CPU and network on (sign-in before a measured load runs without them). */
  emulate(): Promise<void>;
  /** Bridge calls answered so far, by method. */
  calls: Map<string, number>;
  /** BENCH_DEBUG: the forwarded requests' paths and when they were asked and answered (epoch ms). */
  forwarded: { path: string; from: number; to: number }[];
}

/**
 * Init script (a string, not a serialized function: tsx's `__name` helper does not exist in the page): long tasks,
 * the largest-contentful-paint candidates and, for BENCH_DEBUG, long animation frames, recorded from before any page
 * script.
 */
const PROBES = `(() => {
  const probes = { longTasks: [], lcp: 0, lcpElement: '', loaf: [] };
  globalThis.__webview = probes;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probes.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      probes.lcp = e.startTime;
      probes.lcpElement = e.element ? e.element.tagName.toLowerCase() + '.' + e.element.className + ' "' + (e.element.textContent || '').slice(0, 40) + '" ' + e.size + ' px²' : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  if (${process.env.BENCH_DEBUG ? 'true' : 'false'})
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        probes.loaf.push({
          start: Math.round(e.startTime),
          duration: Math.round(e.duration),
          scripts: e.scripts.map((s) => s.invoker + ' ' + (s.sourceFunctionName || '(anonymous)') + '@' + s.sourceURL.split('/').pop() + ':' + s.sourceCharPosition + ' ' + Math.round(s.duration) + 'ms'),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
})();`;

/** The Android app's transport: a Java interface taking strings, here a Playwright binding into the host below. */
const ANDROID_TRANSPORT = 'window.AppBridge = { postMessage: (message) => window.__webviewHost(String(message)) };';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the webview in a fresh context: no service worker (every load is a cold one unless the HTTP cache has the
 * files), the app's user agent and transport. Replies to `request` wait, once the phone is emulated, the preset's
 * latency plus the bytes up and down at its throughputs: the app carries them over the phone's network, which the
 * DevTools emulation (the page's own requests only) never sees.
 */
export async function openWebview(browser: Browser, server: BenchServer): Promise<Webview> {
  const baseURL = server.url;
  const context = await browser.newContext({
    baseURL,
    userAgent: USER_AGENT,
    viewport: PHONE.viewport,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const calls = new Map<string, number>();
  const forwarded: Webview['forwarded'] = [];
  let emulated = false;
  let cdp: CDPSession | null = null;

  const answer = async (message: BridgeMessage): Promise<unknown> => {
    switch (message.method) {
      case 'request': {
        const from = Date.now();
        const { envelope, upBytes, downBytes } = await forward(context, server, message.params);
        if (emulated)
          await sleep(
            SLOW_4G.latencyMs +
              (upBytes / SLOW_4G.uploadBytesPerSec) * 1000 +
              (downBytes / SLOW_4G.downloadBytesPerSec) * 1000,
          );
        if (process.env.BENCH_DEBUG) forwarded.push({ path: String(message.params.path), from, to: Date.now() });
        return { code: '00000', data: envelope };
      }
      case 'storageGet':
        return { code: '00000', data: { value: null } };
      case 'getUsdtRate':
        return { code: '00000', data: { rate: '1' } };
      case 'getToken': {
        // The app holds the device's risk token; without one the page would ask the risk endpoint through `request`
        // itself, a round trip the app spares it. Like the e2e double, the token comes from that endpoint.
        const { text } = await send(server, '/v1/constantid/udid/c1', { method: 'GET', headers: {} });
        const reply = JSON.parse(text) as { data?: { token?: string } };
        if (emulated) await sleep(SLOW_4G.latencyMs);
        return { code: '00000', data: { token: reply.data?.token } };
      }
      default:
        return { code: '00000', data: {} };
    }
  };

  await context.exposeBinding('__webviewHost', async (_source, raw: unknown) => {
    const message = JSON.parse(String(raw)) as BridgeMessage;
    calls.set(message.method, (calls.get(message.method) ?? 0) + 1);
    const reply = await answer(message);
    // Delivered through the DevTools protocol, not `page.evaluate`, whose helper script would be the harness's
    // own main-thread work inside the measured windows.
    await cdp
      ?.send('Runtime.evaluate', {
        expression: `window.__appBridge?.onReply(${JSON.stringify(message.id)}, ${JSON.stringify(reply)})`,
      })
      .catch(() => undefined);
  });
  await context.addInitScript({ content: ANDROID_TRANSPORT });
  await context.addInitScript({ content: PROBES });
  const page = await context.newPage();
  cdp = await context.newCDPSession(page);
  const session = cdp;
  return {
    context,
    page,
    cdp: session,
    inPage: <T>(expression: string) => evaluateInPage<T>(session, expression),
    async emulate() {
      await session.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuThrottle });
      await session.send('Network.enable');
      await session.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_4G.latencyMs,
        downloadThroughput: SLOW_4G.downloadBytesPerSec,
        uploadThroughput: SLOW_4G.uploadBytesPerSec,
      });
      emulated = true;
    },
    calls,
    forwarded,
  };
}

/** One request of the app's own networking to the gateway (trusting the bench's certificate): its body and cookies. */
function send(
  server: BenchServer,
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ text: string; setCookies: string[] }> {
  const url = new URL(path, server.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method, headers: init.headers, ca: server.ca }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ text: Buffer.concat(chunks).toString('utf8'), setCookies: response.headers['set-cookie'] ?? [] }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** The app's side of request forwarding: the request as the page described it, with the app's cookies. */
async function forward(
  context: BrowserContext,
  server: BenchServer,
  params: Record<string, unknown>,
): Promise<{ envelope: unknown; upBytes: number; downBytes: number }> {
  const method = String(params.method);
  const headers = { ...(params.headers as Record<string, string>) };
  const cookies = await context.cookies(server.url);
  if (cookies.length > 0) headers.cookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const body = method === 'GET' ? undefined : JSON.stringify(params.params);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const { text, setCookies } = await send(server, String(params.path), { method, headers, body });
  if (setCookies.length > 0) await context.addCookies(setCookies.map((line) => cookieOf(line, server.url)));
  return {
    envelope: JSON.parse(text),
    upBytes: Buffer.byteLength(JSON.stringify(headers)) + (body ? Buffer.byteLength(body) : 0),
    downBytes: Buffer.byteLength(text),
  };
}

/** An expression true once `selector` shows a digit. */
export const showsDigit = (selector: string) =>
  `/\\d/.test(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`;

/** Waits in the page (a timer poll, not Playwright's locators) until `readyExpression` is true. */
export async function waitInPage(webview: Webview, readyExpression: string, what: string): Promise<void> {
  await webview.inPage<void>(`new Promise((resolve, reject) => {
    const started = performance.now();
    const poll = () => {
      if (${readyExpression}) return resolve();
      if (performance.now() - started > 60000) return reject(new Error(${JSON.stringify(`${what} never showed`)}));
      setTimeout(poll, 100);
    };
    poll();
  })`);
}
