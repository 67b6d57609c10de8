// Global setup of the browser project: a real gateway (market simulator and public stream) in this Node process, for
// tests that run the market worker against a real stream. Its WebSocket URL, and a small control endpoint that cuts
// every stream connection server side (to prove reconnects), are handed to the tests with `provide`/`inject`.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import type { TestProject } from 'vitest/node';
import { startGateway } from '../../gateway/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `ws://127.0.0.1:<port>/v2/ws/public` of the test gateway. */
    marketWsUrl: string;
    /** `http://127.0.0.1:<port>`: `POST /drop-streams` closes every stream connection from the server side. */
    marketControlUrl: string;
    /** The test gateway's extra image hosts (local mode): the first answers at once, the second 300 ms later. */
    imageHosts: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'browser-gateway-'));
  // A brisk market: a step every 50 ms, each a book update and trades at once, so messages outnumber frames.
  const gateway = await startGateway({ port: 0, dataDir, logLevel: 'silent', simulatorSeed: 11, marketStepMs: 50 });
  // The stream's sockets, seen through the same upgrade event the stream handles, so a test can cut them.
  const streamSockets = new Set<Duplex>();
  gateway.server.on('upgrade', (_request, socket: Duplex) => {
    streamSockets.add(socket);
    socket.once('close', () => streamSockets.delete(socket));
  });
  const control: Server = createServer((request, response) => {
    // The test page has another origin (Vitest's server); this endpoint only exists in tests.
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'POST' && request.url === '/drop-streams') {
      const dropped = streamSockets.size;
      for (const socket of streamSockets) socket.destroy();
      streamSockets.clear();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ dropped }));
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as AddressInfo;
  project.provide('marketWsUrl', `${gateway.url.replace(/^http/, 'ws')}/v2/ws/public`);
  project.provide('marketControlUrl', `http://127.0.0.1:${port}`);
  project.provide(
    'imageHosts',
    gateway.images.ports().map((imagePort) => `http://127.0.0.1:${imagePort}`),
  );
  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
