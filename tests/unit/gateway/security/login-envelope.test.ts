import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonBody } from '../../../../gateway/http/read-json-body';
import { MAX_JWE_CHARS } from '../../../../gateway/security/jwe-compact';
import { openLoginEnvelope, replyLoginEnvelopeFailed } from '../../../../gateway/security/login-envelope';
import type { ReplayStore } from '../../../../gateway/security/replay-store';
import { loadServerKey, type ServerKey } from '../../../../gateway/security/server-key';
import { tempDir } from '../support';
import { buildEnvelope, type ClientKey, type EnvelopeInput, makeClientKey } from './ds1-client';
import { bareApp, freshReplayStore, NOW } from './harness';

const PATH = '/v1/user/login';
const FIELDS = ['loginName', 'pwd'];
const dir = tempDir('gateway-envelope-');
let server: ServerKey;
let otherServer: ServerKey;
let client: ClientKey;
let client1024: ClientKey;
let stranger: ClientKey;
beforeAll(() => {
  server = loadServerKey(dir.path);
  otherServer = loadServerKey(`${dir.path}/other`);
  client = makeClientKey('rsa2048');
  client1024 = makeClientKey('rsa1024');
  stranger = makeClientKey('rsa2048');
});
afterAll(() => dir.remove());

const envelope = (overrides: Partial<EnvelopeInput> = {}) =>
  buildEnvelope({
    serverPublicKey: server.publicKeyB64,
    client,
    path: PATH,
    ts: NOW,
    fields: { loginName: 'ann@example.com', pwd: 'S3cret!' },
    ...overrides,
  });

const open = (
  bodyCiphertext: string,
  options: { path?: string; now?: number; body?: Record<string, unknown>; replay?: ReplayStore } = {},
) =>
  openLoginEnvelope({
    body: options.body ?? { bodyCiphertext, areaCode: '86' },
    path: options.path ?? PATH,
    now: options.now ?? NOW,
    serverPrivateKey: server.privateKey,
    serverPublicKeyB64: server.publicKeyB64,
    fields: FIELDS,
    replay: options.replay ?? freshReplayStore(),
  });

/** Replaces JWE segment `index` (0 header … 4 tag) through `edit` of its bytes. */
function editSegment(jwe: string, index: number, edit: (bytes: Buffer) => Buffer): string {
  const parts = jwe.split('.');
  parts[index] = edit(Buffer.from(parts[index]!, 'base64url')).toString('base64url');
  return parts.join('.');
}
const flipLastByte = (bytes: Buffer) => {
  const copy = Buffer.from(bytes);
  copy[copy.length - 1] = copy[copy.length - 1]! ^ 1;
  return copy;
};

describe('openLoginEnvelope: good envelopes', () => {
  it.each([
    ['rsa2048', () => client],
    ['rsa1024', () => client1024],
  ])('opens an envelope from a %s client and names its key', (algorithm, pick) => {
    const key = pick();
    const result = open(envelope({ client: key }));
    expect(result).toEqual({
      ok: true,
      fields: { loginName: 'ann@example.com', pwd: 'S3cret!' },
      rest: { areaCode: '86' },
      publicKey: key.publicKey,
      algorithm,
      keyId: key.keyId,
    });
  });

  it('accepts ts 60 s either side of the gateway clock', () => {
    expect(open(envelope({ ts: NOW - 60_000 })).ok).toBe(true);
    expect(open(envelope({ ts: NOW + 60_000 })).ok).toBe(true);
  });
});

describe('openLoginEnvelope: every tampering fails', () => {
  const cases: [string, () => { ok: boolean; reason?: string }, string][] = [
    ['a tampered ciphertext', () => open(editSegment(envelope(), 3, flipLastByte)), 'jwe-tag'],
    ['a tampered tag', () => open(editSegment(envelope(), 4, flipLastByte)), 'jwe-tag'],
    ['a tampered IV', () => open(editSegment(envelope(), 2, flipLastByte)), 'jwe-tag'],
    ['a tampered wrapped key (looks like a bad tag)', () => open(editSegment(envelope(), 1, flipLastByte)), 'jwe-tag'],
    [
      'a re-spelled protected header (same members, other bytes)',
      () => open(editSegment(envelope(), 0, (b) => Buffer.from(` ${b.toString()}`))),
      'jwe-tag',
    ],
    [
      'a protected header with another enc',
      () => open(envelope({ header: { alg: 'RSA-OAEP-256', enc: 'A256CBC-HS512', kid: 'x' } })),
      'jwe-header',
    ],
    [
      'a protected header with an extra member',
      () => open(envelope({ header: { alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256', kid: 'x', zip: 'DEF' } })),
      'jwe-header',
    ],
    [
      'a wrong kid',
      () => open(envelope({ header: { alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256', kid: '0'.repeat(32) } })),
      'jwe-kid',
    ],
    [
      'an envelope for another server key',
      () => open(envelope({ serverPublicKey: otherServer.publicKeyB64 })),
      'jwe-kid',
    ],
    ['ts 61 s old', () => open(envelope({ ts: NOW - 61_000 })), 'ts'],
    ['ts 61 s ahead', () => open(envelope({ ts: NOW + 61_000 })), 'ts'],
    ['another path', () => open(envelope({ path: '/v1/user/agency/login' })), 'path'],
    [
      'a path edited after signing',
      () => open(envelope({ editPlaintext: (p) => Object.assign(p, { path: '/v1/user/x' }) }), { path: '/v1/user/x' }),
      'initSign',
    ],
    ['initSign by another key', () => open(envelope({ initSignKey: stranger.privateKey })), 'initSign'],
    ['initSign over other text', () => open(envelope({ initSignText: `DS1-init\n${PATH}\n${NOW}` })), 'initSign'],
    [
      'a 1024-bit key claimed as rsa2048',
      () => open(envelope({ client: { ...client1024, algorithm: 'rsa2048' } })),
      'publicKey',
    ],
    [
      'an unknown algorithm',
      () => open(envelope({ editPlaintext: (p) => Object.assign(p, { algorithm: 'rsa4096' }) })),
      'algorithm',
    ],
    ['a missing encrypted field', () => open(envelope({ fields: { loginName: 'ann@example.com' } })), 'field'],
    [
      'a named field also sent in clear',
      () => open('', { body: { bodyCiphertext: envelope(), pwd: 'S3cret!' } }),
      'clear-field',
    ],
    ['a truncated JWE', () => open(envelope().slice(0, -30)), 'jwe-shape'],
    ['a JWE missing a segment', () => open(envelope().split('.').slice(0, 4).join('.')), 'jwe-shape'],
    ['garbage', () => open('not-a-jwe'), 'jwe-shape'],
    ['a huge body', () => open(`${envelope()}${'A'.repeat(MAX_JWE_CHARS)}`), 'jwe-size'],
    ['no bodyCiphertext', () => open('', { body: { loginName: 'ann', pwd: 'x' } }), 'bodyCiphertext'],
  ];

  it.each(cases)('rejects %s', (_name, run, reason) => {
    expect(run()).toEqual({ ok: false, reason });
  });

  it('rejects a key with another public exponent', () => {
    const e3 = makeClientKey('rsa1024', { exponent: 3 });
    expect(open(envelope({ client: e3 }))).toEqual({ ok: false, reason: 'publicKey' });
  });
});

describe('openLoginEnvelope: each envelope opens once', () => {
  it('refuses the same envelope a second time within its window', () => {
    const replay = freshReplayStore();
    const sealed = envelope();
    expect(open(sealed, { replay })).toMatchObject({ ok: true });
    expect(open(sealed, { replay, now: NOW + 30_000 })).toEqual({ ok: false, reason: 'replay' });
  });
  it('refuses it re-sent with other clear fields beside it', () => {
    const replay = freshReplayStore();
    const sealed = envelope();
    expect(open(sealed, { replay })).toMatchObject({ ok: true });
    expect(open('', { replay, body: { bodyCiphertext: sealed, areaCode: '1' } })).toEqual({
      ok: false,
      reason: 'replay',
    });
  });
  it('still opens a new envelope from the same key', () => {
    const replay = freshReplayStore();
    expect(open(envelope(), { replay })).toMatchObject({ ok: true });
    expect(open(envelope({ ts: NOW + 1 }), { replay, now: NOW + 1 })).toMatchObject({ ok: true });
  });
  it('remembers nothing of an envelope that failed a check', () => {
    const replay = freshReplayStore();
    const sealed = envelope();
    expect(open(sealed, { replay, path: '/v1/user/agency/login' })).toEqual({ ok: false, reason: 'path' });
    expect(open(sealed, { replay })).toMatchObject({ ok: true });
  });
});

describe('a login route over openLoginEnvelope', () => {
  const app = bareApp();
  const replay = freshReplayStore();
  app.post(PATH, async (c) => {
    const result = openLoginEnvelope({
      body: await readJsonBody(c),
      path: c.req.path,
      now: NOW,
      serverPrivateKey: server.privateKey,
      serverPublicKeyB64: server.publicKeyB64,
      fields: FIELDS,
      replay,
    });
    return result.ok ? c.json({ welcome: result.fields.loginName }) : replyLoginEnvelopeFailed(c);
  });
  const post = async (body: unknown) => {
    const res = await app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return `${res.status} ${await res.text()}`;
  };

  it('replies the same bytes for every kind of failure', async () => {
    const replies = new Set([
      await post({ bodyCiphertext: editSegment(envelope(), 4, flipLastByte) }),
      await post({ bodyCiphertext: editSegment(envelope(), 1, flipLastByte) }),
      await post({ bodyCiphertext: envelope({ ts: NOW - 61_000 }) }),
      await post({ bodyCiphertext: envelope({ initSignKey: stranger.privateKey }) }),
      await post({ bodyCiphertext: 'garbage' }),
    ]);
    expect([...replies]).toEqual([
      '200 {"status":"error","code":"40003","msg":"Login failed, please try again","data":null}',
    ]);
  });

  it('lets a good envelope through once, and answers its replay like every other failure', async () => {
    const sealed = envelope({ ts: NOW - 5 });
    expect(await post({ bodyCiphertext: sealed })).toBe('200 {"welcome":"ann@example.com"}');
    expect(await post({ bodyCiphertext: sealed })).toBe(await post({ bodyCiphertext: 'garbage' }));
  });
});
