import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { isZeroDecimal } from '../../../engine/rules/numeric-input';
import type { Translate } from '../../i18n/i18n';
import type { ToastOptions } from '../../ui/toast/toast-state';
import type { TradeOrder } from '../trade-replies';

/**
 * What a trader is told once the gateway took an order: placed; or, for one the book ended at once (the rest of an
 * immediate-or-cancel order, a fill-or-kill order that could not fill whole), what filled and that the rest is gone.
 */
export function placedToast(order: TradeOrder, instrument: TradeInstrument, t: Translate): ToastOptions {
  if (order.status !== 'cancelled') return { type: 'success', message: t('trade.form.placed') };
  if (isZeroDecimal(order.baseVolume)) return { type: 'warning', message: t('trade.form.endedUnfilled') };
  return {
    type: 'success',
    message: t('trade.form.endedPartly', { filled: order.baseVolume, coin: instrument.base }),
  };
}
