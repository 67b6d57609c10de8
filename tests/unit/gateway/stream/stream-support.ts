import type { Database } from 'better-sqlite3';
import { WebSocket } from 'ws';
import { NO_REFERRAL } from '../../../../gateway/auth/auth-fields';
import { hashPassword } from '../../../../gateway/auth/password-hash';
import { createUserStore } from '../../../../gateway/auth/user-store';
import { type GatewayOptions, type RunningGateway, startGateway } from '../../../../gateway/server';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { TEST_SCRYPT } from '../auth/auth-support';
import { tempDir } from '../support';

/** A subscription arg as the stream names it. */
export interface Arg {
  instType: string;
  channel: string;
  instId: string;
}

/** One message the client received: `pong`, an event, or a push, with the fields a test looks at. */
export interface Received {
  index: number;
  text: string;
  event?: string;
  action?: 'snapshot' | 'update';
  arg?: Arg;
  data?: unknown[];
  code?: number;
  msg?: string;
  op?: string;
  ts?: number;
}

/** A running gateway for stream tests, with its temp directory removed on close. */
export interface StreamGateway {
  gateway: RunningGateway;
  wsUrl: string;
  close(): Promise<void>;
}

/** Starts a real gateway on a free port with a fixed seed; `options` override the market pace and stream limits. */
export async function startStreamGateway(options: Partial<GatewayOptions> = {}): Promise<StreamGateway> {
  const dir = tempDir();
  const gateway = await startGateway({ port: 0, dataDir: dir.path, logLevel: 'silent', simulatorSeed: 11, ...options });
  return {
    gateway,
    wsUrl: `${gateway.url.replace('http', 'ws')}/v2/ws/public`,
    close: async () => {
      await gateway.close();
      dir.remove();
    },
  };
}

/** The simulated instruments, as the stream names them (instType, instId). */
export const INSTRUMENTS: ReadonlyArray<readonly [instType: string, instId: string]> = DEFAULT_INSTRUMENTS.map(
  (spec) => [spec.instType, spec.symbol] as const,
);

/** True when a message is a push of exactly this arg. */
export function isPushOf(message: Received, arg: Arg): boolean {
  return message.action !== undefined && sameArg(message.arg, arg);
}

/** True when both args name the same channel. */
export function sameArg(a: Arg | undefined, b: Arg): boolean {
  return a !== undefined && a.instType === b.instType && a.channel === b.channel && a.instId === b.instId;
}

/** A real `ws` client that records everything it receives and lets a test wait for a message. */
export class StreamClient {
  readonly received: Received[] = [];
  /** Resolves with the close code and reason once the connection is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      const message: Received = { index: this.received.length, text };
      if (text !== 'pong') Object.assign(message, JSON.parse(text) as object);
      this.received.push(message);
      for (const waiter of [...this.waiters]) waiter();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a connection to `url` (with extra upgrade `headers`, e.g. a proxy's X-Forwarded-For) and resolves once it is open. */
  static async connect(url: string, headers?: Record<string, string>): Promise<StreamClient> {
    const ws = new WebSocket(url, { headers });
    const client = new StreamClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** Sends a string as a text frame, a Buffer as a binary frame, anything else as JSON text. */
  send(message: unknown): void {
    this.ws.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
  }

  subscribe(...args: Arg[]): void {
    this.send({ op: 'subscribe', args });
  }

  unsubscribe(...args: Arg[]): void {
    this.send({ op: 'unsubscribe', args });
  }

  /** The first message at index ≥ `from` that matches, waiting for it up to `timeoutMs`. */
  waitFor(
    match: (message: Received) => boolean,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<Received> {
    const from = options.from ?? 0;
    const find = () => this.received.slice(from).find(match);
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = find();
        if (!hit) return;
        cleanup();
        resolve(hit);
      };
      const timer = setTimeout(() => {
        cleanup();
        const tail = this.received.slice(-3).map((m) => m.text.slice(0, 200));
        reject(new Error(`no matching message within ${options.timeoutMs ?? 5000} ms; last: ${tail.join(' | ')}`));
      }, options.timeoutMs ?? 5000);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  /** Sends `ping` and waits for the `pong` that follows. */
  async ping(): Promise<void> {
    const from = this.received.length;
    this.send('ping');
    await this.waitFor((m) => m.text === 'pong', { from });
  }

  close(): void {
    this.ws.close();
  }
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** A new account made straight in the gateway's store (the private stream's tests give it an API key); its id. */
export async function addStreamUser(db: Database, email: string): Promise<string> {
  const user = createUserStore(db).insert({
    email,
    areaCode: null,
    mobile: null,
    passwordHash: await hashPassword('Unused-pass-1', TEST_SCRYPT),
    createdAt: Date.now(),
    referral: NO_REFERRAL,
  });
  if (user === 'duplicate') throw new Error(`duplicate test user ${email}`);
  return user.id;
}
