import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../session/auth-state';
import { useT } from '../i18n/i18n';
import { enterSimulation, isSimulationOn, leaveSimulation } from './simulation';
import './simulation-bar.css';
import { Button } from '../ui/Button';

export interface SimulationBarProps {
  market: 'spot' | 'futures';
}

/** The simulation switch of a trading screen: a banner while on, an offer to try it while off (signed in only). */
export function SimulationBar({ market }: SimulationBarProps) {
  const t = useT();
  const auth = useSnapshot(authState);
  const [busy, setBusy] = useState(false);
  const isOn = isSimulationOn();
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  if (isOn) {
    return (
      <div className="trade__simulation trade__simulation--on" data-testid="simulation-bar" data-state="on">
        <span>{t('trade.simulationOn')}</span>
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void run(leaveSimulation)}>
          {t('trade.leaveSimulation')}
        </Button>
      </div>
    );
  }
  if (!auth.user) return null;
  return (
    <div className="trade__simulation" data-testid="simulation-bar" data-state="off">
      <Button variant="plain" size="sm" loading={busy} onClick={() => void run(() => enterSimulation(market))}>
        {t('trade.enterSimulation')}
      </Button>
    </div>
  );
}
