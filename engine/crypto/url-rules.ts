import type { SignConfig } from './sign-config';
import { DEFAULT_SIGN_MODE, type SignMode } from './sign-mode';

/**
 * Login and register paths of spec §7.2 and §7.3. They are treated as sensitive even without a verified config,
 * so that after a setup failure their fields are never sent in clear (signing contract §1).
 */
export const BUILT_IN_SENSITIVE_PREFIXES: readonly string[] = [
  '/v1/user/login',
  '/v1/user/agency/login',
  '/v1/user/register/',
];

/** The path of a url without its query string or fragment. */
export function pathOnly(pathWithQuery: string): string {
  const cut = pathWithQuery.search(/[?#]/);
  return cut === -1 ? pathWithQuery : pathWithQuery.slice(0, cut);
}

function matches(key: string, path: string): boolean {
  return path.startsWith(key);
}

/** True when the path (no query, with `/v1`) is a core url: in `exactUrls`, or starting with a `prefixUrls` entry (signing contract §1, §4). */
export function isCoreUrl(config: SignConfig, path: string): boolean {
  const bare = pathOnly(path);
  return config.exactUrls.includes(bare) || config.prefixUrls.some((prefix) => bare.startsWith(prefix));
}

/**
 * The signing mode of a path: the longest matching `signModes` key whose value is a signing mode, else "1"
 * (signing contract §4). `enc:` entries are skipped here, so a path never signs weaker than a signing entry asks.
 */
export function signModeFor(config: SignConfig, path: string): SignMode {
  const bare = pathOnly(path);
  for (const entry of config.signModes) {
    if (entry.value.kind === 'sign' && matches(entry.path, bare)) return entry.value.mode;
  }
  return DEFAULT_SIGN_MODE;
}

/** The fields to encrypt when the path is a login url (the longest matching `enc:` entry), else null (signing contract §3). */
export function loginFieldsFor(config: SignConfig, path: string): string[] | null {
  const bare = pathOnly(path);
  for (const entry of config.signModes) {
    if (entry.value.kind === 'enc' && matches(entry.path, bare)) return entry.value.fields;
  }
  return null;
}

/** True when a request to `path` may carry sensitive fields: a login url of the config if any, or a built-in login or register path (signing contract §1). */
export function isSensitivePath(config: SignConfig | null, path: string): boolean {
  const bare = pathOnly(path);
  if (config && loginFieldsFor(config, bare)) return true;
  return BUILT_IN_SENSITIVE_PREFIXES.some((prefix) => bare.startsWith(prefix));
}
