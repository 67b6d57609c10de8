import {
  decideSignFailure,
  INITIAL_SIGN_FAILURE_STATE,
  type SignFailureAction,
} from '../../engine/rules/sign-failure-policy';
import { type SecurityReport, securityReportBody } from '../../engine/rules/security-report';
import type { OutgoingRequest, RequestSecurity, SignedReply } from '../api/request';
import type { CryptoApi, CryptoState, PreparedRequest } from '../../workers/crypto.api';
import type { WorkerHandle } from '../workers';

/** What the signing layer needs from the page; injected so the browser tests can drive it. */
export interface RequestSecurityDeps {
  crypto: WorkerHandle<CryptoApi>;
  rootCertPem: string;
  /** `GET /v1/mix/config/gatewaySignConfig`, sent unsigned. */
  fetchConfig(): Promise<unknown>;
  /** `POST /v1/buried/log/cspSecurity` (never throws). */
  report(body: object): void;
  loginToken(): string | null;
  /** Shows a signing failure: the code picks a localized text; the server's message is the fallback. */
  toast(code: string, message: string | null): void;
  logout(): void;
  now(): number;
  storage: { get(key: string): string | null; set(key: string, value: string): void; remove(key: string): void };
  debug: boolean;
}

const CONFIG_KEY = 'gateway_sign_config';
// Key generation may take up to 8 s in the worker (signing contract §2); the call must outlive it.
const LOGIN_TIMEOUT_MS = 12_000;

/** The request layer's signing hooks over the crypto worker (signing contract §1–§7, spec §4, §8). */
export function createRequestSecurity(deps: RequestSecurityDeps): RequestSecurity & {
  afterLogin(userId: string): Promise<void>;
  state(): Promise<CryptoState | null>;
} {
  let setup: Promise<CryptoState | null> | null = null;
  let policy = INITIAL_SIGN_FAILURE_STATE;

  const sendReports = (reports: readonly SecurityReport[]) => {
    for (const report of reports) deps.report(securityReportBody(report, deps.now(), location.pathname));
  };

  const runSetup = async (force: boolean): Promise<CryptoState | null> => {
    let config: unknown = null;
    const cached = force ? null : deps.storage.get(CONFIG_KEY);
    if (cached) {
      try {
        config = JSON.parse(cached);
      } catch {
        deps.storage.remove(CONFIG_KEY);
      }
    }
    if (config === null) {
      try {
        config = await deps.fetchConfig();
      } catch {
        // No config, no signing: sensitive requests are then refused by the worker, never sent in clear.
        config = undefined;
      }
    }
    try {
      const result = await deps.crypto.call((api) => api.setup({ config, rootCertPem: deps.rootCertPem }));
      sendReports(result.reports);
      if (result.state.phase === 'ready' || result.state.phase === 'disabled')
        deps.storage.set(CONFIG_KEY, JSON.stringify(config));
      else deps.storage.remove(CONFIG_KEY);
      if (deps.debug) await deps.crypto.call((api) => api.setDebug(true));
      return result.state;
    } catch {
      return null;
    }
  };

  const ensureSetup = (force = false) => {
    if (force || !setup) setup = runSetup(force);
    return setup;
  };

  const carryOut = (actions: SignFailureAction[], code: string): 'pass' | 'handled' | 'retry' => {
    let verdict: 'pass' | 'handled' | 'retry' = 'pass';
    for (const action of actions) {
      switch (action.type) {
        case 'toast':
          deps.toast(code, action.message);
          verdict = 'handled';
          break;
        case 'logout':
          deps.logout();
          verdict = 'handled';
          break;
        case 'report':
          sendReports([action.report]);
          break;
        case 'resetConfig':
          deps.storage.remove(CONFIG_KEY);
          setup = null;
          void deps.crypto.call((api) => api.reset()).catch(() => undefined);
          verdict = verdict === 'pass' ? 'handled' : verdict;
          break;
        case 'refetchConfig':
          setTimeout(() => void ensureSetup(true), action.afterMs);
          break;
        case 'resyncClockAndRetry':
          return 'retry';
        case 'stop':
          verdict = 'handled';
          break;
      }
    }
    return verdict;
  };

  return {
    async prepare(request: OutgoingRequest) {
      await ensureSetup();
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      // One trip to the crypto worker: the login envelope, a device check's proof and the signature over the bytes.
      const prepared = await deps.crypto
        .call<PreparedRequest>(
          (api) =>
            api.prepareRequest({
              method: request.method,
              path: request.path,
              pathWithQuery: request.pathWithQuery,
              requestTime: request.headers['request-time'],
              traceId: request.headers['trace-id'],
              body: request.body,
              headers: request.headers,
              loginToken: deps.loginToken(),
            }),
          // Key generation for a login may take up to 8 s in the worker.
          hasBody ? { timeoutMs: LOGIN_TIMEOUT_MS } : undefined,
        )
        .catch(() => null);
      if (!prepared) {
        // A body never goes unchecked; a read goes unsigned.
        if (hasBody) return { refused: true } as const;
        return { bodyText: undefined, headers: {} };
      }
      if (prepared.status === 'blocked') sendReports(prepared.reports);
      if (prepared.status !== 'ready') return { refused: true } as const;
      return { bodyText: prepared.bodyText, headers: prepared.headers };
    },

    inspect(reply: SignedReply) {
      const decision = decideSignFailure(policy, {
        now: deps.now(),
        networkError: false,
        code: reply.code,
        message: reply.message,
        signErrorHeader: reply.signError,
        keyId: reply.keyId,
        retriedAfterResync: reply.isRetry,
      });
      policy = decision.state;
      return carryOut(decision.actions, reply.code || reply.signError || '');
    },

    async afterLogin(userId: string) {
      await deps.crypto
        .call<unknown>((api) => api.afterLogin({ loginToken: deps.loginToken(), userId }))
        .catch(() => undefined);
    },

    state: () => setup ?? Promise.resolve(null),
  };
}
