import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ccxt from 'ccxt';

/** ccxt.pro's Bitget client, the multi-exchange library the client-library specs drive. */
export type Bitget = InstanceType<typeof ccxt.pro.bitget>;

/** What `npm run api-key` prints: the key a script is configured with. */
export interface CreatedKey {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

/**
 * `npm run api-key -- --email demo@example.com` (the demo account local mode seeds), run as the script does, with the
 * permissions given (the script's default when none are).
 */
export async function createKey(dataDir: string, permissions?: string): Promise<CreatedKey> {
  const args = ['--import', 'tsx', 'gateway/api-key-cli.ts', '--email', 'demo@example.com', '--data-dir', dataDir];
  if (permissions) args.push('--permissions', permissions);
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: process.cwd() });
  return JSON.parse(stdout) as CreatedKey;
}

/** ccxt's bitget with every REST host and the two v2 stream URLs moved to the gateway; nothing else changed. */
export function bitgetAt(baseUrl: string, key: CreatedKey): Bitget {
  const exchange = new ccxt.pro.bitget({ apiKey: key.apiKey, secret: key.secretKey, password: key.passphrase });
  const api = exchange.urls.api as Record<string, unknown>;
  for (const [name, host] of Object.entries(api)) if (typeof host === 'string') api[name] = baseUrl;
  const stream = baseUrl.replace(/^http/, 'ws');
  api.ws = { ...(api.ws as object), public: `${stream}/v2/ws/public`, private: `${stream}/v2/ws/private` };
  return exchange;
}
