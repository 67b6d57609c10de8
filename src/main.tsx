// The trusted-types policy must exist before anything creates a worker or touches a sink.
import './security/trusted-types';
import './styles/index.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { followRouteLanguage, initialLocale } from './app/locale-sync';
import { setLocale } from './i18n/i18n';
import { markSignedOut } from './session/auth-state';
import { watchLoginElsewhere } from './auth/login-sync';
import { router } from './router';
import { LOGIN_TOKEN_COOKIE } from './session/login-token';
import { readCookie } from './platform/storage';
import { loadSettings } from './settings/settings';
import { watchSimulation } from './simulation/simulation';
import { watchStaleChunks } from './platform/stale-chunks';
import { tellWorkerWhoIsSignedIn } from './app/cache-user';
import { startInApp } from './app/in-app';
import { appBridge, mayBeInApp } from './bridge/app-bridge';
import { cryptoWorker } from './workers';
import { startInstrumentOfPage } from './app/early-instrument';
import { limitFirstPaint } from './ui/first-paint';
import { afterPageShown } from './ui/page-shown';
import { yieldToMain } from './ui/yield-to-main';
import { setHostListSource } from './platform/image-host-source';

/** The session check when it started before the first render (inside the app). */
let sessionCheck: Promise<void> | null = null;

async function start() {
  // Inside the native app the bridge comes first: the app's replies and events wait in boot.js's inbox until then.
  if (mayBeInApp()) {
    void appBridge();
    startInApp();
    // In the app the session check starts now, beside the texts and the page's code: a signed request there is
    // the signing worker plus a bridge round trip, and the app's pages (assets, orders) wait for its answer. On the
    // web it waits for the first paint (below), which the markets and assets pages' byte budgets count.
    if (readCookie(LOGIN_TOKEN_COOKIE)) {
      // The signing worker's script loads beside the sign-in code rather than after it.
      cryptoWorker.remote();
      sessionCheck = import('./auth/auth-actions').then((m) => m.refreshUser());
    }
  }
  watchStaleChunks();
  limitFirstPaint();
  loadSettings();
  // The image prober (platform, below the request layer) reads its candidate hosts through the secured API.
  setHostListSource(() =>
    import('./security/secured-api')
      .then(({ api }) => api.get<{ hosts: unknown }>('/public/image-hosts', { silent: true }))
      .then((data) => data.hosts),
  );
  // A trading page's instrument (market worker, REST read, stream socket) loads beside its texts and code.
  startInstrumentOfPage(new URL(location.href));
  // Texts are ready before the first render, so a Japanese page never flashes English.
  await setLocale(initialLocale(location.pathname));
  // Each step below is its own task: run back to back they made one long task on a slow phone, after the page's
  // load event, where a tap would have waited for all of them.
  await yieldToMain();
  followRouteLanguage();
  watchSimulation();
  watchLoginElsewhere();
  // Matching the first route compiles much of the router on first call: a task of its own.
  await yieldToMain();
  // Resolving the first route (and its code-split page) before rendering makes the first paint one
  // React pass instead of three (pending, matched, page loaded): less main-thread work on a cheap phone.
  await router.load();
  await yieldToMain();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // Creating the root attaches React's listeners for every event type: a task of its own as well.
  const root = createRoot(container);
  await yieldToMain();
  // A transition lets React yield every few ms, so the first render never blocks input as one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
  await yieldToMain();
  startDeviceServices();
}

/** How long the background services wait for a page that never says it has shown its figures. */
const DEVICE_SERVICES_FALLBACK_MS = 2000;

/** How long after the page's load event the service worker is registered. */
const SERVICE_WORKER_DELAY_MS = 3000;

/** Wraps a callback so that it runs after the current task ends. */
function inTaskOfItsOwn<T>(callback: (value: T) => void): (value: T) => Promise<void> {
  return async (value) => {
    await yieldToMain();
    callback(value);
  };
}

/**
 * Risk token and referral capture: background work that must never delay the first paint. The device
 * fingerprint costs a long task on a slow phone, so it runs only where it matters (sign-in, registration).
 */
function startDeviceServices() {
  const later =
    (globalThis as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => void })
      .requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 500));
  // Each is its own chunk, loaded after the first paint: the markets page never waits for them. Each starts in
  // an idle task of its own, and runs in a task after its import: a chunk already loaded resolves at once, and
  // the import's preloading, the cookie reads and the SDK's script tag in one task made it a long one.
  // They wait for the page's own figures too: on a slow network their chunks and requests would share the line
  // with the page's data. The address is read now, before any navigation rewrites it.
  const landedOn = new URL(location.href);
  void afterPageShown(DEVICE_SERVICES_FALLBACK_MS).then(() => {
    later(
      () =>
        void import('./security/risk-token').then(inTaskOfItsOwn((m) => m.startRiskToken(m.browserRiskTokenDeps()))),
      { timeout: 3000 },
    );
    later(() => void import('./security/referral').then(inTaskOfItsOwn((m) => m.captureReferralFromUrl(landedOn))), {
      timeout: 3000,
    });
  });
  // The service worker (offline shell, updates) of a built app only: the dev server's modules change under it. Its
  // code and the precache's downloads wait until the page has loaded and shown its data, a few seconds on a phone.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    tellWorkerWhoIsSignedIn();
    const register = () =>
      later(() => void import('./app/service-worker').then(inTaskOfItsOwn((m) => void m.startServiceWorker())), {
        timeout: 5000,
      });
    const afterLoad = () => setTimeout(register, SERVICE_WORKER_DELAY_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  }
  // Only a browser holding a login token can be signed in; anonymous visitors never load the signing code. In the
  // app a held token's check has already started.
  if (sessionCheck !== null) return;
  if (readCookie(LOGIN_TOKEN_COOKIE)) {
    void import('./auth/auth-actions').then((m) => m.refreshUser());
  } else {
    // Its storage and cookie writes (the cookie a synchronous round trip to the browser) in a task of their own.
    void yieldToMain().then(markSignedOut);
  }
}

void start();
