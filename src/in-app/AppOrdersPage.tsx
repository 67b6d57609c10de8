import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { authState } from '../session/auth-state';
import { SignInToTrade } from '../trade/account-panels/AccountPanelsSignIn';
import { orderSideText, orderTime, orderTypeText } from '../trade/account-panels/account-format';
import { useOrderCancel } from '../trade/account-panels/use-order-cancel';
import { errorText, tradeApi } from '../trade/trade-api';
import type { TradeOrder } from '../trade/trade-replies';
import { useIntlTag, useNumberText } from '../trade/use-number-text';
import { AppScreenLink } from '../ui/AppScreenLink';
import { Button } from '../ui/Button';
import { StateView } from '../ui/StateView';
import { Tabs } from '../ui/Tabs';
import { useVisiblePoll } from '../ui/use-visible-poll';
import { AppPageNav } from './AppPageNav';

/** How often the open orders are read again while the page is seen (fills and cancels elsewhere show up). */
export const APP_ORDERS_POLL_MS = 5000;

type Market = 'spot' | 'futures';
type OrdersView =
  | { status: 'loading' }
  | { status: 'ready'; orders: readonly TradeOrder[]; stale: boolean }
  | { status: 'error'; message: string };

/** The account's open orders of one market, every symbol, read again while the page is seen. */
function useOpenOrders(market: Market, isSignedIn: boolean) {
  const [view, setView] = useState<OrdersView>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  useVisiblePoll(
    async (isLive) => {
      try {
        const orders = await (market === 'spot' ? tradeApi.spotOpenOrders('') : tradeApi.futuresOpenOrders(''));
        if (isLive()) setView({ status: 'ready', orders, stale: false });
      } catch (error) {
        if (isLive())
          setView((current) =>
            current.status === 'ready' ? { ...current, stale: true } : { status: 'error', message: errorText(error) },
          );
      }
    },
    APP_ORDERS_POLL_MS,
    [market, attempt],
    isSignedIn,
  );
  return { view, refresh };
}

function OrderCards({ market, isSignedIn }: { market: Market; isSignedIn: boolean }) {
  const t = useT();
  const number = useNumberText();
  const intl = useIntlTag();
  const { view, refresh } = useOpenOrders(market, isSignedIn);
  const { cancelling, cancel } = useOrderCancel(tradeApi, market, refresh);

  if (view.status === 'loading') return <StateView state="loading" />;
  if (view.status === 'error')
    return <StateView state={navigator.onLine ? 'error' : 'offline'} message={view.message} onRetry={refresh} />;
  if (view.orders.length === 0) return <StateView state="empty" message={t('inApp.orders.none')} />;
  return (
    <ul className="app-orders" data-testid={`app-orders-${market}`} data-state={view.stale ? 'stale' : 'live'}>
      {view.orders.map((order) => (
        <li key={order.orderId} className="app-card app-order" data-order-id={order.orderId}>
          <div className="app-order__head">
            <span className="app-order__symbol">{order.symbol}</span>
            <span data-tone={order.side === 'buy' ? 'up' : 'down'}>{orderSideText(order, t)}</span>
            <span>{orderTypeText(order, t)}</span>
          </div>
          <dl className="app-terms">
            <div className="app-terms__row">
              <dt>{t('trade.form.price')}</dt>
              <dd>
                <bdi dir="ltr">{order.orderType === 'market' ? t('trade.form.market') : number(order.price)}</bdi>
              </dd>
            </div>
            <div className="app-terms__row">
              <dt>{t('inApp.orders.filled')}</dt>
              <dd>
                <bdi dir="ltr">
                  {number(order.baseVolume)} / {number(order.size)}
                </bdi>
              </dd>
            </div>
            <div className="app-terms__row">
              <dt>{t('trade.acct.time')}</dt>
              <dd>
                <bdi dir="ltr">{orderTime(order.cTime, intl)}</bdi>
              </dd>
            </div>
          </dl>
          <Button
            variant="secondary"
            size="sm"
            loading={cancelling.has(order.orderId)}
            onClick={() => void cancel(order)}
            aria-label={t('inApp.orders.cancelOne', { symbol: order.symbol })}
          >
            {t('trade.acct.cancel')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/trade-asset-order` (spec §2.1, in-app): the account's open orders, spot and futures, every symbol, as cards for
 * a 360 px webview, each with its cancel.
 */
export function AppOrdersPage() {
  const t = useT();
  const { status } = useSnapshot(authState);
  const [market, setMarket] = useState<Market>('spot');
  const isSignedIn = status === 'signedIn';
  return (
    <div className="app-page">
      <AppPageNav />
      <section className="app-orders-page" aria-labelledby="app-orders-title">
        <h1 id="app-orders-title" className="app-info__title">
          {t('inApp.orders.title')}
        </h1>
        {status === 'anonymous' ? (
          <SignInToTrade message={t('inApp.orders.signIn')} />
        ) : status === 'unknown' ? (
          <StateView state="loading" />
        ) : (
          <Tabs
            label={t('inApp.orders.title')}
            value={market}
            onChange={(id) => setMarket(id as Market)}
            items={[
              { id: 'spot', label: t('inApp.nav.spot') },
              { id: 'futures', label: t('inApp.nav.futures') },
            ]}
          >
            <OrderCards key={market} market={market} isSignedIn={isSignedIn} />
          </Tabs>
        )}
        <AppScreenLink screen="web" to="/record/exchange" className="app-page__more asset-link" testId="app-records">
          {t('inApp.orders.history')}
        </AppScreenLink>
      </section>
    </div>
  );
}
