import { isZeroDecimal } from '../../../engine/rules/numeric-input';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { coinPlacesOf, MONEY_PLACES_FALLBACK } from '../../../engine/rules/coin-places';
import { useT } from '../../i18n/i18n';
import type { TradeOrder } from '../trade-replies';
import { useIntlTag, useNumberText } from '../use-number-text';
import { Button } from '../../ui/Button';
import { orderSideText, orderStatusText, orderTime, orderTypeText } from './account-format';
import { PanelScroll } from './PanelScroll';

export interface OrdersTableProps {
  instrument: TradeInstrument;
  orders: readonly TradeOrder[];
  kind: 'open' | 'history';
  /** Ids of orders whose cancel is in flight (their button shows loading). */
  cancelling?: ReadonlySet<string>;
  /** Open orders: each order's value at its price in the quote coin, by order id (from the maths worker). */
  values?: ReadonlyMap<string, string | null>;
  onCancel?(order: TradeOrder): void;
}

/** Open orders (with a cancel button per row) or order history, one row per order. */
export function OrdersTable({ instrument, orders, kind, cancelling, values, onCancel }: OrdersTableProps) {
  const t = useT();
  const number = useNumberText();
  const intl = useIntlTag();
  const futures = instrument.market === 'futures';
  return (
    <PanelScroll label={kind === 'open' ? t('trade.acct.openOrders') : t('trade.acct.history')}>
      <table className="account-table account-table--cards">
        <caption className="trade-visually-hidden">
          {kind === 'open' ? t('trade.acct.openOrders') : t('trade.acct.history')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{futures ? t('trade.acct.symbol') : t('trade.pairColumn')}</th>
            <th scope="col">{t('trade.acct.time')}</th>
            <th scope="col">{t('trade.acct.side')}</th>
            <th scope="col">{t('trade.acct.type')}</th>
            <th scope="col">{kind === 'open' ? t('trade.form.price') : t('trade.acct.avgPrice')}</th>
            {kind === 'open' && <th scope="col">{t('trade.form.trigger')}</th>}
            <th scope="col">{t('trade.acct.filledOfSize', { coin: instrument.base })}</th>
            {kind === 'open' && <th scope="col">{t('trade.acct.orderValue', { coin: instrument.quote })}</th>}
            {kind === 'history' && futures && <th scope="col">{t('trade.acct.realizedPnl')}</th>}
            <th scope="col">{t('trade.acct.status')}</th>
            {kind === 'open' && (
              <th scope="col">
                <span className="trade-visually-hidden">{t('trade.acct.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId} data-order-id={order.orderId}>
              <th scope="row">{order.symbol}</th>
              <td data-label={t('trade.acct.time')}>{orderTime(order.cTime, intl)}</td>
              <td data-tone={order.side === 'buy' ? 'up' : 'down'} data-label={t('trade.acct.side')}>
                {orderSideText(order, t)}
              </td>
              <td data-label={t('trade.acct.type')}>{orderTypeText(order, t)}</td>
              <td
                className="account-table__num"
                data-label={kind === 'open' ? t('trade.form.price') : t('trade.acct.avgPrice')}
              >
                <bdi dir="ltr">
                  {kind === 'open'
                    ? order.orderType === 'market'
                      ? t('trade.form.market')
                      : number(order.price)
                    : number(isZeroDecimal(order.priceAvg) ? null : order.priceAvg || null)}
                </bdi>
              </td>
              {kind === 'open' && (
                <td className="account-table__num" data-label={t('trade.form.trigger')}>
                  <bdi dir="ltr">{number(order.triggerPrice || null)}</bdi>
                </td>
              )}
              <td className="account-table__num" data-label={t('trade.acct.filledOfSize', { coin: instrument.base })}>
                <bdi dir="ltr">{number(order.baseVolume)}</bdi> / <bdi dir="ltr">{number(order.size)}</bdi>
              </td>
              {kind === 'open' && (
                <td
                  className="account-table__num"
                  data-cell="value"
                  data-label={t('trade.acct.orderValue', { coin: instrument.quote })}
                >
                  <bdi dir="ltr">{number(values?.get(order.orderId))}</bdi>
                </td>
              )}
              {kind === 'history' && futures && (
                <td className="account-table__num" data-label={t('trade.acct.realizedPnl')}>
                  <bdi dir="ltr">
                    {number(
                      order.futures?.totalProfits || null,
                      coinPlacesOf(order.feeCoin || 'USDT', MONEY_PLACES_FALLBACK),
                    )}
                  </bdi>
                </td>
              )}
              <td data-label={t('trade.acct.status')}>{orderStatusText(order, t)}</td>
              {kind === 'open' && (
                <td className="account-table__action">
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={cancelling?.has(order.orderId)}
                    onClick={() => onCancel?.(order)}
                    aria-label={t('trade.acct.cancelOrder', { id: order.orderId })}
                  >
                    {t('trade.acct.cancel')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </PanelScroll>
  );
}
