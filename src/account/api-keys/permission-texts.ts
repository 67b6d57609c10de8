import type { MessageKey } from '../../i18n/i18n';
import type { ApiPermission } from './api-keys-api';

/** The text of each permission, in the form's checkboxes and on the list. */
export const PERMISSION_TEXTS: Readonly<Record<ApiPermission, MessageKey>> = {
  read: 'apiKeys.perm.read',
  spot_trade: 'apiKeys.perm.spot_trade',
  futures_trade: 'apiKeys.perm.futures_trade',
  transfer: 'apiKeys.perm.transfer',
};
