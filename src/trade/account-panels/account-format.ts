import type { Translate } from '../../i18n/i18n';
import type { OrderStatus, TradeOrder } from '../trade-replies';

const formats = new Map<string, Intl.DateTimeFormat>();

/** An order time (ms since the epoch, as a string) in the page's locale; `--` when it is not a time. */
export function orderTime(ms: string, intl: string): string {
  const value = Number(ms);
  if (!Number.isSafeInteger(value) || value <= 0) return '--';
  let format = formats.get(intl);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, {
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      numberingSystem: 'latn',
    });
    formats.set(intl, format);
  }
  return format.format(value);
}

/** Buy / sell, and for futures what it does to the position (open long, close short…). */
export function orderSideText(order: TradeOrder, t: Translate): string {
  const futures = order.futures;
  if (!futures) return t(order.side === 'buy' ? 'trade.form.buy' : 'trade.form.sell');
  const closing = futures.tradeSide === 'close' || futures.reduceOnly;
  if (order.side === 'buy') return t(closing ? 'trade.form.closeShort' : 'trade.form.openLong');
  return t(closing ? 'trade.form.closeLong' : 'trade.form.openShort');
}

/** Limit, market, stop-limit (a limit with a trigger), a spot order's take-profit or stop-loss, post-only, liquidation. */
export function orderTypeText(order: TradeOrder, t: Translate): string {
  if (order.orderType === 'liquidation') return t('trade.acct.liquidation');
  if (order.tpslKind) return t(order.tpslKind === 'tp' ? 'trade.form.takeProfit' : 'trade.form.stopLoss');
  if (order.triggerPrice !== '')
    return t(order.orderType === 'market' ? 'trade.acct.stopMarket' : 'trade.form.stopLimit');
  if (order.orderType === 'market') return t('trade.form.market');
  if (order.force === 'post_only') return t('trade.acct.limitPostOnly');
  if (order.force === 'ioc' || order.force === 'fok')
    return t('trade.acct.limitForce', { force: order.force.toUpperCase() });
  return t('trade.form.limit');
}

const STATUS_KEYS = {
  live: 'trade.acct.statusLive',
  partially_filled: 'trade.acct.statusPartial',
  filled: 'trade.acct.statusFilled',
  cancelled: 'trade.acct.statusCancelled',
} as const satisfies Record<OrderStatus, string>;

/** The order's status; a stop order still waiting for its trigger says so. */
export function orderStatusText(order: TradeOrder, t: Translate): string {
  if (order.planStatus === 'untriggered' && order.status === 'live') return t('trade.acct.statusUntriggered');
  return t(STATUS_KEYS[order.status]);
}
