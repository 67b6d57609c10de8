import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEFAULT_SCRYPT_PARAMS, hashPassword } from './auth/password-hash';
import { createUserStore } from './auth/user-store';
import { openDatabase } from './open-database';
import { loadServerKey } from './security/server-key';
import { readLabel, readPassphrase, readPermissions } from './api-keys/api-key-rules';
import { createApiKeyStore } from './api-keys/api-key-store';
import { readIpList } from './api-keys/ip-allow-list';
import { apiSecretKey } from './api-keys/secret-box';

const USAGE = `Usage: npm run api-key -- --email demo@example.com [--label bot] [--permissions read,spot_trade,futures_trade]
       [--ips 203.0.113.7,10.0.0.0/8] [--passphrase <6-32 letters and digits>] [--data-dir .data]`;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random passphrase of 24 letters and digits (about 143 bits). */
function randomPassphrase(): string {
  return Array.from({ length: 24 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** A comma-separated option as a list (empty for an empty string). */
function listOf(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * `tsx gateway/api-key-cli.ts`: creates an API key for a local account straight in the gateway's data directory
 * (`--data-dir`, else DATA_DIR, else `.data`, as the gateway chooses it) and prints `{apiKey, secretKey, passphrase,
 * permissions, ips}` as JSON on stdout, for scripts and tests. A running gateway sees the key at once.
 */
async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      label: { type: 'string', default: 'cli' },
      permissions: { type: 'string', default: 'read,spot_trade,futures_trade' },
      ips: { type: 'string', default: '' },
      passphrase: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.email) throw new Error(USAGE);
  const label = readLabel(values.label);
  const permissions = readPermissions(listOf(values.permissions));
  const ips = readIpList(listOf(values.ips));
  const passphrase = readPassphrase(values.passphrase ?? randomPassphrase());
  const dataDir = values['data-dir'] || process.env.DATA_DIR || '.data';
  const db = openDatabase(dataDir);
  try {
    const email = values.email.trim().toLowerCase();
    const user = createUserStore(db).findByEmail(email);
    if (!user)
      throw new Error(
        `No account ${email} in ${dataDir} (the gateway seeds demo@example.com in local mode on its first start)`,
      );
    const store = createApiKeyStore(db, apiSecretKey(loadServerKey(dataDir).privateKey));
    const passphraseHash = await hashPassword(passphrase, DEFAULT_SCRYPT_PARAMS);
    const made = store.create({ userId: user.id, label, permissions, ips, passphraseHash }, Date.now());
    if (made === 'limit') throw new Error(`${email} already holds the most API keys allowed; delete one first`);
    const output = {
      apiKey: made.view.apiKey,
      secretKey: made.secret,
      passphrase,
      permissions: made.view.permissions,
      ips: made.view.ips,
    };
    process.stdout.write(`${JSON.stringify(output)}\n`);
  } finally {
    db.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
