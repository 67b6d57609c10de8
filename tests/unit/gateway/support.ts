import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Hono } from 'hono';
import { createApp } from '../../../gateway/app';
import { openDatabase } from '../../../gateway/open-database';
import type { GatewayEnv } from '../../../gateway/http/gateway-env';
import { createLogger } from '../../../gateway/log/logger';
import { MarketSimulator } from '../../../gateway/market/simulator';
import { loadSigning, type Signing } from '../../../gateway/security/signing-setup';

/** A fixed start time so simulator output does not depend on the wall clock. */
export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

/** Makes a fresh temporary directory and returns it with a remover. */
export function tempDir(prefix = 'gateway-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** An app over a temp database and a seeded simulator, with no socket; `close()` removes everything. */
export interface TestApp {
  app: Hono<GatewayEnv>;
  db: Database;
  simulator: MarketSimulator;
  close: () => void;
}

/** Builds a test app; `faults` and `distDir` pass through to createApp. */
export function makeTestApp(options: { faults?: boolean; distDir?: string } = {}): TestApp {
  const dir = tempDir();
  const db = openDatabase(dir.path);
  const simulator = new MarketSimulator({ seed: 7, nowMs: T0 });
  const app = createApp({ db, simulator, logger: createLogger('silent'), signing: testSigning(), ...options });
  return {
    app,
    db,
    simulator,
    close: () => {
      if (db.open) db.close();
      dir.remove();
    },
  };
}

let signing: Signing | undefined;

/** One signing identity per test process (RSA key generation is slow), with its root in a temp dir. */
export function testSigning(): Signing {
  if (!signing) {
    const dir = tempDir('gateway-signing-');
    signing = loadSigning({ dataDir: dir.path, devRootDir: dir.path });
  }
  return signing;
}

/** Asserts-friendly view of a request-time header: the number, or NaN when absent or not all digits. */
export function requestTime(response: Response): number {
  const value = response.headers.get('request-time') ?? '';
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** A browser's cookies for one origin: name → value. */
export type CookieJar = Map<string, string>;

/** The `Cookie` header a jar sends (empty when it holds nothing). */
export function cookieHeader(jar: CookieJar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Follows a response's Set-Cookie lines as a browser would: stores what it sets, drops what it expires. */
export function followSetCookies(jar: CookieJar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const name = pair!.slice(0, pair!.indexOf('='));
    const value = pair!.slice(pair!.indexOf('=') + 1);
    if (/max-age=0/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** The first line a started gateway process writes to stdout (its address); rejects if it exits first. */
export function firstLineOf(child: {
  stdout: Readable;
  on(event: 'exit', listener: (code: number | null) => void): unknown;
}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
}

/** The repository's root, where gateway/main.ts runs. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts gateway/main.ts on a free port, quiet, with every setting the tests care about unset unless given. */
export function spawnMain(env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '',
      DIST_DIR: '',
      GATEWAY_LOCAL_MODE: '',
      TLS_CERT_FILE: '',
      TLS_KEY_FILE: '',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs gateway/main.ts until it exits (or prints its URL, then stops it), with extra settings. */
export async function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnMain(env);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('\n')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}
