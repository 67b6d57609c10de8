import { type SecurityReport, securityReport } from './security-report';

/** The gateway's signing result codes (signing contract §4, spec §4 and §8). */
export const SIGN_CODES = { missing: '00020', modeNotMatched: '00021', expired: '00022', invalid: '00023' } as const;

/** Toasts and logouts caused by signing failures happen at most once per this many ms (spec §8). */
export const FAILURE_THROTTLE_MS = 2000;
/** Delay before the config is fetched and verified again after 00020 or 00021 (spec §8). */
export const REFETCH_DELAY_MS = 2000;

/** One thing the request layer does after a signing failure (signing contract §7, spec §8). */
export type SignFailureAction =
  /** An error toast; `message` is the server's, or null to show the generic localized text. */
  | { type: 'toast'; message: string | null }
  | { type: 'logout' }
  /** POST to /v1/buried/log/cspSecurity. */
  | { type: 'report'; report: SecurityReport }
  /** Drop the cached config (sessionStorage) and the worker's setup (`reset()`). */
  | { type: 'resetConfig' }
  /** Fetch the config again, bypassing the cache, and run setup (verification included) after `afterMs`. */
  | { type: 'refetchConfig'; afterMs: number }
  /** Apply the server time of this response to the clock offset now, then send the request once more (signing contract §6). */
  | { type: 'resyncClockAndRetry' }
  /** The request fails for good: no retry and no refetch. */
  | { type: 'stop' };

/** What the policy remembers between responses: throttle times and a pending refetch. */
export interface SignFailureState {
  lastToastAt: number;
  lastLogoutAt: number;
  /** When a scheduled refetch will run, so a burst of failures schedules one. */
  refetchDueAt: number;
}

/** The state before any failure. */
export const INITIAL_SIGN_FAILURE_STATE: SignFailureState = {
  lastToastAt: Number.NEGATIVE_INFINITY,
  lastLogoutAt: Number.NEGATIVE_INFINITY,
  refetchDueAt: Number.NEGATIVE_INFINITY,
};

/** One response (or network failure) as the request layer saw it. */
export interface SignFailureInput {
  now: number;
  /** No response at all: nothing is reported (spec §8). */
  networkError: boolean;
  /** The envelope's `code`. */
  code?: string | null;
  /** The envelope's `msg`, shown in the toast. */
  message?: string | null;
  /** The `gateway-sign-error` response header. */
  signErrorHeader?: string | null;
  /** The `device-sign-key` the request carried, reported on 00023. */
  keyId?: string | null;
  /** True when this response answers the retry sent after a 00022 clock resync. */
  retriedAfterResync?: boolean;
}

const CODE = /^[0-9]{5}$/;
const KEY_ID = /^[0-9a-f]{32}$/;
const SIGN_CODE_SET: ReadonlySet<string> = new Set(Object.values(SIGN_CODES));

/**
 * The failure policy of signing contract §7 and spec §8 as a pure function: from a response and the time, the
 * actions to take (toast, logout, report, reset, refetch after 2 s, one clock resync on 00022) and the next state.
 */
export function decideSignFailure(
  state: SignFailureState,
  input: SignFailureInput,
): { actions: SignFailureAction[]; state: SignFailureState } {
  if (input.networkError) return { actions: [], state };
  const header = input.signErrorHeader?.trim() || null;
  const headerCode = header && CODE.test(header) ? header : null;
  const code =
    input.code && SIGN_CODE_SET.has(input.code)
      ? input.code
      : headerCode && SIGN_CODE_SET.has(headerCode)
        ? headerCode
        : null;
  const actions: SignFailureAction[] = [];
  const next = { ...state };

  const toast = () => {
    if (input.now - next.lastToastAt < FAILURE_THROTTLE_MS) return;
    next.lastToastAt = input.now;
    actions.push({ type: 'toast', message: input.message?.trim() || null });
  };

  if (header !== null || code === SIGN_CODES.invalid) {
    // 00023 reports the key id (a hash prefix of the public key, never the key itself).
    const keyId = code === SIGN_CODES.invalid && input.keyId && KEY_ID.test(input.keyId) ? ` keyId=${input.keyId}` : '';
    actions.push({
      type: 'report',
      report: securityReport('gatewaySignVerifyFailed', `${code ?? headerCode ?? 'unknown'}${keyId}`),
    });
  }

  switch (code) {
    case SIGN_CODES.invalid:
      toast();
      if (input.now - next.lastLogoutAt >= FAILURE_THROTTLE_MS) {
        next.lastLogoutAt = input.now;
        actions.push({ type: 'logout' });
      }
      break;
    case SIGN_CODES.missing:
    case SIGN_CODES.modeNotMatched:
      toast();
      actions.push({ type: 'resetConfig' });
      if (input.now >= next.refetchDueAt) {
        next.refetchDueAt = input.now + REFETCH_DELAY_MS;
        actions.push({ type: 'refetchConfig', afterMs: REFETCH_DELAY_MS });
      }
      break;
    case SIGN_CODES.expired:
      if (!input.retriedAfterResync) {
        actions.push({ type: 'resyncClockAndRetry' });
        break;
      }
      toast();
      actions.push({ type: 'resetConfig' }, { type: 'stop' });
      break;
  }
  return { actions, state: next };
}
