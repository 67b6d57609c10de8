import type { ForwardedRequest } from '../../engine/rules/bridge';
import type { ParamValue } from '../../engine/rules/request-params';

/** The spec §8 texts the request layer shows, by their locale keys. */
export type RequestText =
  | 'timeout'
  | 'expired'
  | 'unknow'
  | 'notfound'
  | 'forbidden'
  | 'status'
  | 'network'
  | 'noData'
  | 'badReply'
  | 'secureFailed'
  | 'appCallbackTimeout'
  | 'appRequestTimeout'
  | 'appUnsuccessful'
  | 'appNetwork'
  | 'appAction';

/** What the request layer reads from the page; injected so tests run it in Node against a real gateway. */
export interface RequestEnvironment {
  baseURL: string;
  isBeta: boolean;
  /** Per-request header values of spec §7.1. */
  headers(): {
    terminalCode: string;
    appTheme: 'standard' | 'dark';
    devicelanguage: string;
    locale: string;
    language: string;
  };
  languageType(): number;
  now(): number;
  randomHex(bytes: number): string;
  text(key: RequestText, params?: Record<string, string | number>): string;
  notify(message: string): void;
  onLoginExpired(): void;
  /**
   * The login token of the session this page holds (readable, unlike `sid`), or null: a `20906` reply to a request
   * sent under another token is about a session a sign-in or an account switch has replaced since, not this one.
   */
  sessionMark?(): string | null;
  /** The risk-control token for the endpoints of spec §7.6, when one is held. */
  riskToken?(): string | null;
  /**
   * After the gateway refused the risk token sent (`40140`), fetches a fresh one: the new token, or null when none
   * came. The refused call is then sent once more with it; without this hook the refusal reaches the caller.
   */
  renewRiskToken?(refused: string | null): Promise<string | null>;
  security?: RequestSecurity;
  /** A localized text for a known business code, preferred over the server's own message (spec §8: errors shown localized). */
  codeText?(code: string): string | null;
  /**
   * Inside the native app (contracts/bridge.md §5): sends the request through the app and answers with the
   * gateway's envelope it carried back; null when this page is not in an app that takes `request` (then it is
   * fetched). Throws a {@link ForwardFailure} when the app was asked and failed.
   */
  forward?(request: ForwardedRequest): Promise<{ envelope: unknown } | null>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as it will leave, for the signing layer to encrypt or sign (signing contract §3–§5). */
export interface OutgoingRequest {
  method: HttpMethod;
  /** Path with the `/v1` prefix, without the query. */
  path: string;
  /** Path and query exactly as sent. */
  pathWithQuery: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** A reply as the signing layer sees it. */
export interface SignedReply {
  path: string;
  code: string;
  signError: string | null;
  message: string;
  /** The `device-sign-key` the request carried, if any. */
  keyId: string | null;
  /** True when this reply answers the resend after a clock resync. */
  isRetry: boolean;
}

/** The signing layer's hooks; absent in tests of the plain request layer. */
export interface RequestSecurity {
  /** Returns the body text and extra headers to send, or a refusal (a sensitive field would go out in clear). */
  prepare(
    request: OutgoingRequest,
  ): Promise<{ bodyText: string | undefined; headers: Record<string, string> } | { refused: true }>;
  /**
   * Sees every reply's code and `gateway-sign-error` header: `pass` lets the reply through, `handled` means a
   * signing failure was shown, `retry` asks for one resend after the clock was resynced (signing contract §6).
   */
  inspect(reply: SignedReply): 'pass' | 'handled' | 'retry';
}

export interface RequestOptions {
  method?: HttpMethod;
  params?: Record<string, ParamValue>;
  headers?: Record<string, string>;
  /** Spec §4: on by default; when off, a newer request with the same method and URL (path and its query) cancels this one. */
  ignoreCancel?: boolean;
  /** Do not toast failures (the caller shows its own state). */
  silent?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  /** Bypasses the signing hooks: only for the signing layer's own calls (its config and reports). */
  unsigned?: boolean;
}

export type RequestErrorKind =
  | 'http'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'business'
  | 'login-expired'
  | 'session-notice'
  | 'no-data'
  | 'bad-reply'
  | 'security'
  /** Inside the app: the forwarding through the bridge failed (spec §8's bridge errors). */
  | 'bridge';

/** A failed call: `message` is already localized; `shown` tells whether it was toasted. */
export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly details: { status?: number; code?: string; shown: boolean },
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export const REQUEST_TIMEOUT_MS = 10_000;

/** A reply's data, and when the service worker kept it if it answered offline (else null). */
export interface Reply<T> {
  data: T;
  cachedAt: number | null;
}
