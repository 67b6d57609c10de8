import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCAL_MODE_WARNING } from '../../../gateway/local-mode';
import { startGateway } from '../../../gateway/server';
import { firstLineOf, requestTime, runMain, tempDir } from './support';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('startGateway', () => {
  it('serves over a real socket on a free port and closes cleanly', async () => {
    const dir = tempDir();
    const gateway = await startGateway({
      port: 0,
      dataDir: dir.path,
      logLevel: 'silent',
      simulatorSeed: 3,
      marketStepMs: 20,
    });
    try {
      expect(gateway.url).toBe(`http://127.0.0.1:${gateway.port}`);
      const res = await fetch(`${gateway.url}/v1/public/time`);
      expect(res.status).toBe(200);
      expect(requestTime(res)).toBeGreaterThan(0);
      const before = gateway.simulator.getBook('SPOT', 'BTCUSDT', 1)!.seq;
      await new Promise((r) => setTimeout(r, 120));
      expect(gateway.simulator.getBook('SPOT', 'BTCUSDT', 1)!.seq).toBeGreaterThan(before); // the timer steps the market
    } finally {
      await gateway.close();
      await gateway.close(); // twice is harmless
      dir.remove();
    }
    expect(gateway.db.open).toBe(false);
    await expect(fetch(`${gateway.url}/v1/public/time`)).rejects.toThrow();
  });

  it('fails to start on a port in use, without leaving the database open', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const dir = tempDir();
    try {
      await expect(startGateway({ port, dataDir: dir.path, logLevel: 'silent' })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      blocker.close();
      dir.remove();
    }
  });
});

describe('gateway/main.ts', () => {
  it('prints one URL line, serves, and exits 0 on SIGTERM', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dir.path,
        DIST_DIR: dir.path,
        LOG_LEVEL: 'silent',
        HOST: '',
        GATEWAY_LOCAL_MODE: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    try {
      const firstLine = await firstLineOf(child);
      expect(firstLine).toMatch(/^Exchange client running at http:\/\/127\.0\.0\.1:\d+\/$/);
      const url = firstLine.replace('Exchange client running at ', '');
      expect((await fetch(`${url}v1/public/time`)).status).toBe(200);
      // Local mode is on by default on loopback, and says so in one line.
      expect(errors.trim().split('\n')).toEqual([LOCAL_MODE_WARNING]);
      const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      dir.remove();
    }
  }, 20_000);

  it('refuses to start in local mode on an address other machines can reach, unless asked for', async () => {
    const dir = tempDir();
    try {
      const refused = await runMain({ HOST: '0.0.0.0', DATA_DIR: dir.path, GATEWAY_LOCAL_MODE: '' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^Gateway failed to start: HOST 0\.0\.0\.0 is not a loopback address.*GATEWAY_LOCAL_MODE=0/,
      );
      expect(refused.stdout).toBe('');
    } finally {
      dir.remove();
    }
  }, 20_000);
});
