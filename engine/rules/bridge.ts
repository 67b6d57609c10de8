import { fromBase64, utf8Text } from '../crypto/encoding';

/**
 * The native-app bridge's rules (contracts/bridge.md, spec §7.9, §8, §9), pure: who is inside the app, which calls
 * the app's version and platform take, how long each may wait, and what a reply means. `src/bridge/` runs them.
 */

/** An app version, `[major, minor, patch]`. */
export type AppVersion = readonly [number, number, number];
export type AppPlatform = 'android' | 'ios';
/** Which platforms a call is sent on. */
export type PlatformRule = 'both' | 'android' | 'ios';

export interface BridgeMethodRule {
  minVersion: AppVersion;
  platform: PlatformRule;
}

const V1_2_51: AppVersion = [1, 2, 51];
const V2_8_0: AppVersion = [2, 8, 0];
const V2_15_0: AppVersion = [2, 15, 0];
const V2_21_0: AppVersion = [2, 21, 0];
const V2_37_0: AppVersion = [2, 37, 0];
const V2_49_0: AppVersion = [2, 49, 0];

const rule = (minVersion: AppVersion, platform: PlatformRule = 'both'): BridgeMethodRule => ({ minVersion, platform });

/** Every method of the contract's table (§3), with its minimum app version and platform rule. */
export const BRIDGE_METHODS = {
  request: rule(V1_2_51),
  setTitle: rule(V1_2_51),
  popBack: rule(V1_2_51),
  logout: rule(V1_2_51),
  openBrowser: rule(V1_2_51),
  getToken: rule(V1_2_51),
  getDeviceId: rule(V1_2_51),
  share: rule(V2_8_0),
  setTitleVisible: rule(V2_8_0),
  setTitleBarTheme: rule(V2_8_0),
  setBottomActions: rule(V2_8_0),
  hideNavigationBar: rule(V2_8_0, 'ios'),
  setPictureCompressSize: rule(V2_8_0, 'android'),
  notifyStatusChange: rule(V2_8_0),
  getBusinessParams: rule(V2_8_0),
  storageSet: rule(V2_15_0),
  storageGet: rule(V2_15_0),
  checkCameraPermission: rule(V2_21_0),
  navbarMore: rule(V2_21_0),
  navbarClose: rule(V2_21_0),
  onWebVisible: rule(V2_21_0),
  getUsdtRate: rule(V2_21_0),
  addCalendarEvent: rule(V2_37_0),
  telegramBindSuccess: rule(V2_37_0),
  startTraderProTraining: rule(V2_49_0),
  bgbFeeDeduction: rule(V2_49_0),
} as const satisfies Record<string, BridgeMethodRule>;

export type BridgeMethod = keyof typeof BRIDGE_METHODS;

/** The events the app sends (§2). */
export const BRIDGE_EVENTS = ['webVisible', 'theme', 'logout'] as const;
export type BridgeEvent = (typeof BRIDGE_EVENTS)[number];

/** Spec §9 / contract §4: how long a call waits for its reply. */
export const BRIDGE_TIMEOUT_MS = { request: 10_000, webVisible: 3_600_000, callback: 3_000 } as const;

/** Result codes of a call that did not answer in time (spec §8). */
export const CALLBACK_TIMEOUT_CODE = '00004';
export const REQUEST_TIMEOUT_CODE = '110100';

/** The wait of one call: request forwarding 10 s, the visibility subscription an hour, every other call 3 s. */
export function timeoutOf(method: BridgeMethod): number {
  if (method === 'request') return BRIDGE_TIMEOUT_MS.request;
  if (method === 'onWebVisible') return BRIDGE_TIMEOUT_MS.webVisible;
  return BRIDGE_TIMEOUT_MS.callback;
}

const VERSION_MARKER = /\bExchangeApp\/(\d{1,4})\.(\d{1,4})\.(\d{1,4})(?![\d.])/;

/** The app version a user agent carries (`ExchangeApp/<major>.<minor>.<patch>`), or null. */
export function appVersionOf(userAgent: string): AppVersion | null {
  const match = VERSION_MARKER.exec(userAgent);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** The platform a user agent names (contract §1): Android, else iPhone / iPad / iPod; null for neither. */
export function platformOf(userAgent: string): AppPlatform | null {
  if (/\bAndroid\b/.test(userAgent)) return 'android';
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  return null;
}

/** Versions compared part by part as numbers: negative, 0 or positive (2.14.9 < 2.15.0 < 2.15.1; 2.9.9 < 2.15.0). */
export function compareVersions(a: AppVersion, b: AppVersion): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** `"2.15.0"` → `[2, 15, 0]`; null for anything else. */
export function parseVersion(text: string): AppVersion | null {
  const match = /^(\d{1,4})\.(\d{1,4})\.(\d{1,4})$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Where the page runs: inside the app (a version and a transport, §1) with its version and platform, or not. */
export type BridgeHost =
  | { inApp: true; version: AppVersion; platform: AppPlatform; transport: 'android' | 'ios' }
  | { inApp: false };

/**
 * Detection (contract §1): the user agent's version marker and a transport. The transport decides how messages go;
 * the platform (from the user agent) decides which calls are skipped. A marker with no transport is a plain browser.
 */
export function detectHost(userAgent: string, transports: { android: boolean; ios: boolean }): BridgeHost {
  const version = appVersionOf(userAgent);
  if (!version) return { inApp: false };
  const transport = transports.android ? 'android' : transports.ios ? 'ios' : null;
  if (!transport) return { inApp: false };
  return { inApp: true, version, platform: platformOf(userAgent) ?? transport, transport };
}

/** Why a call is not sent (§3): not in the app, below the method's version, or a platform that skips it. */
export type NotSentReason = 'not-in-app' | 'below-version' | 'skipped-platform';

/** Whether `method` is sent from this host, or why not. */
export function callDecision(method: BridgeMethod, host: BridgeHost): 'send' | NotSentReason {
  if (!host.inApp) return 'not-in-app';
  const { minVersion, platform } = BRIDGE_METHODS[method];
  if (compareVersions(host.version, minVersion) < 0) return 'below-version';
  if (platform !== 'both' && platform !== host.platform) return 'skipped-platform';
  return 'send';
}

/** The longest reply the page decodes (a forwarded reply holds a whole page of records). */
const MAX_PAYLOAD_CHARS = 8 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A reply or event payload (contract §2): an object as it is, or a base64 string of UTF-8 JSON whose value is an
 * object; null for anything else (a number, an array, a string that is not base64 of a JSON object).
 */
export function decodeBridgePayload(payload: unknown): Record<string, unknown> | null {
  if (isPlainObject(payload)) return payload;
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_CHARS) return null;
  const compact = payload.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return null;
  const bytes = fromBase64(compact);
  const text = bytes === null ? null : utf8Text(bytes);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What a reply means (contract §4). */
export type BridgeOutcome =
  | { kind: 'ok'; data: unknown }
  /** The app did not understand the call, or the reply had no code: spec §8's action and network errors. */
  | { kind: 'action-error' }
  | { kind: 'network-error' }
  /** Any other code: an unsuccessful response, with the app's message. */
  | { kind: 'unsuccessful'; code: string; msg: string };

/** Success is `"00000"` or `200` (spec §7.9). */
export function classifyBridgeReply(payload: unknown): BridgeOutcome {
  const reply = decodeBridgePayload(payload);
  if (!reply || !('code' in reply) || (typeof reply.code !== 'string' && typeof reply.code !== 'number'))
    return { kind: 'network-error' };
  const code = String(reply.code);
  if (code === '00000' || code === '200') return { kind: 'ok', data: reply.data };
  if (code === 'unknown-method') return { kind: 'action-error' };
  return { kind: 'unsuccessful', code, msg: typeof reply.msg === 'string' ? reply.msg : '' };
}

/** A request as the app's `request` call forwards it (contract §5). */
export interface ForwardedRequest {
  requestId: string;
  method: string;
  /** The `/v1` path with its query, exactly as the web request would go out. */
  path: string;
  /** The body object, or the query's values for a GET. */
  params: Record<string, unknown>;
  /** Every header the web request would send, signing headers included. */
  headers: Record<string, string>;
}

/** A forwarding that failed (spec §8's bridge errors), as the request layer receives it. */
export interface ForwardFailure {
  bridgeFailure: 'callback-timeout' | 'request-timeout' | 'unsuccessful' | 'network' | 'action';
  code: string;
  appMessage: string;
}
