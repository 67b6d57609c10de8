import { Link, useLoaderData, useRouter, useSearch } from '@tanstack/react-router';
import { chartPreferenceKey } from '../../engine/rules/chart-preferences';
import { useT } from '../i18n/i18n';
import { loadChartPreference } from '../settings/chart-preferences';
import type { TradeRouteData } from './trade-route';
import { PageTransition } from '../ui/PageTransition';
import { StateView } from '../ui/StateView';
import { chartChannelOf } from './market/ChartPanel';
import { TradePage } from './TradePage';

interface TradeRouteViewProps {
  data: TradeRouteData;
  interval: string | undefined;
}

function TradeRouteView({ data, interval }: TradeRouteViewProps) {
  const t = useT();
  const router = useRouter();
  if (data.state === 'not-found') {
    return (
      <section className="trade-missing">
        <StateView state="empty" message={t('trade.notFound', { symbol: data.symbol })} />
        <Link to="/" search={{}}>
          {t('notFound.back')}
        </Link>
      </section>
    );
  }
  if (data.state === 'failed') {
    const message =
      data.reason === 'network'
        ? t('error.network')
        : data.reason === 'worker-timeout'
          ? t('error.workerTimeout')
          : t('trade.loadFailed');
    return (
      <StateView
        state={navigator.onLine ? 'error' : 'offline'}
        message={message}
        onRetry={() => void router.invalidate()}
      />
    );
  }
  // A new symbol is a new page: its feed, form and panels start afresh. Without an interval in the URL the chart
  // shows the one last chosen for this symbol.
  return (
    <TradePage
      key={`${data.instrument.market}:${data.instrument.symbol}`}
      instrument={data.instrument}
      interval={
        interval !== undefined
          ? chartChannelOf(interval)
          : loadChartPreference(chartPreferenceKey(data.instrument.market, data.instrument.symbol)).interval
      }
    />
  );
}

/** `/spot/{symbol}`. */
export function SpotTradeRoute() {
  const data = useLoaderData({ from: '/spot/$symbol' });
  const { interval } = useSearch({ from: '/spot/$symbol' });
  return (
    <PageTransition>
      <TradeRouteView data={data} interval={interval} />
    </PageTransition>
  );
}

/** `/futures/usdt/{symbol}`. */
export function FuturesTradeRoute() {
  const data = useLoaderData({ from: '/futures/usdt/$symbol' });
  const { interval } = useSearch({ from: '/futures/usdt/$symbol' });
  return (
    <PageTransition>
      <TradeRouteView data={data} interval={interval} />
    </PageTransition>
  );
}
