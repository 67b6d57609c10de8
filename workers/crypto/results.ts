import type { DeviceCheckFields } from '../../engine/crypto/device-check';
import type { KeyAlgorithm } from '../../engine/crypto/primitives';
import type { DeviceSignHeaders, SkipReason } from '../../engine/crypto/request-signature';
import type { SecurityReport } from '../../engine/rules/security-report';
import type { SetupPhase } from '../../engine/crypto/setup-machine';
import type { KeyStorageKind } from './key-store';
import type { CryptoBackend } from './runtime';

/** What the crypto worker is and can do now (signing contract §1, §2). */
export interface CryptoState {
  phase: SetupPhase;
  /** Why setup ended `initFailed` or `failed`; null otherwise. Holds no secret. */
  reason: string | null;
  /** null until the first setup. */
  backend: CryptoBackend | null;
  /** `memory` means IndexedDB was unavailable: keys vanish with the worker. null until the first setup reaches the store. */
  keyStorage: KeyStorageKind | null;
  /** The worker's own `isSecureContext`; key generation is refused when false. */
  secureContext: boolean | null;
  defaultAlgorithm: KeyAlgorithm | null;
  /** The device-check path of the verified config, for the request layer to recognise the flow. */
  userCheckDeviceUrl: string | null;
  debug: boolean;
}

/** The result of `setup`: the new state and the reports to POST. */
export interface SetupResult {
  state: CryptoState;
  reports: SecurityReport[];
}

/** Signed headers to add, or why the request goes unsigned (`error` skips are also logged in the worker). */
export type SignRequestResult =
  | { signed: true; headers: DeviceSignHeaders }
  | { signed: false; skipped: SkipReason; detail?: string };

/** Why a login body may not be sent: its sensitive fields would go out in clear. */
export type BlockReason = 'not-ready' | 'setup-failed' | 'key-unavailable' | 'encrypt-failed';

/** The body to send for a request that may be a login (signing contract §3). */
export type EncryptLoginResult =
  /** A login url: send this body (remaining fields + `bodyCiphertext`). */
  | { status: 'encrypted'; body: Record<string, unknown>; keyId: string }
  /** Not a login url, or signing is disabled by the server: send the body as it was. */
  | { status: 'clear'; body: Record<string, unknown> }
  /** Do NOT send the request; POST the reports. */
  | { status: 'blocked'; reason: BlockReason; reports: SecurityReport[] };

/** Why a device-check payload cannot be built. */
export type DeviceCheckFailure =
  | 'not-ready'
  | 'disabled'
  | 'not-device-check-url'
  | 'bad-user'
  | 'no-key'
  | 'missing-request-time'
  | 'missing-trace-id'
  | 'sign-failed';

/** Fields to add to the device-check payload (signing contract §5), or why there are none. */
export type DeviceCheckResult = { ok: true; fields: DeviceCheckFields } | { ok: false; reason: DeviceCheckFailure };

/** What goes on the wire for one request (`prepareRequest`): its body and signature headers, or why it must not go. */
export type PreparedRequest =
  /** Send `bodyText` (none for no body) with these headers (none when the request goes unsigned). */
  | { status: 'ready'; bodyText: string | undefined; headers: Record<string, string> }
  /** Do NOT send: a login body's sensitive fields would go out in clear; POST the reports. */
  | { status: 'blocked'; reports: SecurityReport[] }
  /** Do NOT send: a device check with nothing to prove it. */
  | { status: 'refused'; reason: DeviceCheckFailure };

/** Whether the login's pair was bound to the token and the user (signing contract §2). */
export type AfterLoginResult =
  | { bound: true; keyId: string }
  | { bound: false; reason: 'not-ready' | 'no-token-or-user' | 'missing-pair' };
