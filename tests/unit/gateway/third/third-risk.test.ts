import { afterEach, describe, expect, it } from 'vitest';
import { RISK_TOKEN_REFUSED_CODE } from '../../../../gateway/security/risk-token-routes';
import { type WholeGateway, wholeGateway } from '../whole-gateway';

/** Every §7.4 call (the providers' tests also check their own with a gateway that has them mounted). */
const SHARED_CALLS = [
  'tg/sign',
  'tg/signV2',
  'oauth/sign',
  'wallet/sign',
  'wallet/check',
  'getQrKeyStatus',
  'oauth/start',
  'oauth/exchange',
  'qrcode/create',
  'bind/check',
  'third/check',
  'tg/checkUserExit',
  'bind/choose',
  'securityVerify',
  'google/register',
  'apple/register',
  'tg/register',
  'wallet/register',
  'tg/generateVirtual',
];

let g: WholeGateway | undefined;
afterEach(() => g?.close());

const post = (gateway: WholeGateway, path: string, headers: Record<string, string> = {}) =>
  gateway.transport(`/v1/user/public/third/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ serialNO: 'A'.repeat(43), email: 'a@example.com', loginName: 'a@example.com', pwd: 'x' }),
  });

describe('the risk token on the third-party calls (spec §7.6)', () => {
  it.each(SHARED_CALLS)('outside local mode, %s without a token is refused before anything runs', async (path) => {
    g = wholeGateway({ localMode: false });
    const reply = (await (await post(g, path)).json()) as { code: string };
    expect(reply.code).toBe(RISK_TOKEN_REFUSED_CODE);
    const forged = (await (await post(g, path, { 'risk-token': 'f'.repeat(40) })).json()) as { code: string };
    expect(forged.code).toBe(RISK_TOKEN_REFUSED_CODE);
  });

  it('in the whole gateway a call reaches its route, which refuses a password sent in clear (no envelope)', async () => {
    g = wholeGateway();
    const reply = (await (await post(g, 'third/check')).json()) as { code: string };
    expect(reply.code).toBe('40106');
    const config = (await (await g.transport('/v1/user/public/third/config', {})).json()) as { data: object };
    expect(Object.keys(config.data).sort()).toEqual(['apple', 'google', 'qr', 'telegram', 'wallet']);
  });

  it('outside local mode with no provider settings offers no method, so the pages show none', async () => {
    g = wholeGateway({ localMode: false });
    const config = (await (await g.transport('/v1/user/public/third/config', {})).json()) as { data: object };
    expect(config.data).toEqual({ telegram: null, wallet: null, google: null, apple: null, qr: null });
  });

  it('with settings, offers each method set, and never a secret', async () => {
    g = wholeGateway({
      localMode: false,
      thirdEnv: {
        TELEGRAM_BOT_TOKEN: '123456789:AAEexampleexampleexampleexampleexam',
        TELEGRAM_BOT_NAME: 'exchange_bot',
        GOOGLE_OIDC_CLIENT_ID: 'google-client',
        GOOGLE_OIDC_CLIENT_SECRET: 'google-secret-value',
      },
    });
    const text = await (await g.transport('/v1/user/public/third/config', {})).text();
    const config = JSON.parse(text) as { data: Record<string, unknown> };
    expect(config.data.telegram).not.toBeNull();
    expect(config.data.google).not.toBeNull();
    expect(config.data.apple).toBeNull();
    expect(text).not.toContain('AAEexample');
    expect(text).not.toContain('google-secret-value');
  });
});
