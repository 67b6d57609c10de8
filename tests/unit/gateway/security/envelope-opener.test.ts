import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDevRoot, loadRoot } from '../../../../gateway/security/dev-root';
import { createEnvelopeOpener, type EnvelopeOpenerFn } from '../../../../gateway/security/envelope-opener';
import { createSigningIdentity, loadServerKey, type SigningIdentity } from '../../../../gateway/security/server-key';
import { DEFAULT_SIGN_POLICY } from '../../../../gateway/security/sign-config';
import { tempDir } from '../support';
import { buildEnvelope, type ClientKey, makeClientKey } from './ds1-client';
import { bareApp, freshReplayStore, NOW } from './harness';

const dir = tempDir('gateway-opener-');
let identity: SigningIdentity;
let client: ClientKey;
let opener: EnvelopeOpenerFn;
beforeAll(() => {
  identity = createSigningIdentity(loadServerKey(dir.path), loadRoot(ensureDevRoot(dir.path)));
  client = makeClientKey('rsa1024');
  opener = createEnvelopeOpener({ identity, policy: DEFAULT_SIGN_POLICY, replay: freshReplayStore(), now: () => NOW });
});
afterAll(() => dir.remove());

/** Runs the opener inside a request, as gateway/auth does. */
async function openAt(path: string, fields: Record<string, unknown>, rest: Record<string, unknown> = {}) {
  const bodyCiphertext = buildEnvelope({ serverPublicKey: identity.serverPublicKey, client, path, ts: NOW, fields });
  const app = bareApp();
  app.post('*', async (c) => c.json(await opener(c, { ...rest, bodyCiphertext }, c.req.path)));
  return (await app.request(path, { method: 'POST' })).json();
}

describe('createEnvelopeOpener', () => {
  it('opens a login with the fields of its enc entry', async () => {
    expect(await openAt('/v1/user/login', { loginName: 'ann', pwd: 'pw' }, { areaCode: '1' })).toMatchObject({
      ok: true,
      fields: { loginName: 'ann', pwd: 'pw' },
      rest: { areaCode: '1' },
      keyId: client.keyId,
      algorithm: 'rsa1024',
    });
  });
  it('requires those fields on the login url itself', async () => {
    expect(await openAt('/v1/user/login', { loginName: 'ann' })).toEqual({ ok: false, reason: 'field' });
  });
  it('opens a verify-login envelope that has none of them (the path only starts with the login url)', async () => {
    expect(await openAt('/v1/user/login/verify-login', {}, { emailCode: '123456' })).toMatchObject({
      ok: true,
      fields: {},
      rest: { emailCode: '123456' },
    });
  });
  it('uses the register entry for registration', async () => {
    expect(await openAt('/v1/user/register/email', { pwd: 'a', rePwd: 'a' }, { email: 'e@x' })).toMatchObject({
      ok: true,
      fields: { pwd: 'a', rePwd: 'a' },
    });
  });
});
