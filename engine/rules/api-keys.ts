/**
 * The rules of an API key's fields (issue 21 §3), one source for the gateway, which enforces them, and the key
 * pages, which check them before sending so a refusal names its field.
 */

/** What a key may do: `read` always, the rest as chosen; the private routes declare one each. */
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

/** True for a label (already trimmed) of 1 to 20 characters without control characters. */
export function isLabel(label: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  return label.length >= 1 && label.length <= LABEL_MAX && !/[\u0000-\u001f\u007f]/.test(label);
}
