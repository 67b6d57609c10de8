import {
  API_PERMISSIONS,
  type ApiPermission,
  isApiPermission,
  isLabel,
  LABEL_MAX,
  PASSPHRASE_PATTERN,
} from '../../engine/rules/api-keys';
import { invalidField } from '../http/gateway-error';

export {
  API_KEY_PATTERN,
  API_PERMISSIONS,
  type ApiPermission,
  isApiPermission,
  LABEL_MAX,
  MAX_ALLOWED_IPS,
  MAX_KEYS_PER_USER,
  PASSPHRASE_PATTERN,
} from '../../engine/rules/api-keys';

/** A trimmed label of 1 to 20 characters with no control characters, or a 40002 naming `label`. */
export function readLabel(value: unknown): string {
  const label = typeof value === 'string' ? value.trim() : '';
  if (!isLabel(label)) throw invalidField('label', `must be 1 to ${LABEL_MAX} characters`);
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
