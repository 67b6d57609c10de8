import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { coinPlacesOf, MONEY_PLACES_FALLBACK } from '../../../engine/rules/coin-places';
import { useT } from '../../i18n/i18n';
import { useMaskedAmount } from '../../settings/asset-display';
import type { AccountSnapshot } from './account-store';
import { useTradeServices } from '../trade-services';
import { useNumberText } from '../use-number-text';
import { AccountPanelsState } from './AccountPanelsState';
import { PanelScroll } from './PanelScroll';

export interface AssetsPanelProps {
  instrument: TradeInstrument;
  account: AccountSnapshot;
}

/** Spot: each coin's available and frozen balance. Futures: the margin account (equity, available, locked, uPnL). */
export function AssetsPanel({ instrument, account }: AssetsPanelProps) {
  const t = useT();
  const number = useNumberText();
  const masked = useMaskedAmount();
  const { store } = useTradeServices();

  if (instrument.market === 'futures') {
    const slice = account.futuresAccount;
    const data = slice.data;
    return (
      <AccountPanelsState
        session={account.session}
        slice={slice}
        isEmpty={data === null}
        emptyText={t('trade.acct.noAssets')}
        onRetry={() => store.refresh('futuresAccount')}
      >
        {data && (
          <dl className="account-summary">
            {(
              [
                ['trade.acct.equity', data.equity],
                ['trade.acct.available', data.available],
                ['trade.acct.locked', data.locked],
                ['trade.acct.upnl', data.unrealizedPL],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd>
                  <bdi dir="ltr">{masked(number(value, coinPlacesOf(data.marginCoin, MONEY_PLACES_FALLBACK)))}</bdi>{' '}
                  {data.marginCoin}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </AccountPanelsState>
    );
  }

  const slice = account.spotAssets;
  return (
    <AccountPanelsState
      session={account.session}
      slice={slice}
      isEmpty={slice.data.length === 0}
      emptyText={t('trade.acct.noAssets')}
      onRetry={() => store.refresh('spotAssets')}
    >
      <PanelScroll label={t('trade.acct.assets')}>
        <table className="account-table account-table--cards">
          <caption className="trade-visually-hidden">{t('trade.acct.assets')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trade.acct.coin')}</th>
              <th scope="col">{t('trade.acct.available')}</th>
              <th scope="col">{t('trade.acct.frozen')}</th>
            </tr>
          </thead>
          <tbody>
            {slice.data.map((asset) => (
              <tr key={asset.coin} data-coin={asset.coin}>
                <th scope="row">{asset.coin}</th>
                <td className="account-table__num" data-label={t('trade.acct.available')}>
                  <bdi dir="ltr">{masked(number(asset.available, asset.places))}</bdi>
                </td>
                <td className="account-table__num" data-label={t('trade.acct.frozen')}>
                  <bdi dir="ltr">{masked(number(asset.frozen, asset.places))}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PanelScroll>
    </AccountPanelsState>
  );
}
