/** The QR sign-in's settings (README "Settings"). */
export interface QrSettings {
  /** The deep link's scheme: the app's alternative scheme (contracts/bridge.md §6), `exchangeapp` by default. */
  linkScheme: string;
  /** The deep link's host, `exchange` by default. */
  linkHost: string;
}

/** The scheme of the link in the code when `THIRD_QR_LINK_SCHEME` is not set (the bridge contract's default). */
export const DEFAULT_QR_LINK_SCHEME = 'exchangeapp';
/** The host of the link in the code when `THIRD_QR_LINK_HOST` is not set (the bridge contract's default). */
export const DEFAULT_QR_LINK_HOST = 'exchange';

const SCHEME = /^[a-z][a-z0-9+.-]{0,31}$/;
const HOST = /^[a-z0-9](?:[a-z0-9.-]{0,61}[a-z0-9])?$/;

function setting(env: NodeJS.ProcessEnv, name: string, fallback: string, shape: RegExp): string {
  const value = env[name]?.trim();
  if (value === undefined || value === '') return fallback;
  if (!shape.test(value))
    throw new Error(`${name} must be a lower-case ${name.endsWith('SCHEME') ? 'scheme' : 'host'}, got "${value}"`);
  return value;
}

/**
 * Reads `THIRD_QR` (`1` on, `0` off; default on in local mode only: it needs the exchange's app to scan),
 * `THIRD_QR_LINK_SCHEME` and `THIRD_QR_LINK_HOST`; null hides the method.
 */
export function readQrSettings(env: NodeJS.ProcessEnv, localMode: boolean): QrSettings | null {
  const switched = env.THIRD_QR?.trim();
  const isOn = switched === undefined || switched === '' ? localMode : switched === '1';
  if (!isOn) return null;
  return {
    linkScheme: setting(env, 'THIRD_QR_LINK_SCHEME', DEFAULT_QR_LINK_SCHEME, SCHEME),
    linkHost: setting(env, 'THIRD_QR_LINK_HOST', DEFAULT_QR_LINK_HOST, HOST),
  };
}

/** How often the login page asks for a code's state, in ms. */
export const QR_POLL_MS = 2000;

/** What the client needs: how often to poll (the code and its link come from `qrcode/create`). */
export function qrPublicConfig(_settings: QrSettings): Record<string, unknown> {
  return { pollMs: QR_POLL_MS };
}

/**
 * The text in the code: a deep link of the app in the bridge contract's shape (`{scheme}://{host}/{path}?{query}`,
 * contracts/bridge.md §6) with the path `qrlogin`, which spec §2.2 does not list: `exchangeapp://exchange/qrlogin?key=…`.
 * The app's scanner reads the key from it; a phone camera opens the app with it.
 */
export function qrContentOf(settings: QrSettings, key: string): string {
  return `${settings.linkScheme}://${settings.linkHost}/qrlogin?key=${encodeURIComponent(key)}`;
}
