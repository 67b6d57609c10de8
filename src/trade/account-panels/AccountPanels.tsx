import { useState } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { useT } from '../../i18n/i18n';
import { useAccount } from '../trade-services';
import { Tabs } from '../../ui/Tabs';
import { AssetsPanel } from './AssetsPanel';
import { OrdersPanel } from './OrdersPanel';
import { PositionHistoryPanel } from './PositionHistoryPanel';
import { PositionsPanel } from './PositionsPanel';
import './account-panels.css';
import '../order-form/trade-form.css';

export interface AccountPanelsProps {
  instrument: TradeInstrument;
}

type PanelId = 'open' | 'history' | 'positions' | 'positionHistory' | 'assets';

/** The account tabs under a trading screen: open orders, order history, positions (futures) and assets. */
export function AccountPanels({ instrument }: AccountPanelsProps) {
  const t = useT();
  const account = useAccount(instrument);
  const futures = instrument.market === 'futures';
  const [tab, setTab] = useState<PanelId>(futures ? 'positions' : 'open');
  // Until the store has switched to this instrument, its data belongs to the last one: show loading instead.
  const isCurrent = account.target?.market === instrument.market && account.target.symbol === instrument.symbol;
  const shown = isCurrent || account.session !== 'signedIn' ? account : { ...account, session: 'unknown' as const };
  const openCount = isCurrent && account.openOrders.data.length > 0 ? ` (${account.openOrders.data.length})` : '';

  const items = [
    ...(futures ? [{ id: 'positions', label: t('trade.acct.positions') }] : []),
    { id: 'open', label: `${t('trade.acct.openOrders')}${openCount}` },
    { id: 'history', label: t('trade.acct.history') },
    ...(futures ? [{ id: 'positionHistory', label: t('trade.pos.history') }] : []),
    { id: 'assets', label: t('trade.acct.assets') },
  ];
  const active: PanelId = !futures && (tab === 'positions' || tab === 'positionHistory') ? 'open' : tab;

  return (
    <section className="account-panels" aria-label={t('trade.acct.title')}>
      <Tabs items={items} label={t('trade.acct.title')} value={active} onChange={(id) => setTab(id as PanelId)}>
        {active === 'positions' && <PositionsPanel account={shown} />}
        {(active === 'open' || active === 'history') && (
          <OrdersPanel key={active} instrument={instrument} account={shown} kind={active} />
        )}
        {active === 'positionHistory' && <PositionHistoryPanel account={shown} />}
        {active === 'assets' && <AssetsPanel instrument={instrument} account={shown} />}
      </Tabs>
    </section>
  );
}
