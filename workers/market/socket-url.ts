/** Path of the public market stream on the gateway (market-data contract, WebSocket). */
export const PUBLIC_STREAM_PATH = '/v2/ws/public';

/** The public stream URL of the page's own origin: `ws(s)://host/v2/ws/public` (ARCHITECTURE principle 5: one origin). */
export function publicSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${PUBLIC_STREAM_PATH}`;
}

/** Checks a stream URL a caller passes: an absolute `ws:` or `wss:` URL without credentials; returns it normalised. */
export function checkSocketUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048)
    throw new TypeError('socketUrl must be a ws: or wss: URL string');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`socketUrl must be an absolute ws: or wss: URL, got ${JSON.stringify(value.slice(0, 80))}`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    throw new TypeError(`socketUrl must use ws: or wss:, got ${url.protocol}`);
  if (url.username || url.password) throw new TypeError('socketUrl must not carry credentials');
  return url.href;
}
