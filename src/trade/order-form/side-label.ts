import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import type { Translate } from '../../i18n/i18n';

/** The submit button's words: buy / sell the coin (spot), long / short, or open / close a side (hedge mode). */
export function sideLabelOf(
  side: 'buy' | 'sell',
  instrument: TradeInstrument,
  hedge: boolean,
  tradeSide: 'open' | 'close',
  t: Translate,
): string {
  if (instrument.market !== 'futures')
    return t(side === 'buy' ? 'trade.form.buyCoin' : 'trade.form.sellCoin', { coin: instrument.base });
  if (!hedge) return t(side === 'buy' ? 'trade.form.buyLong' : 'trade.form.sellShort');
  if (tradeSide === 'open') return t(side === 'buy' ? 'trade.form.openLong' : 'trade.form.openShort');
  return t(side === 'buy' ? 'trade.form.closeShort' : 'trade.form.closeLong');
}
