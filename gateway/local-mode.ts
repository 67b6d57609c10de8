import { isIP } from 'node:net';

/** The one-line warning printed at start-up whenever local mode is on. */
export const LOCAL_MODE_WARNING =
  'Warning: local mode is on: /dev/mailbox shows every verification code to anyone who can reach it, and the dev accounts have published passwords. Never expose it.';

/** True for an address only this machine can reach: `localhost`, 127.0.0.0/8 and ::1 (not 0.0.0.0 or ::, which are every interface). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(bare);
  return false;
}

/**
 * Whether the gateway runs in local mode (dev mailbox, seeded dev accounts): on by default only on a loopback
 * `HOST`; elsewhere it must be asked for with `GATEWAY_LOCAL_MODE=1`, and without either setting the gateway refuses
 * to start rather than guess. `GATEWAY_LOCAL_MODE=0` turns it off anywhere.
 */
export function decideLocalMode(host: string, setting: string | undefined): boolean {
  if (setting === '0') return false;
  if (setting === '1') return true;
  if (setting !== undefined && setting !== '') throw new Error(`GATEWAY_LOCAL_MODE must be 0 or 1, got ${setting}`);
  if (isLoopbackHost(host)) return true;
  throw new Error(
    `HOST ${host} is not a loopback address, and local mode (dev mailbox, dev accounts) would expose every verification code: set GATEWAY_LOCAL_MODE=0 for a real deployment, or GATEWAY_LOCAL_MODE=1 to run local mode there on purpose`,
  );
}
