import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDevRoot, loadRoot } from '../../../../gateway/security/dev-root';
import { createSigningIdentity, loadServerKey, type SigningIdentity } from '../../../../gateway/security/server-key';
import {
  createSignPolicy,
  DEFAULT_SIGN_POLICY,
  encryptedFieldsFor,
  isCoreUrl,
  requiredSignMode,
  signConfigRoutes,
  signModeFor,
} from '../../../../gateway/security/sign-config';
import { tempDir } from '../support';
import { bareApp } from './harness';

let identity: SigningIdentity;
const dir = tempDir('gateway-config-');
beforeAll(() => {
  identity = createSigningIdentity(loadServerKey(dir.path), loadRoot(ensureDevRoot(dir.path)));
});
afterAll(() => dir.remove());

describe('GET /v1/mix/config/gatewaySignConfig', () => {
  it('serves the config of contract §1 inside the success envelope', async () => {
    const app = bareApp();
    app.route('/', signConfigRoutes({ policy: DEFAULT_SIGN_POLICY, identity }));
    const res = await app.request('/v1/mix/config/gatewaySignConfig');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as {
      code: string;
      msg: string;
      data: { gatewaySignConfig: Record<string, unknown> };
    };
    expect(body.code).toBe('00000');
    expect(body.msg).toBe('success');
    expect(Object.keys(body.data)).toEqual(['gatewaySignConfig']);
    expect(body.data.gatewaySignConfig).toEqual({
      clientOpen: true,
      serverPublicKey: identity.serverPublicKey,
      serverPublicKeySign: identity.serverPublicKeySign,
      defaultAlgorithm: 'rsa2048',
      exactUrls: [...DEFAULT_SIGN_POLICY.exactUrls],
      prefixUrls: [...DEFAULT_SIGN_POLICY.prefixUrls],
      signModes: { ...DEFAULT_SIGN_POLICY.signModes },
      userCheckDeviceUrl: '/v1/user/login/check-device',
    });
    expect(body.data.gatewaySignConfig.serverPublicKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('serves overridden options', async () => {
    const app = bareApp();
    app.route(
      '/',
      signConfigRoutes({ policy: createSignPolicy({ clientOpen: false, defaultAlgorithm: 'rsa1024' }), identity }),
    );
    const body = (await (await app.request('/v1/mix/config/gatewaySignConfig')).json()) as {
      data: { gatewaySignConfig: { clientOpen: boolean; defaultAlgorithm: string } };
    };
    expect(body.data.gatewaySignConfig).toMatchObject({ clientOpen: false, defaultAlgorithm: 'rsa1024' });
  });
});

describe('signModeFor', () => {
  const modes = { '/v1/trade/': '3', '/v1/trade/spot/': '2', '/v1/user/login': 'enc:loginName,pwd' };
  it('lets the longest matching key win', () => {
    expect(signModeFor('/v1/trade/spot/order', modes)).toBe('2');
    expect(signModeFor('/v1/trade/futures/order', modes)).toBe('3');
  });
  it('matches any path starting with the key, as the contract reads', () => {
    expect(signModeFor('/v1/user/login', modes)).toBe('enc:loginName,pwd');
    expect(signModeFor('/v1/user/login/verify-login', modes)).toBe('enc:loginName,pwd');
    expect(signModeFor('/v1/user/logout', modes)).toBeUndefined();
  });
  it('looks sign modes and enc entries up separately', () => {
    const mixed = { '/v1/trade/': '3', '/v1/trade/login': 'enc:pwd' };
    expect(requiredSignMode('/v1/trade/login', createSignPolicy({ signModes: mixed }))).toBe('3');
    expect(encryptedFieldsFor('/v1/trade/login', createSignPolicy({ signModes: mixed }))).toEqual(['pwd']);
    expect(encryptedFieldsFor('/v1/trade/order', createSignPolicy({ signModes: mixed }))).toBeNull();
  });
  it('gives the default modes of the product', () => {
    expect(signModeFor('/v1/user/sub/switLogin', DEFAULT_SIGN_POLICY.signModes)).toBe('3');
    expect(requiredSignMode('/v1/order/cancel', DEFAULT_SIGN_POLICY)).toBe('3');
    // Money moves sign their body: an amount or an address cannot change on the way.
    expect(requiredSignMode('/v1/asset/spot/withdraw', DEFAULT_SIGN_POLICY)).toBe('3');
    expect(requiredSignMode('/v1/asset/transfer', DEFAULT_SIGN_POLICY)).toBe('3');
    expect(requiredSignMode('/v1/user/qrcode/confirm', DEFAULT_SIGN_POLICY)).toBe('3');
    expect(requiredSignMode('/v1/user/apikey/create', DEFAULT_SIGN_POLICY)).toBe('3');
    expect(requiredSignMode('/v1/user/login-history', DEFAULT_SIGN_POLICY)).toBe('2');
    expect(requiredSignMode('/v1/user/logout', DEFAULT_SIGN_POLICY)).toBe('1');
    expect(requiredSignMode('/v1/user/login', DEFAULT_SIGN_POLICY)).toBe('1');
  });
});

describe('isCoreUrl', () => {
  it('matches exact urls exactly and prefix urls by prefix', () => {
    expect(isCoreUrl('/v1/user/logout')).toBe(true);
    expect(isCoreUrl('/v1/user/logout/x')).toBe(false);
    expect(isCoreUrl('/v1/trade/spot/order')).toBe(true);
    expect(isCoreUrl('/v1/trade')).toBe(false);
    expect(isCoreUrl('/v1/user/login')).toBe(false);
    expect(isCoreUrl('/v1/mix/config/gatewaySignConfig')).toBe(false);
  });
});

describe('encryptedFieldsFor', () => {
  it('names the fields a login url encrypts', () => {
    expect(encryptedFieldsFor('/v1/user/login', DEFAULT_SIGN_POLICY)).toEqual(['loginName', 'pwd']);
    expect(encryptedFieldsFor('/v1/user/register/email', DEFAULT_SIGN_POLICY)).toEqual(['pwd', 'rePwd']);
    expect(encryptedFieldsFor('/v1/trade/x', DEFAULT_SIGN_POLICY)).toBeNull();
  });
});

describe('createSignPolicy', () => {
  it('rejects modes that are neither a level, a custom list nor enc fields', () => {
    expect(() => createSignPolicy({ signModes: { '/v1/trade/': '4' } })).toThrow(/not a valid mode/);
    expect(() => createSignPolicy({ signModes: { '/v1/trade/': 'path,bogus' } })).toThrow(/not a valid mode/);
    expect(() => createSignPolicy({ signModes: { '/v1/user/login': 'enc:' } })).toThrow(/not a valid mode/);
    expect(() => createSignPolicy({ signModes: { '/v1/user/login': 'enc:pwd,ts' } })).toThrow(/not a valid mode/);
    expect(createSignPolicy({ signModes: { '/v1/trade/': 'traceId,body,h:x-app' } }).signModes['/v1/trade/']).toBe(
      'traceId,body,h:x-app',
    );
  });
});
