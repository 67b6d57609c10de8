import { useT } from '../../i18n/i18n';
import { type FeedStore, useFeedPart } from '../../trade/feed-store';
import { StateView } from '../../ui/StateView';

export interface TradesTapeProps {
  store: FeedStore;
  base: string;
  quote: string;
}

/** The latest public trades, newest first, coloured by taker side. */
export function TradesTape({ store, base, quote }: TradesTapeProps) {
  const t = useT();
  const trades = useFeedPart(store, 'trades');
  const connection = useFeedPart(store, 'connection');
  return (
    <section className="trade-panel tape" aria-labelledby="tape-title">
      <div className="trade-panel__head">
        <h2 id="tape-title">{t('trade.trades')}</h2>
      </div>
      <div className="tape__columns" aria-hidden="true">
        <span>{t('trade.price', { coin: quote })}</span>
        <span>{t('trade.amount', { coin: base })}</span>
        <span>{t('trade.time')}</span>
      </div>
      {trades.length === 0 ? (
        <StateView state={connection === 'live' ? 'empty' : 'loading'} message={connection === 'live' ? t('trade.noTrades') : t('common.loading')} />
      ) : (
        <ol className="tape__rows" data-testid="trades-tape">
          {trades.map((row) => (
            <li key={row.id} className={`tape__row tape__row--${row.side}`}>
              <span className="tape__price">{row.price}</span>
              <span>{row.size}</span>
              <span className="tape__time">{row.time}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
