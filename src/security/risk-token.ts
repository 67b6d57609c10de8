import { proxy } from 'valtio';
import { classifyRiskToken, isRiskTokenFresh, RISK_TOKEN, type RiskTokenStatus } from '../../engine/rules/risk-token';
import { api } from '../api/client';
import { appBridge, mayBeInApp } from '../bridge/app-bridge';
import { isPageHidden } from '../platform/page-visibility';
import { readCookie, safeStorage, writeCookie } from '../platform/storage';

/** The risk SDK's surface: a script that defines `globalThis.ExchangeRiskSdk`. */
export interface RiskSdk {
  getToken(endpoint: string): Promise<string>;
}

/** What the risk-token service needs from the page; the defaults are the real ones. */
export interface RiskTokenDeps {
  sdkUrl: string;
  endpoint: string;
  now: () => number;
  loadSdk: (url: string) => Promise<RiskSdk>;
  isVisible: () => boolean;
}

/** The token's state for the UI (spec §4): status only, never the token. */
export const riskTokenState = proxy({ status: 'uninitialised' as RiskTokenStatus });

/** The device-token endpoint of spec §7.6, under the request layer's `/v1`. */
const DEVICE_TOKEN_PATH = '/constantid/udid/c1';
const STORED_AT_KEY = 'risk_token_at';
let token: string | null = null;
let refreshTimer: ReturnType<typeof setInterval> | undefined;
let inFlight: Promise<void> | null = null;
/** The dependencies the running service was started with, for a renewal the request layer asks for. */
let activeDeps: RiskTokenDeps | null = null;
/** The last token the gateway refused: the app's `getToken` answering with it again counts as no token. */
let refusedToken: string | null = null;

/** The token to send with the endpoints of spec §7.6, or null. */
export function currentRiskToken(): string | null {
  return token;
}

/** Loads the SDK script once (same origin only: the page's Trusted Types policy admits nothing else). */
export function loadSdkScript(url: string): Promise<RiskSdk> {
  const existing = (globalThis as { ExchangeRiskSdk?: RiskSdk }).ExchangeRiskSdk;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.onload = () => {
      const sdk = (globalThis as { ExchangeRiskSdk?: RiskSdk }).ExchangeRiskSdk;
      if (sdk) resolve(sdk);
      else reject(new Error('risk SDK loaded but defined nothing'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('risk SDK script missing'));
    };
    try {
      script.src = url;
    } catch (error) {
      reject(error);
      return;
    }
    document.head.append(script);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchToken(deps: RiskTokenDeps): Promise<void> {
  let sdk: RiskSdk;
  try {
    sdk = await deps.loadSdk(deps.sdkUrl);
  } catch {
    // Spec §4: a missing SDK script gives error.
    riskTokenState.status = 'error';
    return;
  }
  for (let attempt = 0; attempt <= RISK_TOKEN.retries; attempt += 1) {
    if (attempt > 0) await delay(RISK_TOKEN.retryDelayMs);
    let result: string | 'timeout';
    try {
      result = await withTimeout(sdk.getToken(deps.endpoint), RISK_TOKEN.timeoutMs);
    } catch {
      continue;
    }
    if (result === 'timeout') {
      riskTokenState.status = 'timeout';
      return;
    }
    const classified = classifyRiskToken(result);
    if (classified.status === 'error') continue;
    token = classified.token;
    riskTokenState.status = classified.status;
    if (classified.status === 'success' && token) {
      writeCookie(RISK_TOKEN.cookieName, token, RISK_TOKEN.cookieDays);
      safeStorage.set(STORED_AT_KEY, String(deps.now()));
    }
    return;
  }
  riskTokenState.status = 'error';
}

/** Fetches a fresh token unless one is in flight. */
export function refreshRiskToken(deps: RiskTokenDeps): Promise<void> {
  inFlight ??= fetchToken(deps).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * After the gateway refused `refused` with `40140` (it binds a token to the address it was issued to, so a phone that
 * moved from Wi-Fi to mobile data holds a dead one), fetches a fresh token: the new one, or null when none came.
 */
export async function renewRiskToken(refused: string | null): Promise<string | null> {
  refusedToken = refused;
  await refreshRiskToken(activeDeps ?? browserRiskTokenDeps());
  return token !== null && token !== refused ? token : null;
}

/** Starts the service: reuses a stored token still inside its 14 400 s, then refreshes every 1200 s while the page is visible. */
export function startRiskToken(deps: RiskTokenDeps): () => void {
  activeDeps = deps;
  const stored = readCookie(RISK_TOKEN.cookieName);
  const storedAt = Number(safeStorage.get(STORED_AT_KEY));
  const reused = stored && isRiskTokenFresh(storedAt, deps.now()) ? classifyRiskToken(stored) : null;
  if (reused && reused.status === 'success') {
    token = reused.token;
    riskTokenState.status = 'success';
  } else {
    void refreshRiskToken(deps);
  }
  clearInterval(refreshTimer);
  refreshTimer = setInterval(() => {
    if (deps.isVisible()) void refreshRiskToken(deps);
  }, RISK_TOKEN.refreshMs);
  return () => clearInterval(refreshTimer);
}

/** The page's real dependencies; the SDK URL is a setting so production can point at the exchange's SDK. */
export function browserRiskTokenDeps(): RiskTokenDeps {
  return {
    sdkUrl: import.meta.env.VITE_RISK_SDK_URL ?? '/risk-sdk.js',
    endpoint: `${location.origin}/v1${DEVICE_TOKEN_PATH}`,
    now: () => Date.now(),
    loadSdk: mayBeInApp() ? loadAppRiskSdk : loadSdkScript,
    isVisible: () => !isPageHidden(),
  };
}

/**
 * Inside the native app the app holds the device's risk token (`getToken`, contracts/bridge.md §3): no SDK script.
 * When the app has none (or only the one the gateway just refused), the page asks the gateway for one through the
 * app's `request`, as every `/v1` call goes there (§5), never around the app. Below 1.2.51 the app takes no call at
 * all and the page is a web page, with the web SDK.
 */
async function loadAppRiskSdk(url: string): Promise<RiskSdk> {
  return {
    async getToken(endpoint) {
      const answer = await (await appBridge()).call<{ token?: unknown }>('getToken').catch(() => null);
      if (answer?.sent === false) return (await loadSdkScript(url)).getToken(endpoint);
      const given = answer?.data?.token;
      if (typeof given === 'string' && given !== '' && given !== refusedToken) return given;
      const reply = await api.get<{ token?: unknown } | null>(DEVICE_TOKEN_PATH, { silent: true });
      if (typeof reply?.token !== 'string') throw new Error('the device-token reply held no token');
      return reply.token;
    },
  };
}

/** Forgets the token and state (tests, and logout of a device). */
export function resetRiskToken(): void {
  token = null;
  inFlight = null;
  activeDeps = null;
  refusedToken = null;
  clearInterval(refreshTimer);
  riskTokenState.status = 'uninitialised';
}
