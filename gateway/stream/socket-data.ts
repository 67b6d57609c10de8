import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData } from 'ws';

/** The path of an upgrade request, without its query. */
export function pathOf(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The size in bytes of a message as the socket library hands it over (a buffer, an array of them, an ArrayBuffer). */
export function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, chunk) => sum + chunk.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** A message as text (UTF-8). */
export function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return data instanceof ArrayBuffer ? Buffer.from(data).toString('utf8') : data.toString('utf8');
}

/** What an `upgrade` listener attaches to: the gateway's HTTP/1.1 or HTTP/2 server. */
interface UpgradeSource {
  on(event: 'upgrade', listener: (request: IncomingMessage, socket: Duplex) => void): unknown;
  off(event: 'upgrade', listener: (request: IncomingMessage, socket: Duplex) => void): unknown;
}

/**
 * Answers 404 to a WebSocket upgrade on any path but `paths` (the streams', each of which takes only its own), so an
 * unknown one is refused rather than left hanging. Returns the function that detaches it.
 */
export function refuseOtherUpgrades(server: UpgradeSource, paths: readonly string[]): () => void {
  const onUpgrade = (request: IncomingMessage, socket: Duplex) => {
    if (paths.includes(pathOf(request))) return;
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.on('upgrade', onUpgrade);
  return () => server.off('upgrade', onUpgrade);
}
