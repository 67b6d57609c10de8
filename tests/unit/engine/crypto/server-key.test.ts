import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serverKeyFingerprint, serverKeySignedText, verifyServerKey } from '../../../../engine/crypto/server-key';
import { parseSignConfig, type SignConfig } from '../../../../engine/crypto/sign-config';
import { nodePrimitives, rawConfig, rsaKey, signServerKey } from './node-primitives';

const root = rsaKey(2048);
const server = rsaKey(2048);

function config(raw: Record<string, unknown>): SignConfig {
  const parsed = parseSignConfig(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.config;
}

describe('serverKeyFingerprint / serverKeySignedText', () => {
  it('hashes the b64 text of the key as sent', async () => {
    const expected = createHash('md5').update(server.spkiB64).digest('hex');
    expect(await serverKeyFingerprint(nodePrimitives, server.spkiB64)).toBe(expected);
    expect(serverKeySignedText(expected)).toBe(`DS1-spk:${expected}`);
  });
});

describe('verifyServerKey', () => {
  it('accepts a server key signed by the root', async () => {
    expect(await verifyServerKey(nodePrimitives, root.spkiDer, config(rawConfig(root, server)))).toBe(true);
  });

  it('rejects a signature made by another root', async () => {
    expect(await verifyServerKey(nodePrimitives, root.spkiDer, config(rawConfig(rsaKey(2048), server)))).toBe(false);
  });

  it('rejects a genuine signature moved onto a different server key', async () => {
    const forged = { ...rawConfig(root, rsaKey(2048)), serverPublicKeySign: signServerKey(root, server.spkiB64) };
    expect(await verifyServerKey(nodePrimitives, root.spkiDer, config(forged))).toBe(false);
  });

  it('rejects a signature of the wrong length instead of throwing', async () => {
    const raw = { ...rawConfig(root, server), serverPublicKeySign: Buffer.from('short').toString('base64') };
    expect(await verifyServerKey(nodePrimitives, root.spkiDer, config(raw))).toBe(false);
  });
});
