import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { TradeFeedTarget, TradeFeedView } from '../../engine/market/trade-frame';
import type { TradeInstrument } from '../../engine/market/trade-instrument';
import { chartPreferenceKey } from '../../engine/rules/chart-preferences';
import { groupingSteps } from '../../engine/rules/grouping-steps';
import { localeEntryOf } from '../../engine/rules/locales';
import { CoinDescription } from '../content/CoinDescription';
import { i18nState, useT } from '../i18n/i18n';
import { settingsState } from '../settings/settings';
import { type FeedParts, type FeedStore, useFeedValue } from './market/feed-store';
import { useTradeFeed } from './market/use-trade-feed';
import { dismissFirstPaint } from '../ui/first-paint';
import { handOverFirstPaintToMarket, type MarketReadiness } from '../ui/first-paint-handover';
import { StateView } from '../ui/StateView';
import { Tabs } from '../ui/Tabs';
import { useIsMobile } from '../ui/use-media';
import { usePageTitlePrice } from '../ui/page-title';
import { AccountPanels } from './account-panels/AccountPanels';
import { PhoneTradeBar } from './PhoneTradeBar';
import { type ChartChannel, ChartPanel } from './market/ChartPanel';
import { ConnectionBanner } from './ConnectionBanner';
import { FormSidePicker } from './FormSidePicker';
import { OrderBookPanel } from './market/OrderBookPanel';
import { OrderForm } from './order-form/OrderForm';
import { SimulationBar } from '../simulation/SimulationBar';
import { TickerBar } from './market/TickerBar';
import { TradesTape } from './market/TradesTape';
import './trade-page.css';

/** Book rows per side: a desktop column holds more than a phone's tab. */
const DESKTOP_DEPTH = 14;
const MOBILE_DEPTH = 10;

export interface TradePageProps {
  instrument: TradeInstrument;
  /** K-line interval from the URL, else the one remembered for the symbol. */
  interval: ChartChannel;
  /**
   * `app`: the in-app pages' compact single column at any width (`/trade-spot`, `/trade-swap`), the book shown first
   * and the chart's code loaded only when its tab is opened; `web` (default): columns from 768 px.
   */
  layout?: 'web' | 'app';
}

/**
 * A trading screen (spot or USDT-M futures): ticker, chart, book, trades, order form, orders and positions. Market
 * data comes from the market worker as display-ready frames; the page only paints them. Below 768 px the chart,
 * book and trades share one tabbed panel.
 */
export function TradePage({ instrument, interval, layout = 'web' }: TradePageProps) {
  const t = useT();
  const navigate = useNavigate();
  const isMobile = useIsMobile() || layout === 'app';
  const { locale } = useSnapshot(i18nState);
  // The order form's side on a desktop screen (spec §3 `layout`); trade-page.css lays the columns out by it.
  const { layout: formSide } = useSnapshot(settingsState);
  const intl = localeEntryOf(locale).intl;
  const steps = useMemo(
    () =>
      groupingSteps(instrument.pricePlaces, {
        endStep: Math.round(Number(instrument.priceStep) * 10 ** instrument.pricePlaces),
      }),
    [instrument],
  );
  const [step, setStep] = useState(steps[0] ?? instrument.priceStep);
  const [picked, setPicked] = useState<{ price: string; n: number } | undefined>(undefined);
  const [pickedSide, setPickedSide] = useState<{ side: 'buy' | 'sell'; n: number } | undefined>(undefined);
  const formArea = useRef<HTMLDivElement>(null);
  const [mobileTab, setMobileTab] = useState('book');

  const target: TradeFeedTarget = useMemo(
    () => ({ instType: instrument.market === 'spot' ? 'SPOT' : 'USDT-FUTURES', symbol: instrument.symbol }),
    [instrument],
  );
  const chartShown = !isMobile || mobileTab === 'chart';
  const view: TradeFeedView = useMemo(
    () => ({
      intl,
      groupStep: step,
      depthRows: isMobile ? MOBILE_DEPTH : DESKTOP_DEPTH,
      candleChannel: chartShown ? interval : null,
    }),
    [intl, step, isMobile, chartShown, interval],
  );
  const { store, canvases, failure, retry } = useTradeFeed(target, view, instrument);
  usePageTitlePrice(instrument.symbol, store);
  // The gateway's first paint of an in-app page (src/ui/first-paint.ts) stays until this screen has its market.
  const { market, symbol } = instrument;
  useEffect(
    () => (failure ? dismissFirstPaint() : handOverFirstPaintToMarket({ market, symbol }, readinessOf(store))),
    [failure, store, market, symbol],
  );
  const onPick = (price: string) =>
    setPicked((current) => ({ price: price.replace(/[^\d.]/g, ''), n: (current?.n ?? 0) + 1 }));
  const onChannel = (channel: ChartChannel) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, interval: channel }),
      replace: true,
    });

  if (failure) {
    return (
      <StateView
        state="error"
        message={t(failure === 'worker-timeout' ? 'error.workerTimeout' : 'error.workerFailed')}
        onRetry={retry}
      />
    );
  }

  const chart = (
    <ChartPanel
      store={store}
      base={instrument.base}
      quote={instrument.quote}
      pricePlaces={instrument.pricePlaces}
      channel={interval}
      onChannel={onChannel}
      preferenceKey={chartPreferenceKey(instrument.market, instrument.symbol)}
    />
  );
  const book = (
    <OrderBookPanel
      store={store}
      canvas={canvases?.book ?? null}
      rows={view.depthRows}
      base={instrument.base}
      quote={instrument.quote}
      steps={steps}
      step={step}
      onStep={setStep}
      onPick={onPick}
    />
  );
  const tape = (
    <TradesTape store={store} canvas={canvases?.tape ?? null} base={instrument.base} quote={instrument.quote} />
  );
  const lastPrice = <LastPriceForm store={store} instrument={instrument} picked={picked} pickedSide={pickedSide} />;

  return (
    <div
      className={`trade trade--${instrument.market}${layout === 'app' ? ' trade--app' : ''}`}
      data-market={instrument.market}
      data-symbol={instrument.symbol}
      data-form-side={formSide}
    >
      <SimulationBar market={instrument.market} />
      <ConnectionBanner store={store} />
      <div className="trade__top">
        <TickerBar
          store={store}
          symbol={instrument.symbol}
          base={instrument.base}
          quote={instrument.quote}
          market={instrument.market}
        />
        {/* A phone's screen is one column whichever side is chosen: nothing to pick there. */}
        {!isMobile && <FormSidePicker />}
      </div>
      {isMobile ? (
        <Tabs
          className="trade__mobile-tabs"
          label={t('trade.marketPanels')}
          value={mobileTab}
          onChange={setMobileTab}
          items={[
            { id: 'chart', label: t('trade.chart'), panel: chart },
            { id: 'book', label: t('trade.book'), panel: book },
            { id: 'trades', label: t('trade.trades'), panel: tape },
          ]}
        />
      ) : (
        <>
          <div className="trade__chart">{chart}</div>
          <div className="trade__book">{book}</div>
          <div className="trade__tape">{tape}</div>
        </>
      )}
      <div className="trade__form" ref={formArea}>
        {lastPrice}
        <CoinDescription coin={instrument.base} />
      </div>
      <div className="trade__account">
        <AccountPanels instrument={instrument} />
      </div>
      {isMobile && (
        <PhoneTradeBar
          market={instrument.market}
          form={formArea}
          onSide={(side) => setPickedSide((current) => ({ side, n: (current?.n ?? 0) + 1 }))}
        />
      )}
    </div>
  );
}

/** A screen's market is ready when its ticker and a live book are in. */
function readinessOf(store: FeedStore): MarketReadiness {
  return {
    isReady: () => store.snapshot.ticker !== null && store.snapshot.book?.status === 'live',
    subscribe(listener) {
      const stopTicker = store.subscribe('ticker', listener);
      const stopBook = store.subscribe('book', listener);
      return () => {
        stopTicker();
        stopBook();
      };
    },
  };
}

interface LastPriceFormProps {
  store: FeedStore;
  instrument: TradeInstrument;
  picked: { price: string; n: number } | undefined;
  pickedSide: { side: 'buy' | 'sell'; n: number } | undefined;
}

const lastRawOf = (parts: FeedParts) => parts.ticker?.lastRaw ?? null;
const noPrice = () => null;

/**
 * The order form with the raw last price, while the form needs it (a market order, or a price field still to
 * fill): it then re-renders when that price changes, never on other ticker frames, and not at all for a limit order.
 */
function LastPriceForm({ store, instrument, picked, pickedSide }: LastPriceFormProps) {
  const [isLive, setIsLive] = useState(true);
  const lastPrice = useFeedValue(store, 'ticker', isLive ? lastRawOf : noPrice);
  const readLastPrice = useCallback(() => lastRawOf(store.snapshot), [store]);
  return (
    <OrderForm
      instrument={instrument}
      lastPrice={lastPrice}
      pickedPrice={picked}
      pickedSide={pickedSide}
      onLivePriceNeed={setIsLive}
      readLastPrice={readLastPrice}
    />
  );
}
