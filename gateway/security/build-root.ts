import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DEV_ROOT_DIR, ensureDevRoot } from './dev-root';

/**
 * The root certificate a client build embeds (signing contract §1): `VITE_SIGN_ROOT_CERT` (PEM text) or
 * `VITE_SIGN_ROOT_CERT_FILE` for production, else the dev root, created on first use in `.dev-root`.
 */
export function signRootCertPem(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VITE_SIGN_ROOT_CERT) return env.VITE_SIGN_ROOT_CERT;
  if (env.VITE_SIGN_ROOT_CERT_FILE) return readFileSync(env.VITE_SIGN_ROOT_CERT_FILE, 'utf8');
  return ensureDevRoot(env.SIGN_ROOT_DIR || join(process.cwd(), DEFAULT_DEV_ROOT_DIR)).certPem;
}
