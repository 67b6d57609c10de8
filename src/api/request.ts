import { ofetch } from 'ofetch';
import { ClockOffset } from '../../engine/rules/clock-offset';
import { classifyReply, httpFailureText } from '../../engine/rules/reply';
import { needsRiskToken, RISK_TOKEN_REFUSED_CODE } from '../../engine/rules/risk-token';
import type { ForwardedRequest, ForwardFailure } from '../../engine/rules/bridge';
import { CACHED_AT_HEADER } from '../../engine/rules/storage-areas';
import { normalizeParams, type ParamValue } from '../../engine/rules/request-params';

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

function isForwardFailure(error: unknown): error is ForwardFailure {
  return typeof (error as Partial<ForwardFailure> | null)?.bridgeFailure === 'string';
}

const FORWARD_TEXT: Record<ForwardFailure['bridgeFailure'], RequestText> = {
  'callback-timeout': 'appCallbackTimeout',
  'request-timeout': 'appRequestTimeout',
  unsuccessful: 'appUnsuccessful',
  network: 'appNetwork',
  action: 'appAction',
};

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

/**
 * The gateway's code in a non-2xx reply's body (`{"code":"40920",…}`), so a caller can tell one refusal from another
 * with the same status; undefined when the body is not such a reply. The shown text stays spec §8's text for the status.
 */
function gatewayCodeOf(bodyText: string | undefined): string | undefined {
  if (!bodyText || bodyText.length > 65_536) return undefined;
  try {
    const code = (JSON.parse(bodyText) as { code?: unknown } | null)?.code;
    return typeof code === 'string' && /^\d{5}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** A reply's data, and when the service worker kept it if it answered offline (else null). */
export interface Reply<T> {
  data: T;
  cachedAt: number | null;
}

/**
 * The path and query as fetch will put them on the wire (`./` resolved, quotes and spaces escaped, no fragment), so
 * the signing layer signs exactly what the gateway receives (signing contract §4: "path with query exactly as sent").
 */
export function wireTarget(url: string): string {
  const parsed = new URL(url, 'http://wire.invalid');
  parsed.hash = '';
  return parsed.href.slice(parsed.origin.length);
}
const API_PREFIX = '/v1';
const USERINFO_PATH = '/user/overview/userinfo';
const LOGIN_EXPIRED_THROTTLE_MS = 2000;

/** Builds the one request layer of the app (spec §7.1, §5, §8) on a single `ofetch` instance. */
export function createRequestClient(env: RequestEnvironment) {
  const fetcher = ofetch.create({ baseURL: env.baseURL, retry: 0, ignoreResponseError: true, responseType: 'text' });
  const clock = new ClockOffset();
  const inFlight = new Map<string, AbortController>();
  let lastExpiredAt = Number.NEGATIVE_INFINITY;

  const fail = (
    kind: RequestErrorKind,
    message: string,
    silent: boolean,
    extra: { status?: number; code?: string } = {},
  ) => {
    const shown = !silent && kind !== 'cancelled' && message !== '';
    if (shown) env.notify(message);
    return new RequestError(kind, message, { ...extra, shown });
  };

  function riskHeader(fullPath: string): Record<string, string> {
    const token = needsRiskToken(fullPath) ? env.riskToken?.() : null;
    return token ? { 'risk-token': token } : {};
  }

  function outgoing(
    path: string,
    method: HttpMethod,
    options: RequestOptions,
  ): {
    intercepted: boolean;
    url: string;
    path: string;
    body: Record<string, unknown> | undefined;
    headers: Record<string, string>;
  } {
    // Spec §5: only paths starting with '/' are intercepted; anything else goes out untouched.
    if (!path.startsWith('/'))
      return { intercepted: false, url: path, path, body: undefined, headers: options.headers ?? {} };
    const params = normalizeParams({ ...(options.params ?? {}) });
    if (!('languageType' in params)) params.languageType = env.languageType();
    const h = env.headers();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      terminaltype: '1',
      terminalCode: h.terminalCode,
      appTheme: h.appTheme,
      devicelanguage: h.devicelanguage,
      locale: h.locale,
      language: h.language,
      'request-time': String(Math.round(env.now() + clock.offset)),
      'trace-id': env.randomHex(16),
      ...(env.isBeta ? { beta: 'true' } : {}),
      ...riskHeader(API_PREFIX + path),
      ...options.headers,
    };
    const target = wireTarget(API_PREFIX + path);
    const [bare, given = ''] = target.split('?');
    if (method !== 'GET') return { intercepted: true, url: target, path: bare, body: params, headers };
    // The query string is built here, not by ofetch, so what is signed is byte for byte what is sent.
    const query = new URLSearchParams(given);
    for (const [name, value] of Object.entries({ ...params, _t: env.now() })) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        query.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    }
    return { intercepted: true, url: `${bare}?${query}`, path: bare, body: undefined, headers };
  }

  /**
   * One call and where its reply came from: `cachedAt` is when the service worker kept the reply it answered with
   * while the network was away (its `x-cached-at`, ms), null for a reply from the server.
   */
  async function requestReply<T>(
    path: string,
    options: RequestOptions = {},
    isRetry = false,
    isRiskRetry = false,
  ): Promise<Reply<T>> {
    const method = options.method ?? 'GET';
    const silent = options.silent ?? false;
    let out: ReturnType<typeof outgoing>;
    try {
      out = outgoing(path, method, options);
    } catch (error) {
      throw fail('bad-reply', String((error as Error).message), true);
    }

    let bodyText = out.body === undefined ? undefined : JSON.stringify(out.body);
    let headers = out.headers;
    if (out.intercepted && env.security && !options.unsigned) {
      const prepared = await env.security.prepare({
        method,
        path: out.path,
        pathWithQuery: out.url,
        headers,
        body: out.body,
      });
      // Spec §4: when encryption cannot be set up, a sensitive field is never sent in clear.
      if ('refused' in prepared) throw fail('security', env.text('secureFailed'), silent);
      bodyText = method === 'GET' ? undefined : prepared.bodyText;
      headers = { ...headers, ...prepared.headers };
    }

    const controller = new AbortController();
    // Spec §4 "same method and URL": the URL as the caller wrote it, query included; the sent one differs by its `_t`.
    const key = `${method} ${path}`;
    if (options.ignoreCancel === false) {
      inFlight.get(key)?.abort();
      inFlight.set(key, controller);
    }
    // ofetch ignores its own timeout when a signal is given, so the timeout is one more signal here.
    const timeout = AbortSignal.timeout(options.timeout ?? REQUEST_TIMEOUT_MS);
    const signal = AbortSignal.any([controller.signal, timeout, ...(options.signal ? [options.signal] : [])]);

    const sentAt = env.now();
    const sentUnder = env.sessionMark?.() ?? null;
    let response: Pick<Awaited<ReturnType<typeof fetcher.raw<string>>>, 'status' | 'headers' | '_data'>;
    const forwarded =
      out.intercepted && env.forward ? await forwardThroughApp(method, out, bodyText, headers, silent) : null;
    if (forwarded) response = forwarded;
    else
      try {
        response = await fetcher.raw<string>(out.url, { method, body: bodyText, headers, signal });
      } catch {
        if (timeout.aborted) throw fail('timeout', env.text('timeout'), silent);
        if (controller.signal.aborted || options.signal?.aborted) throw fail('cancelled', '', true);
        throw fail('network', env.text('network'), silent);
      } finally {
        if (inFlight.get(key) === controller) inFlight.delete(key);
      }

    const serverTime = Number(response.headers.get('request-time'));
    if (method === 'POST' && Number.isFinite(serverTime) && serverTime > 0) {
      clock.add({ sentAt, rtt: env.now() - sentAt, serverTime });
    }

    if (response.status < 200 || response.status >= 300) {
      const text = httpFailureText(response.status);
      throw fail('http', env.text(text, { status: response.status }), silent, {
        status: response.status,
        code: gatewayCodeOf(response._data),
      });
    }

    let body: unknown;
    try {
      body = response._data ? JSON.parse(response._data) : undefined;
    } catch {
      throw fail('bad-reply', env.text('badReply'), silent, { status: response.status });
    }
    if (body === undefined) throw fail('no-data', env.text('noData'), silent);

    if (out.intercepted && env.security && !options.unsigned && body !== null && typeof body === 'object') {
      const reply = body as { code?: unknown; msg?: unknown };
      const verdict = env.security.inspect({
        path: out.path,
        code: reply.code === undefined ? '' : String(reply.code),
        signError: response.headers.get('gateway-sign-error'),
        message: typeof reply.msg === 'string' ? reply.msg : '',
        keyId: headers['device-sign-key'] ?? null,
        isRetry,
      });
      if (verdict === 'retry' && !isRetry) {
        // 00022: our clock drifted. Trust this reply's time alone, then resend once with a fresh time and signature.
        clock.reset();
        if (Number.isFinite(serverTime) && serverTime > 0) clock.add({ sentAt, rtt: env.now() - sentAt, serverTime });
        return requestReply<T>(path, options, true, isRiskRetry);
      }
      if (verdict !== 'pass')
        throw fail('security', typeof reply.msg === 'string' ? reply.msg : env.text('unknow'), true, {
          code: String(reply.code ?? ''),
        });
    }

    if (
      !isRiskRetry &&
      out.intercepted &&
      env.renewRiskToken &&
      needsRiskToken(out.path) &&
      (body as { code?: unknown } | null)?.code === RISK_TOKEN_REFUSED_CODE
    ) {
      // A token is bound to the address it was issued to: after a network change the one held is refused. One fresh
      // token and one resend, never more; the caller, and the form the user filled in, only see the resend's outcome.
      const sent = headers['risk-token'] ?? null;
      const fresh = await env.renewRiskToken(sent);
      if (fresh && fresh !== sent) return requestReply<T>(path, options, isRetry, true);
    }

    const outcome = classifyReply(body, { resolvesSessionNotice: path.split('?')[0] === USERINFO_PATH });
    switch (outcome.kind) {
      case 'ok': {
        const kept = Number(response.headers.get(CACHED_AT_HEADER) ?? Number.NaN);
        return { data: outcome.data as T, cachedAt: Number.isFinite(kept) ? kept : null };
      }
      case 'login-expired': {
        // Sent before this page signed in anew (or switched): its old session ended, the page's present one did not.
        const heldNow = env.sessionMark?.() ?? null;
        if (heldNow !== null && heldNow !== sentUnder) throw fail('login-expired', '', true, { code: outcome.code });
        // Many calls fail together when a session ends: one toast and one logout per 2 s.
        const now = env.now();
        const first = now - lastExpiredAt >= LOGIN_EXPIRED_THROTTLE_MS;
        if (first) {
          lastExpiredAt = now;
          env.onLoginExpired();
        }
        throw fail('login-expired', env.text('expired'), silent || !first, { code: outcome.code });
      }
      case 'session-notice':
        // Spec §8: the message is shown and the call resolves nothing; callers get a handled error.
        throw fail('session-notice', env.codeText?.(outcome.code) ?? outcome.message, silent, { code: outcome.code });
      case 'business-error':
        throw fail('business', env.codeText?.(outcome.code) ?? (outcome.message || env.text('unknow')), silent, {
          code: outcome.code,
        });
      case 'no-data':
        throw fail('no-data', env.text('noData'), silent);
      case 'bad-reply':
        throw fail('bad-reply', env.text('badReply'), silent);
    }
  }

  /**
   * Sends a request through the app (contracts/bridge.md §5): the app answers with the gateway's envelope, which is
   * then read exactly as a web reply is (a 200 with the envelope as its body); null when the app does not take it.
   * A failure is the bridge's own error, never retried on the web.
   */
  async function forwardThroughApp(
    method: HttpMethod,
    out: ReturnType<typeof outgoing>,
    bodyText: string | undefined,
    headers: Record<string, string>,
    silent: boolean,
  ): Promise<Pick<Awaited<ReturnType<typeof fetcher.raw<string>>>, 'status' | 'headers' | '_data'> | null> {
    const params: Record<string, unknown> =
      method === 'GET'
        ? Object.fromEntries(new URLSearchParams(out.url.split('?')[1] ?? ''))
        : bodyText === undefined
          ? {}
          : (JSON.parse(bodyText) as Record<string, unknown>);
    let answer: { envelope: unknown } | null;
    try {
      answer = (await env.forward?.({ requestId: env.randomHex(8), method, path: out.url, params, headers })) ?? null;
    } catch (error) {
      if (!isForwardFailure(error)) throw fail('network', env.text('network'), silent);
      const message =
        error.bridgeFailure === 'unsuccessful' && error.appMessage
          ? error.appMessage
          : env.text(FORWARD_TEXT[error.bridgeFailure]);
      throw fail('bridge', message, silent, { code: error.code });
    }
    if (!answer) return null;
    return {
      status: 200,
      headers: new Headers(),
      _data: answer.envelope === undefined ? undefined : JSON.stringify(answer.envelope),
    };
  }

  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
    (await requestReply<T>(path, options)).data;

  return {
    request,
    get: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
      request<T>(path, { ...options, method: 'GET' }),
    /** A GET that also tells whether the reply is the service worker's kept copy (offline), and from when. */
    getReply: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
      requestReply<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
      request<T>(path, { ...options, method: 'POST' }),
    clock,
  };
}

export type RequestClient = ReturnType<typeof createRequestClient>;
