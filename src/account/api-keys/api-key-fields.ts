import { isLabel, MAX_ALLOWED_IPS, PASSPHRASE_PATTERN } from '../../../engine/rules/api-keys';
import type { MessageKey } from '../../i18n/i18n';
import type { ApiKeyFields } from './api-keys-api';

/**
 * The gateway's rules for a key's fields (engine/rules/api-keys.ts; the allow-list's form as gateway/api-keys/
 * ip-allow-list.ts reads it), checked before sending: the request layer turns its HTTP 400 refusal into a bare
 * status, so the page names the field itself.
 */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** True for an IPv4 or IPv6 address, or a CIDR range of one. */
export function isIpEntry(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefix))) return false;
  const isV4 = IPV4.test(address);
  const isV6 = !isV4 && /^[0-9A-Fa-f:.]{2,45}$/.test(address) && address.includes(':') && isIpv6(address);
  if (!isV4 && !isV6) return false;
  return prefix === undefined || Number(prefix) <= (isV4 ? 32 : 128);
}

/** The URL parser knows IPv6 literals; anything it refuses is not one. */
function isIpv6(address: string): boolean {
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** The text of the first rule the fields break, or null when the gateway should take them; `passphrase` only for a new key. */
export function fieldProblem(fields: ApiKeyFields, passphrase: string | null): MessageKey | null {
  if (!isLabel(fields.label)) return 'apiKeys.err.label';
  if (fields.ips.length > MAX_ALLOWED_IPS || !fields.ips.every(isIpEntry)) return 'apiKeys.err.ips';
  if (passphrase !== null && !PASSPHRASE_PATTERN.test(passphrase)) return 'apiKeys.err.passphrase';
  return null;
}
