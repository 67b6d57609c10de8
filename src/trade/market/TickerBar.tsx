import { useEffect, useState } from 'react';
import type { TickerView } from '../../../engine/market/trade-frame';
import { useT } from '../../i18n/i18n';
import { type FeedStore, panelState, useFeedPart } from './feed-store';
import { Skeleton } from '../../ui/Skeleton';
import { FundingCalendarButton } from './FundingCalendarButton';
import { PairSwitcher } from './PairSwitcher';

/** hh:mm:ss until `target` (ms), "00:00:00" once passed. */
export function countdownText(target: number, now: number): string {
  const seconds = Math.max(0, Math.floor((target - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * The time left, read at each render: the ticker bar renders a few times a second while the stream flows, and the
 * countdown changes in those same frames. Its own one-second timer, restarted by each render, only runs when the
 * ticker stops (a quiet market, a lost connection), so it never adds a frame of its own to a live screen.
 */
function FundingCountdown({ target }: { target: number }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setTick((n) => n + 1), 1000);
    return () => clearTimeout(timer);
  });
  return <span data-testid="funding-countdown">{countdownText(target, Date.now())}</span>;
}

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="ticker__figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export interface TickerBarProps {
  store: FeedStore;
  symbol: string;
  base: string;
  quote: string;
  market: 'spot' | 'futures';
}

/**
 * The ticker header: last, 24 h change, high, low, volume; futures add mark, index, funding rate and its countdown.
 * Its figures grey while the stream does not deliver (`data-state="stale"`).
 */
export function TickerBar({ store, symbol, base, quote, market }: TickerBarProps) {
  const t = useT();
  const ticker: TickerView | null = useFeedPart(store, 'ticker');
  // Re-renders only when the connection changes: the last price greys while the stream does not deliver.
  const state = panelState(useFeedPart(store, 'connection'));
  const direction = ticker ? (ticker.direction > 0 ? 'up' : ticker.direction < 0 ? 'down' : 'flat') : 'flat';
  return (
    <section
      className="ticker"
      data-testid="ticker"
      data-state={state}
      aria-label={t(market === 'spot' ? 'trade.spotTitle' : 'trade.futuresTitle', { symbol })}
    >
      <h1 className="ticker__symbol">
        <PairSwitcher symbol={symbol} base={base} quote={quote} market={market} />
      </h1>
      {ticker === null ? (
        <Skeleton className="ticker__skeleton" />
      ) : (
        // The figures scroll sideways when they do not fit: a keyboard reaches them by focusing the row.
        <dl className="ticker__figures" tabIndex={0}>
          <div className={`ticker__last ticker__last--${direction}`}>
            <dt className="visually-hidden">{t('trade.last')}</dt>
            <dd data-testid="ticker-last">{ticker.last}</dd>
          </div>
          <Figure
            label={t('trade.change24h')}
            value={<span className={`ticker__change--${direction}`}>{ticker.change24h}</span>}
            testId="ticker-change"
          />
          {market === 'futures' && ticker.markPrice !== undefined && (
            <Figure label={t('trade.mark')} value={ticker.markPrice} testId="ticker-mark" />
          )}
          {market === 'futures' && ticker.indexPrice !== undefined && (
            <Figure label={t('trade.index')} value={ticker.indexPrice} />
          )}
          {market === 'futures' && ticker.fundingRate !== undefined && (
            <Figure
              label={t('trade.funding')}
              value={
                <>
                  {ticker.fundingRate} /{' '}
                  {ticker.nextFundingTime ? (
                    <>
                      <FundingCountdown target={ticker.nextFundingTime} />{' '}
                      <FundingCalendarButton
                        pair={`${base}/${quote}`}
                        time={ticker.nextFundingTime}
                        className="ticker__calendar"
                      />
                    </>
                  ) : (
                    '--'
                  )}
                </>
              }
            />
          )}
          <Figure label={t('trade.high24h')} value={ticker.high24h} />
          <Figure label={t('trade.low24h')} value={ticker.low24h} />
          <Figure label={t('trade.volume24h', { coin: base })} value={ticker.volume24h} />
          <Figure label={t('trade.turnover24h', { coin: quote })} value={ticker.turnover24h} />
        </dl>
      )}
    </section>
  );
}
