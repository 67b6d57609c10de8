import { constants, createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonBody } from '../../../../gateway/http/read-json-body';
import { createLogger } from '../../../../gateway/log/logger';
import { ensureDevRoot, loadRoot } from '../../../../gateway/security/dev-root';
import { createDeviceKeyStore } from '../../../../gateway/security/device-keys';
import { openLoginEnvelope, replyLoginEnvelopeFailed } from '../../../../gateway/security/login-envelope';
import { createReplayStore } from '../../../../gateway/security/replay-store';
import { createSigningIdentity, loadServerKey } from '../../../../gateway/security/server-key';
import {
  DEFAULT_SIGN_POLICY,
  encryptedFieldsFor,
  type GatewaySignConfig,
  signConfigRoutes,
} from '../../../../gateway/security/sign-config';
import { signatureCheck } from '../../../../gateway/security/signature-check';
import { buildEnvelope, makeClientKey, newTraceId, signedHeaders } from './ds1-client';
import { bareApp, makeSecurityDb, NOW } from './harness';

let t: ReturnType<typeof makeSecurityDb>;
let app: ReturnType<typeof bareApp>;
let rootCertPem: string;
beforeAll(() => {
  t = makeSecurityDb();
  const root = loadRoot(ensureDevRoot(`${t.dir}/root`));
  rootCertPem = root.certPem;
  const identity = createSigningIdentity(loadServerKey(t.dir), root);
  const store = createDeviceKeyStore(t.db);
  const sessions = new Map<string, string>();
  const replay = createReplayStore(t.db);
  app = bareApp();
  app.use(
    '*',
    signatureCheck({
      db: t.db,
      config: DEFAULT_SIGN_POLICY,
      now: () => NOW,
      logger: createLogger('silent'),
      sessionOf: (c) => {
        const token = c.req.header('x-login-token') ?? '';
        const userId = sessions.get(token);
        return userId ? { sessionId: token, userId } : null;
      },
    }),
  );
  app.route('/', signConfigRoutes({ policy: DEFAULT_SIGN_POLICY, identity }));
  app.post('/v1/user/login', async (c) => {
    const opened = openLoginEnvelope({
      body: await readJsonBody(c),
      path: c.req.path,
      now: NOW,
      serverPrivateKey: identity.serverPrivateKey,
      serverPublicKeyB64: identity.serverPublicKey,
      fields: encryptedFieldsFor(c.req.path, DEFAULT_SIGN_POLICY) ?? [],
      replay,
    });
    if (!opened.ok || opened.fields.pwd !== 'S3cret!') return replyLoginEnvelopeFailed(c);
    const token = randomBytes(16).toString('hex');
    sessions.set(token, 'user-42');
    const { keyId, publicKey, algorithm } = opened;
    store.bindDeviceKey({ keyId, publicKey, algorithm, userId: 'user-42', sessionId: token });
    return c.json({ code: '00000', msg: 'success', data: { token, userId: 'user-42' } });
  });
  app.post('/v1/order/place', async (c) => c.json({ code: '00000', msg: 'success', data: await readJsonBody(c) }));
});
afterAll(() => t.close());

describe('DS1 end to end (config → verify → encrypted login → signed order)', () => {
  it('a client following the contract logs in and places a signed order', async () => {
    const config = (
      (await (await app.request('/v1/mix/config/gatewaySignConfig')).json()) as {
        data: { gatewaySignConfig: GatewaySignConfig };
      }
    ).data.gatewaySignConfig;
    const spkText = `DS1-spk:${createHash('md5').update(config.serverPublicKey).digest('hex')}`;
    const certKey = new X509Certificate(rootCertPem).publicKey;
    const signature = Buffer.from(config.serverPublicKeySign, 'base64');
    expect(
      verify('sha256', Buffer.from(spkText), { key: certKey, padding: constants.RSA_PKCS1_PADDING }, signature),
    ).toBe(true);

    const client = makeClientKey(config.defaultAlgorithm);
    const bodyCiphertext = buildEnvelope({
      serverPublicKey: config.serverPublicKey,
      client,
      path: '/v1/user/login',
      ts: NOW,
      fields: { loginName: 'ann@example.com', pwd: 'S3cret!' },
    });
    const login = await app.request('/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ areaCode: '', bodyCiphertext }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    const body = '{"symbol":"BTCUSDT","side":"buy","size":"0.01"}';
    const order = (mode: string) =>
      app.request('/v1/order/place?src=web', {
        method: 'POST',
        headers: {
          ...signedHeaders({
            client,
            mode,
            method: 'POST',
            target: '/v1/order/place?src=web',
            requestTime: String(NOW),
            traceId: newTraceId(),
            body,
          }),
          'x-login-token': token,
          'content-type': 'application/json',
        },
        body,
      });
    expect(await (await order('3')).json()).toEqual({ code: '00000', msg: 'success', data: JSON.parse(body) });
    expect((await order('2')).headers.get('gateway-sign-error')).toBe('00021');
  });
});
