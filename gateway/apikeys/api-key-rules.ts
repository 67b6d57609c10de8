import { invalidField } from '../http/gateway-error';

/** What a key may do (issue 21 §3): `read` always, the rest as chosen; the private routes declare one each. */
export const API_PERMISSIONS = ['read', 'spot_trade', 'futures_trade', 'transfer'] as const;
/** One permission of API_PERMISSIONS. */
export type ApiPermission = (typeof API_PERMISSIONS)[number];

/** Most keys one account (main, sub or demo) may hold. */
export const MAX_KEYS_PER_USER = 10;
/** Most addresses or ranges in one key's IP allow-list. */
export const MAX_ALLOWED_IPS = 20;
/** A key's label: 1 to 20 characters after trimming. */
export const LABEL_MAX = 20;
/** A passphrase: 6 to 32 ASCII letters and digits. */
export const PASSPHRASE_PATTERN = /^[A-Za-z0-9]{6,32}$/;
/** A key's public id: `bg_` and 32 lowercase hex digits. */
export const API_KEY_PATTERN = /^bg_[0-9a-f]{32}$/;

/** True for a permission of API_PERMISSIONS. */
export function isApiPermission(value: unknown): value is ApiPermission {
  return typeof value === 'string' && (API_PERMISSIONS as readonly string[]).includes(value);
}

/** A trimmed label of 1 to 20 characters with no control characters, or a 40002 naming `label`. */
export function readLabel(value: unknown): string {
  const label = typeof value === 'string' ? value.trim() : '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (label.length < 1 || label.length > LABEL_MAX || /[\u0000-\u001f\u007f]/.test(label))
    throw invalidField('label', `must be 1 to ${LABEL_MAX} characters`);
  return label;
}

/**
 * The permissions of a list of names, `read` added and in API_PERMISSIONS order, or a 40002 naming `permissions`
 * for anything but an array of known names.
 */
export function readPermissions(value: unknown): ApiPermission[] {
  if (!Array.isArray(value) || value.length > API_PERMISSIONS.length * 2 || !value.every(isApiPermission))
    throw invalidField('permissions', `must be a list of ${API_PERMISSIONS.join(', ')}`);
  const chosen = new Set<ApiPermission>(['read', ...value]);
  return API_PERMISSIONS.filter((permission) => chosen.has(permission));
}

/** A passphrase of 6 to 32 letters and digits, or a 40002 naming `passphrase`. */
export function readPassphrase(value: unknown): string {
  if (typeof value !== 'string' || !PASSPHRASE_PATTERN.test(value))
    throw invalidField('passphrase', 'must be 6 to 32 letters and digits');
  return value;
}
