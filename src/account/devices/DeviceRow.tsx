import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { agentText, osText, placeText } from './device-texts';
import type { DeviceInfo } from './devices-api';

export interface DeviceRowProps {
  device: DeviceInfo;
  intlTag: string;
  formatTime(time: number): string;
  /** True while this device is being signed out. */
  isBusy: boolean;
  /** Absent for the current device: that one ends by signing out. */
  onRevoke?: () => void;
}

/** One signed-in device: app or browser, system, address and place, when it signed in and was last active. */
export function DeviceRow({ device, intlTag, formatTime, isBusy, onRevoke }: DeviceRowProps) {
  const t = useT();
  const name = `${agentText(t, device)} · ${osText(t, device)}`;
  return (
    <li className="devices__item" data-current={device.isCurrent || undefined} data-testid="device-row">
      <div className="devices__head">
        <strong className="devices__name">{name}</strong>
        {device.isCurrent && <span className="devices__badge">{t('devices.thisDevice')}</span>}
      </div>
      <p className="devices__line">
        <bdi dir="ltr">{device.ip || '—'}</bdi> · {placeText(t, device.place, intlTag)}
      </p>
      <p className="devices__line devices__muted">
        {device.isCurrent ? t('devices.activeNow') : t('devices.lastActive', { time: formatTime(device.lastSeenAt) })}
        {' · '}
        {t('devices.signedInAt', { time: formatTime(device.createdAt) })}
      </p>
      {onRevoke && (
        <div className="devices__actions">
          <Button
            size="sm"
            variant="danger"
            loading={isBusy}
            onClick={onRevoke}
            aria-label={t('devices.revokeLabel', { device: name })}
          >
            {t('devices.revoke')}
          </Button>
        </div>
      )}
    </li>
  );
}
