import { acceptFingerprintCookieToken, FINGERPRINT_COOKIE, FINGERPRINT_RETRY_MS } from '../../engine/rules/device';
import { settingsState, updateSetting } from '../settings/settings';
import { readCookie } from '../platform/storage';

/** The fingerprint library's surface (FingerprintJS, MIT since v5). */
export interface FingerprintAgent {
  get(): Promise<{ visitorId: string }>;
}

export interface TerminalCodeDeps {
  loadAgent: () => Promise<FingerprintAgent>;
  cookieToken: () => string | null;
  wait: (ms: number) => Promise<void>;
}

/**
 * The device's terminal code (spec §1, §5): the fingerprint service's cookie token when one is set and
 * short enough, else the library's visitor id; one retry after 2500 ms; null when both tries fail.
 */
export async function computeTerminalCode(deps: TerminalCodeDeps): Promise<string | null> {
  const fromCookie = acceptFingerprintCookieToken(deps.cookieToken());
  if (fromCookie) return fromCookie;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt > 0) await deps.wait(FINGERPRINT_RETRY_MS);
    try {
      const { visitorId } = await (await deps.loadAgent()).get();
      if (/^[A-Za-z0-9_-]{8,64}$/.test(visitorId)) return visitorId;
    } catch {
      // Tried again after the delay; a fingerprint is a convenience, never a reason to fail the page.
    }
  }
  return null;
}

let started = false;

/**
 * Computes the terminal code in idle time (the library is its own chunk) and persists it when it changed.
 * Called by the screens that send security-relevant requests; browsing markets never pays for it.
 */
export function ensureFingerprint(): void {
  if (started) return;
  started = true;
  const run = async () => {
    const code = await computeTerminalCode({
      loadAgent: async () => (await import('@fingerprintjs/fingerprintjs')).load({ monitoring: false }),
      cookieToken: () => readCookie(FINGERPRINT_COOKIE),
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    if (code && code !== settingsState.terminalCode) updateSetting('terminalCode', code);
  };
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => void })
    .requestIdleCallback;
  if (idle) idle(() => void run(), { timeout: 5000 });
  else setTimeout(() => void run(), 1000);
}
