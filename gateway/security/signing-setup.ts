import { join } from 'node:path';
import { DEFAULT_DEV_ROOT_DIR, ensureDevRoot, loadRoot, type RootPem } from './dev-root';
import { createSigningIdentity, loadServerKey, type SigningIdentity } from './server-key';
import { createSignPolicy, type SignPolicy } from './sign-config';

/** What the gateway signs and verifies with: its identity (server key signed by the root) and the signing policy. */
export interface Signing {
  identity: SigningIdentity;
  policy: SignPolicy;
}

/** Loads the root (a given production root, else the dev root in `.dev-root`) and the data dir's server key (signing contract §1). */
export function loadSigning(options: {
  dataDir: string;
  root?: RootPem;
  devRootDir?: string;
  policy?: Partial<SignPolicy>;
}): Signing {
  const root = loadRoot(options.root ?? ensureDevRoot(options.devRootDir ?? join(process.cwd(), DEFAULT_DEV_ROOT_DIR)));
  return {
    identity: createSigningIdentity(loadServerKey(options.dataDir), root),
    policy: createSignPolicy(options.policy),
  };
}
