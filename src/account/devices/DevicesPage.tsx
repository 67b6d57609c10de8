import { ReadStates } from '../../api/ReadStates';
import { useMemo, useState } from 'react';
import { StepUpCancelled } from '../../auth/step-up';
import { useStepUp } from '../../auth/use-step-up';
import { useIntlTag, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast';
import { DeviceRow } from './DeviceRow';
import { deviceFailureText, revokeDevice, revokeOtherDevices } from './devices-api';
import { LoginHistorySection } from './LoginHistorySection';
import { useDevices } from './use-devices';
import './devices.css';

/**
 * `/devices`: the devices signed in to the account (browser or app, system, address, place, last active; this one
 * marked), each other one can be signed out after a fresh second factor, and the sign-in history below.
 */
export function DevicesPage() {
  const t = useT();
  const intlTag = useIntlTag();
  const devices = useDevices();
  const reload = devices.refresh;
  const stepUp = useStepUp();
  const [busy, setBusy] = useState<string | null>(null);
  const format = useMemo(
    () => new Intl.DateTimeFormat(intlTag, { dateStyle: 'medium', timeStyle: 'short' }),
    [intlTag],
  );

  /** Runs a sign-out from a button; a closed step-up says nothing, a failure is toasted in the user's language. */
  const act = async (key: string, change: () => Promise<string>) => {
    if (busy) return;
    setBusy(key);
    try {
      showToast({ type: 'success', message: await stepUp.run('device-revoke', change) });
    } catch (error) {
      if (error instanceof StepUpCancelled) return;
      showToast({ type: 'error', message: deviceFailureText(t, error) });
    } finally {
      setBusy(null);
      // The list shows what is signed in now, also when the device had gone already (40330).
      await reload();
    }
  };

  const revoke = (id: string) =>
    act(id, async () => {
      await revokeDevice(id);
      return t('devices.revoked');
    });
  const revokeOthers = () =>
    act('others', async () => t('devices.revokedOthers', { count: await revokeOtherDevices() }));

  const list = devices.state;
  const others = list.status === 'ready' ? list.data.filter((device) => !device.isCurrent).length : 0;
  return (
    <section className="devices" aria-labelledby="devices-title">
      <h1 id="devices-title">{t('devices.title')}</h1>
      {list.status !== 'signedOut' && <p className="devices__intro">{t('devices.intro')}</p>}
      <ReadStates
        state={list}
        onRetry={() => void reload()}
        texts={{ signIn: t('devices.signInFirst'), failed: t('devices.loadFailed') }}
        testIds={{ signedOut: 'devices-signed-out' }}
      >
        {(shown) => (
          <>
            <ul className="devices__list" aria-label={t('devices.listLabel')}>
              {shown.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  intlTag={intlTag}
                  formatTime={(time) => format.format(time)}
                  isBusy={busy === device.id}
                  onRevoke={device.isCurrent ? undefined : () => void revoke(device.id)}
                />
              ))}
            </ul>
            <div className="devices__others">
              {others === 0 ? (
                <p className="devices__muted">{t('devices.noOthers')}</p>
              ) : (
                <Button variant="secondary" loading={busy === 'others'} onClick={() => void revokeOthers()}>
                  {t('devices.revokeOthers')}
                </Button>
              )}
            </div>
          </>
        )}
      </ReadStates>
      {list.status !== 'signedOut' && <LoginHistorySection />}
      {stepUp.dialog}
    </section>
  );
}
