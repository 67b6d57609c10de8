import { ofetch } from 'ofetch';
import { ClockOffset } from '../../engine/rules/clock-offset';
import { classifyReply, httpFailureText } from '../../engine/rules/reply';
import { needsRiskToken, RISK_TOKEN_REFUSED_CODE } from '../../engine/rules/risk-token';
import { CACHED_AT_HEADER } from '../../engine/rules/storage-areas';
import { forwardThroughApp, type RawReply } from './app-forwarding';
import { buildOutgoing, type Outgoing } from './outgoing-request';
import {
  type Reply,
  REQUEST_TIMEOUT_MS,
  RequestError,
  type RequestEnvironment,
  type RequestErrorKind,
  type RequestOptions,
} from './request';

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
    let out: Outgoing;
    try {
      out = buildOutgoing(env, clock.offset, path, method, options);
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
    let response: RawReply;
    const forwarded =
      out.intercepted && env.forward
        ? await forwardThroughApp(env, fail, method, out, bodyText, headers, silent)
        : null;
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
      case 'timed-out':
        // Spec §8: result code 401 is a time-out, whatever message came with it.
        throw fail('timeout', env.text('timeout'), silent, { code: outcome.code });
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
