import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../gateway/auth/dev-mailbox/dev-seed';
import { type RunningGateway, startGateway } from '../../../gateway/server';
import type { RequestEnvironment } from '../../../src/api/request';
import { createRequestClient } from '../../../src/api/request-client';
import { failure, TEXTS } from './request-support';

// The request layer against a gateway outside local mode, which binds each risk token to the address it was issued
// to. A proxy in front plays the phone's network: it sends every request on from the address the phone has now.

let gateway: RunningGateway;
let proxy: Server;
let proxyUrl: string;
let dataDir: string;
/** The phone's current address, as the gateway sees it. */
const network = { address: '198.51.100.40' };
/** Every sign-in that reached the gateway: the risk token it carried and its body. */
let logins: { token: string | undefined; body: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'request-risk-'));
  gateway = await startGateway({
    port: 0,
    dataDir,
    devRootDir: dataDir,
    logLevel: 'silent',
    localMode: false,
    seedDevAccounts: true,
    trustProxy: true,
    // No signing layer in these tests: the gateway takes a plain password.
    signPolicy: { clientOpen: false },
  });
  proxy = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (incoming.url?.startsWith('/v1/user/login'))
        logins.push({ token: incoming.headers['risk-token'] as string | undefined, body: body.toString() });
      const upstream = httpRequest(
        `${gateway.url}${incoming.url}`,
        { method: incoming.method, headers: { ...incoming.headers, 'x-forwarded-for': network.address } },
        (reply) => {
          outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(outgoing);
        },
      );
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await gateway.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  logins = [];
  network.address = '198.51.100.40';
});

/** A token issued to the phone's current address. */
async function mint(): Promise<string> {
  const reply = (await (await fetch(`${proxyUrl}/v1/constantid/udid/c1`)).json()) as { data: { token: string } };
  return reply.data.token;
}

/** The request layer over the proxy, holding `held` as its risk token and renewing it with `renew`. */
function phone(held: string | null, renew: (refused: string | null) => Promise<string | null>) {
  const toasts: string[] = [];
  const renewals: (string | null)[] = [];
  let token = held;
  const env: RequestEnvironment = {
    baseURL: proxyUrl,
    isBeta: false,
    headers: () => ({
      terminalCode: 'term-1234567890',
      appTheme: 'standard',
      devicelanguage: 'en-US',
      locale: 'en',
      language: 'en_US',
    }),
    languageType: () => 0,
    now: () => Date.now(),
    randomHex: (n) => 'cd'.repeat(n),
    text: (key) => TEXTS[key],
    codeText: (code) => (code === '40140' ? 'Security check failed' : null),
    notify: (message) => toasts.push(message),
    onLoginExpired: () => undefined,
    riskToken: () => token,
    renewRiskToken: async (refused) => {
      renewals.push(refused);
      token = await renew(refused);
      return token;
    },
  };
  return { client: createRequestClient(env), toasts, renewals };
}

const SIGN_IN = { loginName: DEMO_ACCOUNT.email, pwd: DEMO_ACCOUNT.password };

describe('request layer: a risk token refused after the address changed (40140)', () => {
  it('fetches one fresh token and sends the call once more with the same fields, and the caller sees only success', async () => {
    const held = await mint();
    // The phone leaves Wi-Fi for mobile data: its token was issued to the Wi-Fi address.
    network.address = '203.0.113.41';
    const { client, toasts, renewals } = phone(held, mint);
    const reply = await client.post<{ needVerify: boolean }>('/user/login', { params: SIGN_IN });
    // Past the risk check, the sign-in went on: a new device's sign-in waits for its mailed code.
    expect(typeof reply.needVerify).toBe('boolean');
    expect(renewals).toEqual([held]);
    expect(logins).toHaveLength(2);
    expect(logins[0]!.token).toBe(held);
    expect(logins[1]!.token).toMatch(/^[0-9a-f]{40}$/);
    expect(logins[1]!.token).not.toBe(held);
    expect(logins[1]!.body).toBe(logins[0]!.body);
    expect(toasts).toEqual([]);
  });

  it('renews and resends only once: a second refusal reaches the caller as its 40140, shown once', async () => {
    network.address = '203.0.113.42';
    const { client, toasts, renewals } = phone('e'.repeat(40), async () => 'f'.repeat(40));
    const error = await failure(client.post('/user/login', { params: SIGN_IN }));
    expect(error.kind).toBe('business');
    expect(error.details.code).toBe('40140');
    expect(renewals).toEqual(['e'.repeat(40)]);
    expect(logins.map((login) => login.token)).toEqual(['e'.repeat(40), 'f'.repeat(40)]);
    expect(toasts).toEqual(['Security check failed']);
  });

  it('does not resend when no fresh token came', async () => {
    const { client, toasts, renewals } = phone(null, async () => null);
    const error = await failure(client.post('/user/login', { params: SIGN_IN }));
    expect(error.details.code).toBe('40140');
    expect(renewals).toEqual([null]);
    expect(logins).toHaveLength(1);
    expect(toasts).toEqual(['Security check failed']);
  });

  it('asks for nothing while the token still matches the address', async () => {
    const { client, renewals } = phone(await mint(), mint);
    await client.post('/user/login', { params: SIGN_IN });
    expect(renewals).toEqual([]);
    expect(logins).toHaveLength(1);
  });
});
