import { useLoaderData, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { dismissFirstPaint } from '../ui/first-paint';
import { chartPreferenceKey } from '../../engine/rules/chart-preferences';
import { useT } from '../i18n/i18n';
import { MarketLinkTarget } from '../markets/MarketLink';
import { loadChartPreference } from '../settings/chart-preferences';
import { chartChannelOf } from '../trade/market/ChartPanel';
import { TradePage } from '../trade/TradePage';
import type { TradeRouteData } from '../trade/trade-route';
import { StateView } from '../ui/StateView';
import { AppPageNav } from './AppPageNav';

function AppTradeView({ data, interval }: { data: TradeRouteData; interval: string | undefined }) {
  const t = useT();
  const router = useRouter();
  // A page with no market to show has nothing for the gateway's first paint to stand for.
  useEffect(() => {
    if (data.state !== 'ready') dismissFirstPaint();
  }, [data.state]);
  if (data.state === 'not-found')
    return <StateView state="empty" message={t('trade.notFound', { symbol: data.symbol })} />;
  if (data.state === 'failed')
    return (
      <StateView
        state={navigator.onLine ? 'error' : 'offline'}
        message={data.reason === 'network' ? t('error.network') : t('trade.loadFailed')}
        onRetry={() => void router.invalidate()}
      />
    );
  const { instrument } = data;
  return (
    <TradePage
      key={`${instrument.market}:${instrument.symbol}`}
      instrument={instrument}
      layout="app"
      interval={
        interval !== undefined
          ? chartChannelOf(interval)
          : loadChartPreference(chartPreferenceKey(instrument.market, instrument.symbol)).interval
      }
    />
  );
}

/**
 * `/trade-spot` and `/trade-swap` (spec §2.1, in-app): the trading screen in one compact column for a 360 px
 * webview, on the trading screens' own workers; the pair switcher stays on the in-app pages.
 */
export function AppTradeRoute({ from }: { from: '/trade-spot' | '/trade-swap' }) {
  const t = useT();
  const data = useLoaderData({ from });
  const { interval } = useSearch({ from });
  // Leaving the page takes the first paint with it, whatever its state.
  useEffect(() => dismissFirstPaint, []);
  const symbol = data.state === 'ready' ? data.instrument.symbol : data.state === 'not-found' ? data.symbol : undefined;
  const pair = data.state === 'ready' ? `${data.instrument.base}/${data.instrument.quote}` : (symbol ?? '');
  return (
    <MarketLinkTarget.Provider value="app">
      <div className="app-page">
        <AppPageNav symbol={symbol} share={{ title: pair, text: t('inApp.shareText', { pair }) }} />
        <AppTradeView data={data} interval={interval} />
      </div>
    </MarketLinkTarget.Provider>
  );
}
