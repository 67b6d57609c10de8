import { type ApiPermission, MAX_KEYS_PER_USER } from '../../../engine/rules/api-keys';
import { RequestError } from '../../api/request';
import type { Translate } from '../../i18n/i18n';
import { api } from '../../security/secured-api';

export { API_PERMISSIONS, type ApiPermission } from '../../../engine/rules/api-keys';

/** Most keys one account may hold (the gateway refuses the next with 40321). */
export const MAX_API_KEYS = MAX_KEYS_PER_USER;

/** One key as `GET /v1/user/apikey/list` shows it: never its secret or passphrase. */
export interface ApiKeyInfo {
  apiKey: string;
  label: string;
  permissions: ApiPermission[];
  ips: string[];
  status: 'enabled' | 'disabled';
  createdAt: number;
  lastUsedAt: number | null;
}

/** A new key the one time its secret is shown, with the passphrase its creator chose. */
export interface CreatedApiKey extends ApiKeyInfo {
  secretKey: string;
  passphrase: string;
}

/** What the create and edit forms send. */
export interface ApiKeyFields {
  label: string;
  permissions: ApiPermission[];
  ips: string[];
}

/** Gateway codes of the key routes (gateway/api-keys/api-key-errors.ts). */
export const API_KEY_CODES = { notFound: '40320', limit: '40321' } as const;

/** The signed-in account's keys; failures are thrown for the page to show (not toasted). */
export function listApiKeys(): Promise<ApiKeyInfo[]> {
  return api.get<ApiKeyInfo[]>('/user/apikey/list', { silent: true });
}

/** Creates a key (after a step-up for `api-key-create`); the reply carries the secret, this once. */
export async function createApiKey(fields: ApiKeyFields, passphrase: string): Promise<CreatedApiKey> {
  const made = await api.post<Omit<CreatedApiKey, 'passphrase'>>('/user/apikey/create', {
    params: { ...fields, passphrase },
    silent: true,
  });
  return { ...made, passphrase };
}

/** Changes a key's label, permissions or allow-list (the last two after a step-up for `api-key-edit`). */
export function updateApiKey(apiKey: string, fields: Partial<ApiKeyFields>): Promise<ApiKeyInfo> {
  return api.post<ApiKeyInfo>('/user/apikey/update', { params: { apiKey, ...fields }, silent: true });
}

/** Stops a key at once (no step-up: it only takes access away). */
export function disableApiKey(apiKey: string): Promise<ApiKeyInfo> {
  return api.post<ApiKeyInfo>('/user/apikey/disable', { params: { apiKey }, silent: true });
}

/** Lets a disabled key work again (after a step-up for `api-key-edit`). */
export function enableApiKey(apiKey: string): Promise<ApiKeyInfo> {
  return api.post<ApiKeyInfo>('/user/apikey/enable', { params: { apiKey }, silent: true });
}

/** Deletes a key (after a step-up for `api-key-delete`). */
export async function deleteApiKey(apiKey: string): Promise<void> {
  await api.post('/user/apikey/delete', { params: { apiKey }, silent: true });
}

/** The lines of an allow-list textarea as entries: commas, spaces and new lines separate them. */
export function parseIpList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The localized reason a key call failed: the gateway's code in the user's language; texts the request layer localized
 * already (an ended session, a network failure) as they are, a refused field (40002) among them. The form checks the
 * fields first (api-key-fields.ts), so a refused one is rare.
 */
export function apiKeyFailureText(t: Translate, error: unknown): string {
  if (!(error instanceof RequestError)) return t('apiKeys.err.failed');
  const code = error.details.code;
  if (code === API_KEY_CODES.limit) return t('apiKeys.err.limit', { max: MAX_API_KEYS });
  if (code === API_KEY_CODES.notFound) return t('apiKeys.err.notFound');
  return error.message || t('apiKeys.err.failed');
}
