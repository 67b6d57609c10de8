import type { StepUpSummaryLine } from '../../auth/step-up';
import type { Translate } from '../../i18n/i18n';
import type { ApiKeyFields } from './api-keys-api';
import { PERMISSION_TEXTS } from './permission-texts';

/** What the step-up of a new API key lists, from the fields the request sends: label, permissions, allowed IPs. */
export function apiKeySummary(t: Translate, fields: ApiKeyFields): StepUpSummaryLine[] {
  return [
    { label: t('apiKeys.label'), value: fields.label },
    {
      label: t('apiKeys.permissions'),
      value: fields.permissions.map((permission) => t(PERMISSION_TEXTS[permission])).join(' · '),
    },
    { label: t('apiKeys.ipList'), value: fields.ips.length === 0 ? t('apiKeys.anyIp') : fields.ips.join(', ') },
  ];
}
