import { type ChildProcess, execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { type KeyCredentials, type Reply, signedHeaders } from '../api-keys/apikey-support';
import { firstLineOf, spawnMain } from '../support';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A gateway process (gateway/main.ts on a socket) and the address it listens on. */
export interface GatewayProcess {
  child: ChildProcess;
  url: string;
  /** Resolves once the process has exited, however it ends. */
  exited: Promise<void>;
}

/** The gateway processes a test started, so an afterEach can kill what a failed test left running. */
export const started: ChildProcess[] = [];

/** Kills (SIGKILL) every process a test started that is still running. */
export function killStarted(): void {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts gateway/main.ts over `dataDir` with the API's per-route limits (429) lifted, as most of these tests measure
 * what many requests at once do to the money, not the limits; `rateLimits: true` keeps them, as a deployment runs.
 */
export async function startGateway(dataDir: string, options: { rateLimits?: boolean } = {}): Promise<GatewayProcess> {
  const child = spawnMain(options.rateLimits ? { DATA_DIR: dataDir } : { DATA_DIR: dataDir, API_RATE_LIMITS: '0' });
  started.push(child);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const line = await firstLineOf(child);
  return { child, url: line.replace('Exchange client running at ', '').replace(/\/$/, ''), exited };
}

/** Stops a gateway as a shutdown would (SIGTERM) and waits for it to exit. */
export async function stopGateway(gateway: GatewayProcess): Promise<void> {
  gateway.child.kill('SIGTERM');
  await gateway.exited;
}

/** A key of the seeded demo account with `permissions`, made with the key CLI in the gateway's data directory. */
export async function createKey(dataDir: string, permissions: string[]): Promise<KeyCredentials> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'gateway/api-key-cli.ts',
      '--email',
      'demo@example.com',
      '--permissions',
      permissions.join(','),
      '--data-dir',
      dataDir,
    ],
    { cwd: ROOT },
  );
  return JSON.parse(stdout) as KeyCredentials;
}

/** What one request over the socket answered: the HTTP status and the JSON reply. */
export interface SocketReply {
  status: number;
  reply: Reply;
}

/** A client library's signed requests over the socket; every request a fresh millisecond (no replay refusals). */
export function socketClient(url: string, key: KeyCredentials) {
  let last = 0;
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<SocketReply> => {
    last = Math.max(Date.now(), last + 1);
    const text = body === undefined ? undefined : JSON.stringify(body);
    const response = await fetch(`${url}${path}`, {
      method,
      headers: signedHeaders(key, { method, path, body: text, timestamp: last }),
      body: text,
    });
    return { status: response.status, reply: (await response.json()) as Reply };
  };
  return {
    get: (path: string, query: Record<string, string> = {}) => {
      const search = new URLSearchParams(query).toString();
      return send('GET', search ? `${path}?${search}` : path);
    },
    post: (path: string, body: unknown) => send('POST', path, body),
  };
}

/** A socket client of one key. */
export type SocketClient = ReturnType<typeof socketClient>;

/** Opens the gateway's database read-only (after the gateway has stopped) for `read`, and closes it. */
export function readDatabase<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(`${dataDir}/gateway.db`, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
