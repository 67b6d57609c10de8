import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../../i18n/i18n';
import { settingsState } from '../../settings/settings';
import { type FeedStore, panelState, useFeedPart } from './feed-store';
import type { PanelCanvasHandle } from './panel-canvas';
import { StateView } from '../../ui/StateView';
import { type PacedCopy, panelHeight, useCopy, usePacedCopy, usePanelCanvas } from './use-panel-canvas';

/** Trades painted on the tape. */
export const TAPE_PAINTED_ROWS = 30;
/** Trades the accessible list says: the newest, as every row of it is laid out again at each refresh. */
const LISTED_ROWS = 10;

export interface TradesTapeProps {
  store: FeedStore;
  /** The painted tape; null until the feed has made one. */
  canvas: PanelCanvasHandle | null;
  base: string;
  quote: string;
}

/**
 * The latest public trades, newest first, coloured by taker side: painted on a canvas (by the market worker where
 * the browser allows), with the same trades in an accessible list refreshed every two seconds; greyed and marked not
 * live while the stream does not deliver (`data-state="stale"`).
 */
export function TradesTape({ store, canvas, base, quote }: TradesTapeProps) {
  const t = useT();
  const copy = usePacedCopy(store, 'trades', canvas?.kind === 'worker');
  // The panel renders when the tape starts or empties; each refresh of its copy renders the list alone.
  const hasTrades = useCopy(copy, hasRows);
  const connection = useFeedPart(store, 'connection');
  const { theme } = useSnapshot(settingsState);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const state = panelState(connection);
  const geometry = { rows: TAPE_PAINTED_ROWS, stackedRows: TAPE_PAINTED_ROWS, spreadHeight: 0, spreadLabel: '' };
  usePanelCanvas(canvas, hasTrades ? host : null, geometry, theme);
  return (
    <section className="trade-panel tape" aria-labelledby="tape-title" data-testid="tape-panel" data-state={state}>
      <div className="trade-panel__head">
        <h2 id="tape-title">{t('trade.trades')}</h2>
        {state === 'stale' && <span className="trade-panel__stale">{t('trade.notLive')}</span>}
      </div>
      <div className="tape__columns" aria-hidden="true">
        <span>{t('trade.price', { coin: quote })}</span>
        <span>{t('trade.amount', { coin: base })}</span>
        <span>{t('trade.time')}</span>
      </div>
      {!hasTrades ? (
        <StateView
          state={connection === 'live' ? 'empty' : 'loading'}
          message={connection === 'live' ? t('trade.noTrades') : t('common.loading')}
        />
      ) : (
        <div className="tape__body" data-testid="trades-tape">
          <div className="tape__paint" ref={setHost} style={{ blockSize: panelHeight(geometry) }} />
          <TapeList copy={copy} />
        </div>
      )}
    </section>
  );
}

const hasRows = (rows: readonly unknown[]) => rows.length > 0;

/** The newest trades in words for assistive technology (and a plain view of them for tests), refreshed every two seconds. */
function TapeList({ copy }: { copy: PacedCopy<'trades'> }) {
  const t = useT();
  const trades = useCopy(copy, (rows) => rows);
  return (
    <ul className="visually-hidden tape__rows" aria-label={t('trade.trades')}>
      {trades.slice(0, LISTED_ROWS).map((row, i) => (
        // Index keys: at each refresh only the texts change, no item is taken out or put in.
        // biome-ignore lint/suspicious/noArrayIndexKey: items are places on the tape, newest first.
        <li key={i} className={`tape__row tape__row--${row.side}`}>
          <span className="tape__price">{row.price}</span> <span>{row.size}</span>{' '}
          <span className="tape__time">{row.time}</span>
        </li>
      ))}
    </ul>
  );
}
