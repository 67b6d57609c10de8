/** Seconds a client clock may run ahead of the gateway's (contract §4: `100·time8 − 30 ≤ nowSec`). */
const AHEAD_S = 30;
/** Seconds after its 100-second bucket starts that a request is still accepted (contract §4: `nowSec ≤ 100·time8 + 130`). */
const BEHIND_S = 130;

/** A `request-time` header: decimal ms since epoch (contract §4). */
const REQUEST_TIME = /^\d{8,16}$/;

/** True when a `request-time` header is decimal ms with at least the 8 digits `time8` needs. */
export function isRequestTime(value: string): boolean {
  return REQUEST_TIME.test(value);
}

/** True when `100·time8 − 30 ≤ nowSec ≤ 100·time8 + 130` (contract §4). */
export function isTime8Fresh(time8: string, nowMs: number): boolean {
  if (!/^\d{8}$/.test(time8)) return false;
  const bucketStart = Number(time8) * 100;
  const nowSec = Math.floor(nowMs / 1000);
  return bucketStart - AHEAD_S <= nowSec && nowSec <= bucketStart + BEHIND_S;
}
