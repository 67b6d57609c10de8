import { sha256Hex, tokenSlot, userSlot } from '../../engine/crypto/key-ids';
import type { KeyLifecycleDeps, KeyStore } from '../../engine/crypto/key-lifecycle';
import type { ClientKeyPair, DebugLog } from '../../engine/crypto/primitives';
import {
  ERROR_SKIPS,
  type RequestToSign,
  signCoreRequest,
  signingApplies,
} from '../../engine/crypto/request-signature';
import { securityReport } from '../../engine/rules/security-report';
import { runSetup, type SetupPhase } from '../../engine/crypto/setup-machine';
import type { SignConfig } from '../../engine/crypto/sign-config';
import { isRequestTime } from '../../engine/crypto/time8';
import { isSensitivePath, loginFieldsFor, pathOnly } from '../../engine/crypto/url-rules';
import type { ClientPrivateKey } from './client-private-key';
import type { KeyStorageKind } from './key-store';
import type {
  AfterLoginResult,
  CryptoState,
  DeviceCheckResult,
  EncryptLoginResult,
  SetupResult,
  SignRequestResult,
} from './results';
import { rootSpkiFromPem } from './root-certificate';
import { type CryptoBackendParts, type CryptoTestOptions, cryptoBackend, cryptoKeyStore } from './runtime';

type Pair = ClientKeyPair<ClientPrivateKey>;

/** A device-check request (signing contract §5); give `userId` or its `userIdHash`. */
export interface DeviceCheckRequest {
  method: string;
  path: string;
  requestTime: string | undefined;
  traceId: string | undefined;
  userId?: string;
  userIdHash?: string;
}

/** The crypto worker's state and operations over the engine (signing contract §1–§5); nothing costly runs until `setup`. */
/** The sign-in steps' code, fetched once when a sign-in first needs it. */
const loginSteps = () => import('./login-steps');

export function createCryptoSession() {
  let options: CryptoTestOptions = {};
  let parts: CryptoBackendParts | null = null;
  let store: KeyStore<ClientPrivateKey> | null = null;
  let keyStorage: KeyStorageKind | null = null;
  let phase: SetupPhase = 'idle';
  let reason: string | null = null;
  let config: SignConfig | null = null;
  let loginPair: Pair | null = null;
  let signingPair: Pair | null = null;
  const slotCache = new Map<string, Pair>();
  let debug = false;
  let queue: Promise<unknown> = Promise.resolve();

  const log: DebugLog = (step, facts) => {
    if (debug) console.debug('[ds1]', step, facts ?? {});
  };
  const logError = (message: string) => console.error(`[ds1] ${message}`);
  const backend = () => (parts ??= cryptoBackend(options));
  /** Serialises setup and login so a pair is never generated twice at once. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  const lifecycle = (): KeyLifecycleDeps<ClientPrivateKey> => ({
    primitives: backend().primitives,
    store: store!,
    generator: backend().generator,
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    logError,
  });

  async function pairIn(slot: string): Promise<Pair | undefined> {
    const cached = slotCache.get(slot);
    if (cached) return cached;
    const pair = await store?.get(slot);
    if (pair) slotCache.set(slot, pair);
    return pair;
  }

  const state = (): CryptoState => ({
    phase,
    reason,
    backend: parts?.backend ?? null,
    keyStorage,
    secureContext: parts?.secureContext ?? null,
    defaultAlgorithm: phase === 'ready' ? (config?.defaultAlgorithm ?? null) : null,
    userCheckDeviceUrl: phase === 'ready' ? (config?.userCheckDeviceUrl ?? null) : null,
    debug,
  });

  return {
    state,

    /** Test-only: switches the platform features the worker sees and starts over from idle. */
    configureForTests(next: CryptoTestOptions) {
      options = { ...next };
      parts = null;
      store = null;
      keyStorage = null;
      phase = 'idle';
      config = null;
      loginPair = null;
      slotCache.clear();
    },

    setDebug(on: boolean) {
      debug = on;
    },

    /** Back to idle, as the failure policy's `resetConfig` asks; stored keys stay. */
    reset(): CryptoState {
      phase = 'idle';
      reason = null;
      config = null;
      return state();
    },

    setup(rawConfig: unknown, rootCertPem: unknown): Promise<SetupResult> {
      return serial(async () => {
        phase = 'idle';
        const outcome = await runSetup(
          {
            primitives: backend().primitives,
            root: rootSpkiFromPem(rootCertPem),
            prepare: async () => {
              if (store) return;
              const opened = await cryptoKeyStore(options, backend().backend);
              store = opened.store;
              keyStorage = opened.kind;
            },
          },
          rawConfig,
        );
        phase = outcome.phase;
        reason = outcome.reason;
        // An unverified config still tells which paths are logins, so their fields are blocked, never sent in clear.
        config = outcome.config;
        log('setup', { trail: outcome.trail.join('→'), reason, keyStorage, backend: backend().backend });
        return { state: state(), reports: outcome.reports };
      });
    },

    async signRequest(request: RequestToSign, loginToken: string | undefined): Promise<SignRequestResult> {
      const skip = signingApplies(phase, config, pathOnly(request.pathWithQuery), Boolean(loginToken));
      if (skip) return { signed: false, skipped: skip };
      const pair = await pairIn(await tokenSlot(backend().primitives, loginToken!));
      if (pair) signingPair = pair;
      let outcome: SignRequestResult = { signed: false, skipped: 'no-key' };
      if (pair) {
        // A stored key the platform can no longer use must not break the request; it goes out unsigned and logged.
        outcome = await signCoreRequest(backend().primitives, config!, pair, request, log).catch(
          (error: unknown): SignRequestResult => ({
            signed: false,
            skipped: 'sign-failed',
            detail: error instanceof Error ? error.name : 'error',
          }),
        );
      }
      if (!outcome.signed && ERROR_SKIPS.includes(outcome.skipped)) {
        logError(
          `request to ${pathOnly(request.pathWithQuery)} sent unsigned: ${outcome.skipped}${outcome.detail ? ` (${outcome.detail})` : ''}`,
        );
      }
      return outcome;
    },

    encryptLogin(path: string, body: Record<string, unknown>, ts: number): Promise<EncryptLoginResult> {
      return serial(async (): Promise<EncryptLoginResult> => {
        if (phase === 'disabled') return { status: 'clear', body };
        if (phase !== 'ready') {
          if (!isSensitivePath(config, path)) return { status: 'clear', body };
          const failed = phase === 'initFailed' || phase === 'failed';
          return { status: 'blocked', reason: failed ? 'setup-failed' : 'not-ready', reports: [] };
        }
        const fields = loginFieldsFor(config!, path);
        if (!fields) return { status: 'clear', body };
        const steps = await loginSteps().catch(() => null);
        // A build replaced under an open tab can leave the old chunk unreachable: the login is not sent in clear.
        if (!steps)
          return {
            status: 'blocked',
            reason: 'encrypt-failed',
            reports: [securityReport('loginEncryptFailed', 'login steps: code not loaded')],
          };
        const { obtainKeyPair, buildLoginEnvelope } = steps;
        const obtained = await obtainKeyPair(lifecycle(), config!.defaultAlgorithm);
        if (!obtained.ok) return { status: 'blocked', reason: 'key-unavailable', reports: [obtained.report] };
        log('keyPair', { source: obtained.source, algorithm: obtained.pair.algorithm, keyId: obtained.pair.keyId });
        try {
          const encrypted = await buildLoginEnvelope(
            backend().primitives,
            config!,
            obtained.pair,
            { path, body, ts, fields },
            log,
          );
          loginPair = obtained.pair;
          return { status: 'encrypted', body: encrypted, keyId: obtained.pair.keyId };
        } catch (error) {
          const why = `envelope: ${error instanceof Error ? error.name : 'error'}`;
          return { status: 'blocked', reason: 'encrypt-failed', reports: [securityReport('loginEncryptFailed', why)] };
        }
      });
    },

    /** Whether the config names this path as the device check (signing contract §5). */
    isDeviceCheckPath(path: string): boolean {
      return !!config?.userCheckDeviceUrl && pathOnly(path) === config.userCheckDeviceUrl;
    },

    async deviceCheck(request: DeviceCheckRequest): Promise<DeviceCheckResult> {
      if (phase === 'disabled') return { ok: false, reason: 'disabled' };
      if (phase !== 'ready' || !config) return { ok: false, reason: 'not-ready' };
      if (!config.userCheckDeviceUrl || pathOnly(request.path) !== config.userCheckDeviceUrl)
        return { ok: false, reason: 'not-device-check-url' };
      const primitives = backend().primitives;
      const userIdHash = request.userIdHash ?? (request.userId ? await sha256Hex(primitives, request.userId) : '');
      if (!/^[0-9a-f]{64}$/.test(userIdHash)) return { ok: false, reason: 'bad-user' };
      if (request.requestTime === undefined || !isRequestTime(request.requestTime))
        return { ok: false, reason: 'missing-request-time' };
      if (!request.traceId || /\s/.test(request.traceId)) return { ok: false, reason: 'missing-trace-id' };
      const pair = await pairIn(`u:${userIdHash}`);
      if (!pair) return { ok: false, reason: 'no-key' };
      const input = {
        method: request.method,
        path: request.path,
        requestTime: request.requestTime,
        traceId: request.traceId,
      };
      try {
        const { buildDeviceCheck } = await loginSteps();
        return { ok: true, fields: await buildDeviceCheck(primitives, pair, userIdHash, input, log) };
      } catch {
        return { ok: false, reason: 'sign-failed' };
      }
    },

    afterLogin(loginToken: string | undefined, userId: string | undefined): Promise<AfterLoginResult> {
      return serial(async (): Promise<AfterLoginResult> => {
        if (phase !== 'ready' || !store) return { bound: false, reason: 'not-ready' };
        const pair = loginPair ?? signingPair;
        const steps = await loginSteps().catch(() => null);
        // Without the code the pair stays unbound: requests go unsigned until the next sign-in, as with no pair.
        if (!steps) return { bound: false, reason: 'missing-pair' };
        const result = await steps.bindKeyPair(lifecycle(), pair, { loginToken, userId });
        if (result.bound && pair && loginToken && userId) {
          const primitives = backend().primitives;
          slotCache.set(await tokenSlot(primitives, loginToken), pair);
          slotCache.set(await userSlot(primitives, userId), pair);
        }
        log('afterLogin', { bound: result.bound, keyId: result.bound ? result.keyId : null });
        return result;
      });
    },
  };
}

/** The session type the API wraps. */
export type CryptoSession = ReturnType<typeof createCryptoSession>;
