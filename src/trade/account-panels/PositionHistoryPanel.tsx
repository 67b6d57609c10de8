import { useEffect, useState } from 'react';
import { isSignedOutError } from '../../api/failures';
import { coinPlacesOf, MONEY_PLACES_FALLBACK } from '../../../engine/rules/coin-places';
import { useT } from '../../i18n/i18n';
import { useAssetDisplay } from '../../settings/asset-display';
import type { ClosedPosition } from '../position-replies';
import { errorText } from '../trade-api';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { useIntlTag, useNumberText } from '../use-number-text';
import type { AccountSnapshot } from './account-store';
import { orderTime } from './account-format';
import { AccountPanelsState } from './AccountPanelsState';
import { PanelScroll } from './PanelScroll';

export interface PositionHistoryPanelProps {
  account: AccountSnapshot;
}

/** Up or down colour of a signed figure. */
const toneOf = (value: string) => (value.startsWith('-') ? 'down' : /[1-9]/.test(value) ? 'up' : undefined);

/** The account's closed futures positions: entry and close prices, size, realized PnL, funding, fees and times. */
export function PositionHistoryPanel({ account }: PositionHistoryPanelProps) {
  const t = useT();
  const masked = !useAssetDisplay().amountsShown;
  const number = useNumberText();
  // Money at the margin coin's precision (engine/rules/coin-places.ts).
  const usdt = coinPlacesOf('USDT', MONEY_PLACES_FALLBACK);
  const intl = useIntlTag();
  const { api } = useTradeServices();
  const [state, setState] = useState<{ rows: ClosedPosition[] | null; error: string | null }>({
    rows: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  // A position closing changes the open positions: the history is read again then.
  const positions: readonly FuturesPositionRow[] = account.positions.data;
  const signedIn = account.session === 'signedIn';
  useEffect(() => {
    if (!signedIn || attempt < 0 || !positions) return;
    let live = true;
    api.closedPositions().then(
      (rows) => live && setState({ rows, error: null }),
      (error: unknown) => live && !isSignedOutError(error) && setState((s) => ({ ...s, error: errorText(error) })),
    );
    return () => {
      live = false;
    };
  }, [api, signedIn, positions, attempt]);

  const rows = state.rows ?? [];
  const slice = {
    status: state.error && !state.rows ? ('error' as const) : state.rows ? ('ready' as const) : ('loading' as const),
    data: rows,
    error: state.error,
  };
  return (
    <AccountPanelsState
      session={account.session}
      slice={slice}
      isEmpty={rows.length === 0}
      emptyText={t('trade.pos.noHistory')}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <PanelScroll label={t('trade.pos.history')}>
        <table
          className="account-table account-table--history-positions account-table--cards"
          data-masked={masked || undefined}
        >
          <caption className="trade-visually-hidden">{t('trade.pos.history')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trade.acct.symbol')}</th>
              <th scope="col">{t('trade.acct.entry')}</th>
              <th scope="col">{t('trade.pos.closePrice')}</th>
              <th scope="col">{t('trade.form.amount')}</th>
              <th scope="col">{t('trade.acct.realizedPnl')}</th>
              <th scope="col">{t('trade.pos.funding')}</th>
              <th scope="col">{t('trade.pos.fees')}</th>
              <th scope="col">{t('trade.pos.opened')}</th>
              <th scope="col">{t('trade.pos.closedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.positionId} data-position-id={row.positionId}>
                <th scope="row">
                  {row.symbol}{' '}
                  <span data-tone={row.holdSide === 'long' ? 'up' : 'down'}>
                    {row.holdSide === 'long' ? t('trade.acct.long') : t('trade.acct.short')}
                  </span>
                  <span className="account-table__sub">
                    {row.marginMode === 'isolated' ? t('trade.form.isolated') : t('trade.form.cross')}{' '}
                    {`${row.leverage}×`}
                    {row.closeType === 'liquidation' ? ` · ${t('trade.pos.liquidated')}` : ''}
                  </span>
                </th>
                <td className="account-table__num" data-label={t('trade.acct.entry')}>
                  <bdi dir="ltr">{number(row.openAvgPrice)}</bdi>
                </td>
                <td className="account-table__num" data-label={t('trade.pos.closePrice')}>
                  <bdi dir="ltr">{number(row.closeAvgPrice)}</bdi>
                </td>
                <td className="account-table__num" data-label={t('trade.form.amount')}>
                  <bdi dir="ltr">{`${number(row.closeTotalPos)} ${row.baseCoin}`}</bdi>
                </td>
                <td
                  className="account-table__num"
                  data-cell="pnl"
                  data-money=""
                  data-tone={toneOf(row.pnl)}
                  data-label={t('trade.acct.realizedPnl')}
                >
                  <bdi dir="ltr">{number(row.pnl, usdt)}</bdi>
                </td>
                <td
                  className="account-table__num"
                  data-cell="funding"
                  data-money=""
                  data-label={t('trade.pos.funding')}
                >
                  <bdi dir="ltr">{number(row.totalFunding, usdt)}</bdi>
                </td>
                <td className="account-table__num" data-cell="fees" data-money="" data-label={t('trade.pos.fees')}>
                  <bdi dir="ltr">{number(row.totalFee, usdt)}</bdi>
                </td>
                <td data-label={t('trade.pos.opened')}>
                  <bdi dir="ltr">{orderTime(row.cTime, intl)}</bdi>
                </td>
                <td data-label={t('trade.pos.closedAt')}>
                  <bdi dir="ltr">{orderTime(row.uTime, intl)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PanelScroll>
    </AccountPanelsState>
  );
}
