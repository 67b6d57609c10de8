import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../gateway/auth/password-hash';
import { createUserStore } from '../../../gateway/auth/user-store';
import { openDatabase } from '../../../gateway/open-database';
import { loadSigning } from '../../../gateway/security/signing-setup';
import { TEST_SCRYPT } from './auth/auth-support';
import { tempDir } from './support';
import { wholeGateway } from './whole-gateway';
import { sendSigned } from './api-keys/apikey-support';
import { NO_REFERRAL } from '../../../gateway/auth/auth-fields';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const CLI = join(process.cwd(), 'gateway', 'api-key-cli.ts');

let dir: ReturnType<typeof tempDir>;
beforeEach(async () => {
  dir = tempDir('gateway-apikey-cli-');
  const db = openDatabase(dir.path);
  createUserStore(db).insert({
    email: 'demo@example.com',
    areaCode: null,
    mobile: null,
    passwordHash: await hashPassword('Demo-pass-1', TEST_SCRYPT),
    createdAt: Date.now(),
    referral: NO_REFERRAL,
  });
  db.close();
});
afterEach(() => dir.remove());

describe('npm run api-key', () => {
  it('prints a new key as JSON that signs requests to a gateway on the same data dir', async () => {
    const args = [
      CLI,
      '--email',
      'Demo@Example.com',
      '--label',
      'bot',
      '--permissions',
      'spot_trade',
      '--data-dir',
      dir.path,
    ];
    const { stdout } = await run(TSX, args);
    const printed = JSON.parse(stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({ permissions: ['read', 'spot_trade'], ips: [] });
    expect(printed.apiKey).toMatch(/^bg_[0-9a-f]{32}$/);
    expect(printed.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(printed.passphrase).toMatch(/^[A-Za-z0-9]{24}$/);

    // The gateway that owns this data dir derives the same sealing key from its server key.
    const signing = loadSigning({ dataDir: dir.path, devRootDir: dir.path });
    const gateway = wholeGateway({ dir, signing });
    try {
      const credentials = {
        apiKey: String(printed.apiKey),
        secretKey: String(printed.secretKey),
        passphrase: String(printed.passphrase),
      };
      const { reply } = await sendSigned(gateway.app, credentials, { path: '/api/v2/spot/account/assets' });
      expect(reply.code, reply.msg).toBe('00000');
      expect(reply.data[0]).toMatchObject({ coin: 'USDT', available: '10000.00000000' });
    } finally {
      gateway.close();
    }
  }, 30_000);

  it('fails with a message for an unknown account or a bad passphrase, printing no key', async () => {
    const unknown = run(TSX, [CLI, '--email', 'nobody@example.com', '--data-dir', dir.path]);
    await expect(unknown).rejects.toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('No account') });
    const bad = run(TSX, [CLI, '--email', 'demo@example.com', '--passphrase', 'short', '--data-dir', dir.path]);
    await expect(bad).rejects.toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('passphrase') });
  }, 30_000);
});
