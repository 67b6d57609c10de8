import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Account, type KeyHarness, makeKeyHarness, PASSPHRASE } from './apikey-support';

const PATHS = {
  create: '/v1/user/apikey/create',
  list: '/v1/user/apikey/list',
  update: '/v1/user/apikey/update',
  disable: '/v1/user/apikey/disable',
  enable: '/v1/user/apikey/enable',
  delete: '/v1/user/apikey/delete',
};

let h: KeyHarness;
let alice: Account;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await h.account('alice@example.com');
});
afterEach(() => h.close());

const newKey = { label: 'grid bot', permissions: ['spot_trade', 'futures_trade'], ips: [], passphrase: PASSPHRASE };

describe('creating a key', () => {
  it('needs a step-up for api-key-create, then shows the secret once', async () => {
    expect((await alice.post(PATHS.create, newKey)).code).toBe('40112');
    alice.grantStepUp('api-key-create');
    const reply = await alice.post(PATHS.create, newKey);
    expect(reply.code, reply.msg).toBe('00000');
    expect(reply.data).toMatchObject({
      label: 'grid bot',
      permissions: ['read', 'spot_trade', 'futures_trade'],
      ips: [],
      status: 'enabled',
      lastUsedAt: null,
    });
    expect(reply.data.apiKey).toMatch(/^bg_[0-9a-f]{32}$/);
    expect(reply.data.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(reply.data).not.toHaveProperty('passphrase');
    // The grant was used up by that key.
    expect((await alice.post(PATHS.create, newKey)).code).toBe('40112');
  });

  it('works with the real step-up: a code mailed to the account, checked by /v1/user/security/verify', async () => {
    const sent = await alice.post('/v1/msg/verify-code/send', { type: 'email', scene: 'security' });
    expect(sent.code, sent.msg).toBe('00000');
    const code = h.db
      .prepare('SELECT code FROM dev_mailbox WHERE target = ? ORDER BY id DESC LIMIT 1')
      .pluck()
      .get('alice@example.com');
    const verified = await alice.post('/v1/user/security/verify', { purpose: 'api-key-create', emailCode: code });
    expect(verified.code, verified.msg).toBe('00000');
    expect((await alice.post(PATHS.create, newKey)).code).toBe('00000');
  });

  it('never lists the secret or the passphrase, and never stores the secret in clear', async () => {
    const created = await alice.createKey(newKey);
    const listed = await alice.get(PATHS.list);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toEqual({
      apiKey: created.apiKey,
      label: 'grid bot',
      permissions: ['read', 'spot_trade', 'futures_trade'],
      ips: [],
      status: 'enabled',
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.secretKey);
    expect(JSON.stringify(listed)).not.toContain(PASSPHRASE);
    const row = h.db.prepare('SELECT * FROM api_keys WHERE api_key = ?').get(created.apiKey) as Record<string, unknown>;
    const secretBytes = Buffer.from(created.secretKey, 'hex');
    for (const [column, value] of Object.entries(row)) {
      const bytes = Buffer.isBuffer(value) ? value : Buffer.from(String(value));
      expect(bytes.includes(Buffer.from(created.secretKey)), column).toBe(false);
      expect(bytes.includes(secretBytes), column).toBe(false);
      expect(bytes.toString('hex').includes(created.secretKey), column).toBe(false);
      expect(String(value).includes(PASSPHRASE), column).toBe(false);
    }
    expect(String(row.passphrase_hash)).toMatch(/^scrypt\$/);
  });

  it('allows at most 10 keys per account', async () => {
    for (let i = 0; i < 10; i += 1) await alice.createKey({ label: `bot ${i}` });
    alice.grantStepUp('api-key-create');
    expect((await alice.post(PATHS.create, { ...newKey, label: 'eleventh' })).code).toBe('40321');
    expect((await alice.get(PATHS.list)).data).toHaveLength(10);
    // The refused creation kept its step-up grant: after deleting one, the next creation needs no new proof.
    const first = (await alice.get(PATHS.list)).data[0].apiKey;
    alice.grantStepUp('api-key-delete');
    expect((await alice.post(PATHS.delete, { apiKey: first })).code).toBe('00000');
    expect((await alice.post(PATHS.create, { ...newKey, label: 'eleventh' })).code).toBe('00000');
  });

  it('refuses a bad label, permission, address or passphrase, naming the field', async () => {
    alice.grantStepUp('api-key-create');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ label: '' }, 'label'],
      [{ label: 'x'.repeat(21) }, 'label'],
      [{ permissions: ['withdraw'] }, 'permissions'],
      [{ permissions: 'read' }, 'permissions'],
      [{ ips: ['300.1.1.1'] }, 'ips'],
      [{ ips: ['10.0.0.0/33'] }, 'ips'],
      [{ ips: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) }, 'ips'],
      [{ passphrase: 'short' }, 'passphrase'],
      [{ passphrase: 'has space 123' }, 'passphrase'],
      [{ passphrase: 'x'.repeat(33) }, 'passphrase'],
    ];
    for (const [fields, field] of cases) {
      const reply = await alice.post(PATHS.create, { ...newKey, ...fields });
      expect(reply.code, JSON.stringify(fields)).toBe('40002');
      expect(reply.msg).toContain(field);
    }
    // None of them used the grant up.
    expect((await alice.post(PATHS.create, newKey)).code).toBe('00000');
  });

  it('needs a session', async () => {
    const res = await h.app.request('http://localhost/v1/user/apikey/list');
    expect(((await res.json()) as { code: string }).code).toBe('00005');
  });
});

describe('editing a key', () => {
  it('renames without a step-up, but changes permissions and addresses only with one', async () => {
    const { apiKey } = await alice.createKey(newKey);
    const renamed = await alice.post(PATHS.update, { apiKey, label: 'renamed' });
    expect(renamed.code, renamed.msg).toBe('00000');
    expect(renamed.data.label).toBe('renamed');

    const change = { apiKey, permissions: [], ips: ['203.0.113.0/24', ' 2001:DB8::1 ', '203.0.113.0/24'] };
    expect((await alice.post(PATHS.update, change)).code).toBe('40112');
    alice.grantStepUp('api-key-edit');
    const edited = await alice.post(PATHS.update, change);
    expect(edited.code, edited.msg).toBe('00000');
    expect(edited.data).toMatchObject({
      label: 'renamed',
      permissions: ['read'],
      ips: ['203.0.113.0/24', '2001:db8::1'],
    });
    expect((await alice.get(PATHS.list)).data[0]).toMatchObject({ permissions: ['read'] });
  });

  it('disables without a step-up, and enables again only with one', async () => {
    const { apiKey } = await alice.createKey(newKey);
    const disabled = await alice.post(PATHS.disable, { apiKey });
    expect(disabled.code, disabled.msg).toBe('00000');
    expect(disabled.data.status).toBe('disabled');
    expect((await alice.post(PATHS.enable, { apiKey })).code).toBe('40112');
    alice.grantStepUp('api-key-edit');
    expect((await alice.post(PATHS.enable, { apiKey })).data.status).toBe('enabled');
  });

  it('deletes only with a step-up for api-key-delete', async () => {
    const { apiKey } = await alice.createKey(newKey);
    expect((await alice.post(PATHS.delete, { apiKey })).code).toBe('40112');
    alice.grantStepUp('api-key-edit');
    expect((await alice.post(PATHS.delete, { apiKey })).code).toBe('40112');
    alice.grantStepUp('api-key-delete');
    expect(await alice.post(PATHS.delete, { apiKey })).toMatchObject({ code: '00000', data: { apiKey } });
    expect((await alice.get(PATHS.list)).data).toEqual([]);
    expect(h.db.prepare('SELECT COUNT(*) FROM api_keys').pluck().get()).toBe(0);
  });
});

describe("another account's key", () => {
  it('is never listed, and answers every change exactly as an unknown key does', async () => {
    const { apiKey } = await alice.createKey(newKey);
    const mallory = await h.account('mallory@example.com');
    expect((await mallory.get(PATHS.list)).data).toEqual([]);
    const unknown = `bg_${'0'.repeat(32)}`;
    for (const purpose of ['api-key-edit', 'api-key-delete'] as const) mallory.grantStepUp(purpose);
    const attempts: Array<[string, Record<string, unknown>]> = [
      [PATHS.update, { label: 'mine now' }],
      [PATHS.update, { permissions: ['transfer'] }],
      [PATHS.disable, {}],
      [PATHS.enable, {}],
      [PATHS.delete, {}],
    ];
    for (const [path, fields] of attempts) {
      const theirs = await mallory.post(path, { apiKey, ...fields });
      const none = await mallory.post(path, { apiKey: unknown, ...fields });
      expect(theirs, path).toEqual(none);
      expect(theirs.code, path).toBe('40320');
    }
    expect((await mallory.post(PATHS.delete, { apiKey: 'not-a-key' })).code).toBe('40320');
    // Alice's key is untouched.
    expect((await alice.get(PATHS.list)).data[0]).toMatchObject({
      apiKey,
      label: 'grid bot',
      permissions: ['read', 'spot_trade', 'futures_trade'],
      status: 'enabled',
    });
  });
});
