import {
  checkBody,
  checkHeaders,
  checkMethod,
  checkOptionalString,
  checkPath,
  checkTimestamp,
  isRecord,
} from './crypto/input-checks';
import type {
  AfterLoginResult,
  CryptoState,
  DeviceCheckResult,
  EncryptLoginResult,
  PreparedRequest,
  SetupResult,
  SignRequestResult,
} from './crypto/results';
import type { CryptoTestOptions } from './crypto/runtime';
import { createCryptoSession, type DeviceCheckRequest } from './crypto/session';

export type {
  AfterLoginResult,
  CryptoState,
  DeviceCheckResult,
  EncryptLoginResult,
  PreparedRequest,
  SetupResult,
  SignRequestResult,
} from './crypto/results';
export type { CryptoTestOptions } from './crypto/runtime';

/** A request the request layer is about to send, for `signRequest` (signing contract §4). */
export interface SignRequestInput {
  method: string;
  /** `/v1` path plus the query exactly as it goes on the wire. */
  pathWithQuery: string;
  /** The `request-time` header sent. */
  requestTime: string | undefined;
  /** The `trace-id` header sent. */
  traceId: string | undefined;
  /** The exact body bytes sent, or the exact string sent (UTF-8); omitted for none. */
  body?: Uint8Array | string | null;
  /** The other headers sent, for custom modes naming `h:<header>`. */
  headers?: Record<string, string>;
  /** The login-token cookie value; without it nothing is signed. */
  loginToken?: string | null;
}

/** A request that may be a login, for `encryptLogin` (signing contract §3). */
export interface EncryptLoginInput {
  /** `/v1` path. */
  path: string;
  /** The JSON body as an object. */
  body: Record<string, unknown>;
  /** The request's `request-time` as a number (server-corrected ms). */
  ts: number;
}

/** A request the request layer is about to send, for `prepareRequest`: its body still an object. */
export interface PrepareRequestInput extends Omit<SignRequestInput, 'body'> {
  /** `/v1` path, without the query. */
  path: string;
  /** The JSON body as an object; omitted for none. */
  body?: Record<string, unknown>;
}

/** A device-check request, for `deviceCheck` (signing contract §5); give `userId` or its `userIdHash`. */
export type DeviceCheckInput = DeviceCheckRequest;

/**
 * Builds the crypto worker's API (signing contract): keys, login envelopes and request signing over one crypto
 * session, held in the object it returns; the worker entry exposes one.
 */
export function createCryptoApi() {
  const session = createCryptoSession();
  const api = {
    /** Verifies a signing config against the embedded root and opens the key store (signing contract §1). Never throws for bad config. */
    async setup(input: { config: unknown; rootCertPem: string }): Promise<SetupResult> {
      if (!isRecord(input)) throw new TypeError('setup takes { config, rootCertPem }');
      return session.setup(input.config, input.rootCertPem);
    },

    /** The current phase, backend, key storage and flags. */
    async state(): Promise<CryptoState> {
      return session.state();
    },

    /** Drops the config (failure policy `resetConfig`); keys stay. */
    async reset(): Promise<CryptoState> {
      return session.reset();
    },

    /** The DS1 headers for a core request, or why it goes unsigned (signing contract §4). */
    async signRequest(input: SignRequestInput): Promise<SignRequestResult> {
      if (!isRecord(input)) throw new TypeError('signRequest takes a request object');
      return session.signRequest(
        {
          method: checkMethod(input.method),
          pathWithQuery: checkPath(input.pathWithQuery, 'pathWithQuery'),
          requestTime: checkOptionalString(input.requestTime, 'requestTime', 32),
          traceId: checkOptionalString(input.traceId, 'traceId', 256),
          body: checkBody(input.body),
          headers: checkHeaders(input.headers),
        },
        checkOptionalString(input.loginToken, 'loginToken'),
      );
    },

    /** The body to send for a request that may be a login: encrypted, unchanged, or blocked (signing contract §3). */
    async encryptLogin(input: EncryptLoginInput): Promise<EncryptLoginResult> {
      if (!isRecord(input) || !isRecord(input.body))
        throw new TypeError('encryptLogin takes { path, body: object, ts }');
      return session.encryptLogin(checkPath(input.path, 'path'), input.body, checkTimestamp(input.ts, 'ts'));
    },

    /** The fields a device-check payload gains, signed by the user's stored pair (signing contract §5). */
    async deviceCheck(input: DeviceCheckInput): Promise<DeviceCheckResult> {
      if (!isRecord(input)) throw new TypeError('deviceCheck takes a request object');
      return session.deviceCheck({
        method: checkMethod(input.method),
        path: checkPath(input.path, 'path'),
        requestTime: checkOptionalString(input.requestTime, 'requestTime', 32),
        traceId: checkOptionalString(input.traceId, 'traceId', 256),
        userId: checkOptionalString(input.userId, 'userId', 256),
        userIdHash: checkOptionalString(input.userIdHash, 'userIdHash', 64),
      });
    },

    /** After a login response with a user id: binds the login's pair to the token and the user (signing contract §2). */
    async afterLogin(input: {
      loginToken: string | null | undefined;
      userId: string | number | null | undefined;
    }): Promise<AfterLoginResult> {
      if (!isRecord(input)) throw new TypeError('afterLogin takes { loginToken, userId }');
      const userId = typeof input.userId === 'number' ? String(input.userId) : input.userId;
      return session.afterLogin(
        checkOptionalString(input.loginToken, 'loginToken'),
        checkOptionalString(userId, 'userId', 256),
      );
    },

    /**
     * Everything a request needs before it goes, in one trip to the worker: a login body encrypted (signing contract
     * §3), a device check's proof added (§5), the body's exact bytes, and the DS1 headers over them (§4). A request
     * whose body cannot go safely is not sent; one that cannot be signed goes unsigned, as with `signRequest`.
     */
    async prepareRequest(input: PrepareRequestInput): Promise<PreparedRequest> {
      if (!isRecord(input) || (input.body !== undefined && !isRecord(input.body)))
        throw new TypeError('prepareRequest takes a request object with an object body');
      const { method, path, requestTime, traceId } = input;
      let body = input.body;
      if (method !== 'GET' && body) {
        const sealed = await api.encryptLogin({ path, body, ts: Number(requestTime) });
        if (sealed.status === 'blocked') return { status: 'blocked', reports: sealed.reports };
        body = sealed.body;
        if (session.isDeviceCheckPath(path)) {
          const check = await api.deviceCheck({
            method,
            path,
            requestTime,
            traceId,
            userIdHash: String(body.userIdHash ?? ''),
          });
          // Without a stored pair for that user there is nothing to prove: the check is not sent at all.
          if (!check.ok) return { status: 'refused', reason: check.reason };
          body = { ...body, ...check.fields };
        }
      }
      const bodyText = body === undefined ? undefined : JSON.stringify(body);
      const signed = await api.signRequest({ ...input, body: bodyText }).catch(() => null);
      return { status: 'ready', bodyText, headers: signed?.signed ? { ...signed.headers } : {} };
    },

    /** `sign_debug=1`: logs each step to the worker console, never a key, signature, token or body (spec §9). */
    async setDebug(on: boolean): Promise<void> {
      session.setDebug(on === true);
    },

    /** Test-only: pretend SubtleCrypto, IndexedDB or a secure context is missing, or use another key database; resets the worker to idle. */
    async configureForTests(options: CryptoTestOptions): Promise<void> {
      if (!isRecord(options)) throw new TypeError('configureForTests takes an options object');
      session.configureForTests(options);
    },
  };
  return api;
}

/** What the crypto worker exposes. */
export type CryptoApi = ReturnType<typeof createCryptoApi>;
