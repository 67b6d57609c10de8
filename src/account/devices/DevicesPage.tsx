import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { StepUpCancelled } from '../../auth/step-up';
import { useStepUp } from '../../auth/use-step-up';
import { useIntlTag, useT } from '../../i18n/i18n';
import { authState } from '../../session/auth-state';
import { Button } from '../../ui/Button';
import { StateView } from '../../ui/StateView';
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
  const auth = useSnapshot(authState);
  const { view, reload } = useDevices();
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

  const isSignedOut = view.status === 'signedOut' || auth.status === 'anonymous';
  const others = view.status === 'ready' ? view.devices.filter((device) => !device.isCurrent).length : 0;
  return (
    <section className="devices" aria-labelledby="devices-title">
      <h1 id="devices-title">{t('devices.title')}</h1>
      {isSignedOut ? (
        <p data-testid="devices-signed-out">
          {t('devices.signInFirst')}{' '}
          <Link to="/login" search={{ redirect: '/devices' }}>
            {t('nav.signIn')}
          </Link>
        </p>
      ) : (
        <>
          <p className="devices__intro">{t('devices.intro')}</p>
          {view.status === 'loading' && <StateView state="loading" />}
          {view.status === 'failed' && (
            <StateView
              state={view.isOffline ? 'offline' : 'error'}
              message={view.isOffline ? undefined : t('devices.loadFailed')}
              onRetry={() => void reload()}
            />
          )}
          {view.status === 'ready' && (
            <>
              {view.error !== null && (
                <StateView
                  state={view.isOffline ? 'offline' : 'error'}
                  message={view.isOffline ? undefined : t('devices.loadFailed')}
                  onRetry={() => void reload()}
                />
              )}
              <ul className="devices__list" aria-label={t('devices.listLabel')}>
                {view.devices.map((device) => (
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
          <LoginHistorySection />
        </>
      )}
      {stepUp.dialog}
    </section>
  );
}
