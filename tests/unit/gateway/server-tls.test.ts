import { writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { type ClientHttp2Session, connect } from 'node:http2';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loopbackTlsCertificate, type TlsPem } from '../../../gateway/dev/tls-certificate';
import { type RunningGateway, startGateway } from '../../../gateway/server';
import { firstLineOf, runMain, spawnMain, tempDir } from './support';

const TICKER = { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' };

let tls: TlsPem;
let dir: ReturnType<typeof tempDir>;
let gateway: RunningGateway;

beforeAll(async () => {
  tls = loopbackTlsCertificate();
  dir = tempDir('gateway-tls-');
  gateway = await startGateway({ port: 0, dataDir: dir.path, logLevel: 'silent', simulatorSeed: 5, tls });
});
afterAll(async () => {
  await gateway?.close();
  dir?.remove();
});

/** One HTTP/2 request on a session: its status, headers and body text. */
function h2Get(
  session: ClientHttp2Session,
  path: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = session.request({ ':path': path, accept: 'application/json' });
    let status = 0;
    let body = '';
    let headers: Record<string, unknown> = {};
    request.on('response', (received) => {
      status = Number(received[':status']);
      headers = received;
    });
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve({ status, body, headers }));
    request.on('error', reject);
  });
}

function h2Connect(url: string, ca?: string): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connect(url, ca ? { ca } : {});
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

/** An HTTP/1.1 GET over TLS: status, the negotiated protocol and the body. */
function https11Get(url: string, ca?: string): Promise<{ status: number; alpn: string | false; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(url, { ca, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, alpn: (res.socket as TLSSocket).alpnProtocol ?? false, body }),
      );
    });
    request.on('error', reject);
  });
}

function openSocket(url: string, ca: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { ca });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The first JSON message a socket receives that matches. */
function nextMessage(
  ws: WebSocket,
  match: (message: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching message within 5 s')), 5000);
    const onMessage = (data: Buffer) => {
      const text = data.toString('utf8');
      if (text === 'pong') return;
      const message = JSON.parse(text) as Record<string, unknown>;
      if (!match(message)) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(message);
    };
    ws.on('message', onMessage);
  });
}

describe('startGateway with tls', () => {
  it('names an https URL', () => {
    expect(gateway.url).toBe(`https://127.0.0.1:${gateway.port}`);
  });

  it('serves an HTTP/2 client that trusts the certificate', async () => {
    const session = await h2Connect(gateway.url, tls.cert);
    try {
      expect(session.alpnProtocol).toBe('h2');
      const reply = await h2Get(session, '/api/v2/public/time');
      expect(reply.status).toBe(200);
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const body = JSON.parse(reply.body) as { code: string; data: { serverTime: string } };
      expect(body.code).toBe('00000');
      expect(Math.abs(Number(body.data.serverTime) - Date.now())).toBeLessThan(60_000);
      // Several requests share the one connection.
      const replies = await Promise.all([h2Get(session, '/v1/public/time'), h2Get(session, '/api/v2/public/time')]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
    } finally {
      session.close();
    }
  });

  it('serves an HTTP/1.1 client too', async () => {
    const reply = await https11Get(`${gateway.url}/api/v2/public/time`, tls.cert);
    expect(reply.status).toBe(200);
    expect(reply.alpn).not.toBe('h2');
    expect((JSON.parse(reply.body) as { code: string }).code).toBe('00000');
  });

  it('opens the public stream over wss and answers a subscribe', async () => {
    const ws = await openSocket(`${gateway.url.replace('https', 'wss')}/v2/ws/public`, tls.cert);
    try {
      const ack = nextMessage(ws, (m) => m.event === 'subscribe');
      const snapshot = nextMessage(ws, (m) => m.action === 'snapshot');
      ws.send(JSON.stringify({ op: 'subscribe', args: [TICKER] }));
      expect((await ack).arg).toEqual(TICKER);
      expect((await snapshot).arg).toMatchObject(TICKER);
    } finally {
      ws.terminate();
    }
  });

  it('is refused by clients that do not trust its certificate', async () => {
    await expect(https11Get(`${gateway.url}/api/v2/public/time`)).rejects.toMatchObject({
      code: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/),
    });
    await expect(h2Connect(gateway.url)).rejects.toMatchObject({
      code: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/),
    });
    const other = loopbackTlsCertificate();
    await expect(openSocket(`${gateway.url.replace('https', 'wss')}/v2/ws/public`, other.cert)).rejects.toMatchObject({
      code: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT|SIGNATURE/),
    });
  });

  it('closes promptly with an HTTP/2 session and a WebSocket still open', async () => {
    const own = tempDir('gateway-tls-close-');
    const running = await startGateway({ port: 0, dataDir: own.path, logLevel: 'silent', simulatorSeed: 6, tls });
    try {
      const session = await h2Connect(running.url, tls.cert);
      expect((await h2Get(session, '/api/v2/public/time')).status).toBe(200);
      const sessionClosed = new Promise<void>((resolve) => session.once('close', () => resolve()));
      session.on('error', () => undefined);
      const ws = await openSocket(`${running.url.replace('https', 'wss')}/v2/ws/public`, tls.cert);
      const wsClosed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
      ws.on('error', () => undefined);

      const started = Date.now();
      await running.close();
      expect(Date.now() - started).toBeLessThan(10_000);
      await Promise.all([sessionClosed, wsClosed]);
      expect(running.db.open).toBe(false);
      await expect(h2Connect(running.url, tls.cert)).rejects.toThrow();
    } finally {
      await running.close();
      own.remove();
    }
  });
});

/** Whether a gateway's close() resolves within `ms` (it is not awaited beyond that). */
async function closesWithin(running: RunningGateway, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const closed = await Promise.race([running.close().then(() => true as const), late]);
  clearTimeout(timer);
  return closed;
}

// The gateway tracks a TLS server's sockets from the TCP connection on: a handshake under way or a session that has
// not asked anything yet must not hold close() open (for a silent socket, the 120 s handshake timeout). "Promptly" is
// within 10 s: far from that timeout, and safe on a loaded machine.
describe('startGateway with tls, closing during a handshake', () => {
  it('closes promptly with an HTTP/2 client that has only just connected', async () => {
    const own = tempDir('gateway-tls-close-');
    const running = await startGateway({ port: 0, dataDir: own.path, logLevel: 'silent', simulatorSeed: 6, tls });
    const session = connect(running.url, { ca: tls.cert });
    session.on('error', () => undefined);
    try {
      await new Promise<void>((resolve) => session.once('connect', () => resolve()));
      expect(await closesWithin(running, 10_000)).toBe(true);
    } finally {
      session.destroy();
      await running.close();
      own.remove();
    }
  });

  it('closes promptly with a connection that has not begun its TLS handshake', async () => {
    const own = tempDir('gateway-tls-close-');
    const running = await startGateway({ port: 0, dataDir: own.path, logLevel: 'silent', simulatorSeed: 6, tls });
    const socket = tcpConnect(running.port, '127.0.0.1');
    socket.on('error', () => undefined);
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await closesWithin(running, 10_000)).toBe(true);
    } finally {
      socket.destroy();
      await running.close();
      own.remove();
    }
  });
});

describe('gateway/main.ts with TLS files', () => {
  it('refuses a certificate without its key, and a key without its certificate', async () => {
    const files = tempDir('gateway-tls-files-');
    try {
      writeFileSync(join(files.path, 'cert.pem'), tls.cert);
      writeFileSync(join(files.path, 'key.pem'), tls.key);
      const alone: Record<string, string>[] = [
        { TLS_CERT_FILE: join(files.path, 'cert.pem') },
        { TLS_KEY_FILE: join(files.path, 'key.pem') },
      ];
      for (const env of alone) {
        const run = await runMain({ DATA_DIR: files.path, ...env });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('Gateway failed to start: TLS_CERT_FILE and TLS_KEY_FILE go together');
        expect(run.stdout).toBe('');
      }
    } finally {
      files.remove();
    }
  }, 30_000);

  it('serves https with both files', async () => {
    const files = tempDir('gateway-tls-files-');
    writeFileSync(join(files.path, 'cert.pem'), tls.cert);
    writeFileSync(join(files.path, 'key.pem'), tls.key);
    const child = spawnMain({
      DATA_DIR: files.path,
      TLS_CERT_FILE: join(files.path, 'cert.pem'),
      TLS_KEY_FILE: join(files.path, 'key.pem'),
    });
    try {
      const firstLine = await firstLineOf(child);
      expect(firstLine).toMatch(/^Exchange client running at https:\/\/127\.0\.0\.1:\d+\/$/);
      const url = firstLine.replace('Exchange client running at ', '');
      expect((await https11Get(`${url}api/v2/public/time`, tls.cert)).status).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      files.remove();
    }
  }, 30_000);
});
