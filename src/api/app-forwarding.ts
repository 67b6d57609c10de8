import type { ForwardFailure } from '../../engine/rules/bridge';
import type { Outgoing } from './outgoing-request';
import type { HttpMethod, RequestEnvironment, RequestError, RequestErrorKind, RequestText } from './request';

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

/** A reply as the request layer reads it, from the network or carried back by the app. */
export interface RawReply {
  status: number;
  headers: Headers;
  _data?: string;
}

/** How the request layer makes a failure: localized, toasted unless silent. */
export type FailWith = (
  kind: RequestErrorKind,
  message: string,
  silent: boolean,
  extra?: { status?: number; code?: string },
) => RequestError;

/**
 * Sends a request through the app (contracts/bridge.md §5): the app answers with the gateway's envelope, which is
 * then read exactly as a web reply is (a 200 with the envelope as its body); null when the app does not take it.
 * A failure is the bridge's own error, never retried on the web.
 */
export async function forwardThroughApp(
  env: RequestEnvironment,
  fail: FailWith,
  method: HttpMethod,
  out: Outgoing,
  bodyText: string | undefined,
  headers: Record<string, string>,
  silent: boolean,
): Promise<RawReply | null> {
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
