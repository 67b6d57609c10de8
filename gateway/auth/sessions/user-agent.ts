import { appVersionOf } from '../../../engine/rules/bridge';

/** What a devices page shows of a user agent: the exchange's app or a browser (name and major version), and the OS. */
export interface UserAgentInfo {
  /** `app` inside the exchange's native app (its `ExchangeApp/x.y.z` marker), `browser` for a known browser, else `unknown`. */
  kind: 'app' | 'browser' | 'unknown';
  /** The browser's name (Chrome, Safari, Firefox, Edge, Opera, Samsung Internet), or null. */
  browser: string | null;
  /** The browser's major version, or the app's `x.y.z`; null when absent. */
  version: string | null;
  /** Windows, macOS, iOS, iPadOS, Android, ChromeOS or Linux; null when none is named. */
  os: string | null;
  /** The OS version as the user agent gives it (`17.2`, `14`), or null (Windows and macOS freeze theirs). */
  osVersion: string | null;
}

/** The longest user agent the gateway keeps (a real one is well under 300 characters). */
export const USER_AGENT_MAX = 512;

/** Browsers in the order they must be tried: each names the engines below it in its own user agent. */
const BROWSERS: readonly [name: string, marker: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
];

function osOf(userAgent: string): Pick<UserAgentInfo, 'os' | 'osVersion'> {
  const dotted = (text: string | undefined) => (text ? text.replace(/_/g, '.') : null);
  let match = /\bAndroid(?: (\d+(?:\.\d+)*))?/.exec(userAgent);
  if (match) return { os: 'Android', osVersion: match[1] ?? null };
  match = /\biPad\b.*?\bOS (\d+(?:_\d+)*)/.exec(userAgent);
  if (match) return { os: 'iPadOS', osVersion: dotted(match[1]) };
  match = /\b(?:iPhone|iPod)\b.*?\bOS (\d+(?:_\d+)*)/.exec(userAgent);
  if (match) return { os: 'iOS', osVersion: dotted(match[1]) };
  if (/\b(?:iPhone|iPad|iPod)\b/.test(userAgent)) return { os: 'iOS', osVersion: null };
  if (/\bWindows\b/.test(userAgent)) return { os: 'Windows', osVersion: null };
  if (/\bCrOS\b/.test(userAgent)) return { os: 'ChromeOS', osVersion: null };
  if (/\bMac OS X\b|\bMacintosh\b/.test(userAgent)) return { os: 'macOS', osVersion: null };
  if (/\bLinux\b/.test(userAgent)) return { os: 'Linux', osVersion: null };
  return { os: null, osVersion: null };
}

/**
 * Reads the browser (or the exchange's app, whose webview user agent ends in `ExchangeApp/x.y.z`, contracts/bridge.md
 * §1) and the operating system from a user agent, for the devices page and the sign-in history. Pure; unknown parts
 * are null, never guessed.
 */
export function parseUserAgent(userAgent: string): UserAgentInfo {
  const text = userAgent.slice(0, USER_AGENT_MAX);
  const os = osOf(text);
  const app = appVersionOf(text);
  if (app) return { kind: 'app', browser: null, version: app.join('.'), ...os };
  for (const [name, marker] of BROWSERS) {
    const match = marker.exec(text);
    if (match) return { kind: 'browser', browser: name, version: match[1] ?? null, ...os };
  }
  return { kind: 'unknown', browser: null, version: null, ...os };
}
