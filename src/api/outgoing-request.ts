import { needsRiskToken } from '../../engine/rules/risk-token';
import { normalizeParams } from '../../engine/rules/request-params';
import type { HttpMethod, RequestEnvironment, RequestOptions } from './request';

export const API_PREFIX = '/v1';

/**
 * The path and query as fetch will put them on the wire (`./` resolved, quotes and spaces escaped, no fragment), so
 * the signing layer signs exactly what the gateway receives (signing contract §4: "path with query exactly as sent").
 */
export function wireTarget(url: string): string {
  const parsed = new URL(url, 'http://wire.invalid');
  parsed.hash = '';
  return parsed.href.slice(parsed.origin.length);
}

/** A call as it will leave: its URL, the `/v1` path it names, its body (non-GET) and its headers. */
export interface Outgoing {
  /** False for a path that does not start with `/`: it goes out untouched, neither signed nor forwarded. */
  intercepted: boolean;
  url: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

function riskHeader(env: RequestEnvironment, fullPath: string): Record<string, string> {
  const token = needsRiskToken(fullPath) ? env.riskToken?.() : null;
  return token ? { 'risk-token': token } : {};
}

/**
 * Builds a call (spec §7.1): the headers every call carries, the server-corrected `request-time`, and for a GET the
 * query string, built here rather than by ofetch so that what is signed is byte for byte what is sent.
 */
export function buildOutgoing(
  env: RequestEnvironment,
  clockOffset: number,
  path: string,
  method: HttpMethod,
  options: RequestOptions,
): Outgoing {
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
    'request-time': String(Math.round(env.now() + clockOffset)),
    'trace-id': env.randomHex(16),
    ...(env.isBeta ? { beta: 'true' } : {}),
    ...riskHeader(env, API_PREFIX + path),
    ...options.headers,
  };
  const target = wireTarget(API_PREFIX + path);
  const [bare = '', given = ''] = target.split('?');
  if (method !== 'GET') return { intercepted: true, url: target, path: bare, body: params, headers };
  const query = new URLSearchParams(given);
  for (const [name, value] of Object.entries({ ...params, _t: env.now() })) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      query.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return { intercepted: true, url: `${bare}?${query}`, path: bare, body: undefined, headers };
}
