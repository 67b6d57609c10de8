import { useState } from 'react';
import { ReadStates } from '../api/ReadStates';
import { fresh, useRead } from '../api/use-read';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { authState } from '../session/auth-state';
import { SignInPrompt } from '../api/SignInPrompt';
import { orderSideText, orderTime, orderTypeText } from '../trade/account-panels/account-format';
import { useOrderCancel } from '../trade/account-panels/use-order-cancel';
import { errorText, tradeApi } from '../trade/trade-api';
import { useIntlTag, useNumberText } from '../trade/use-number-text';
import { AppScreenLink } from '../ui/AppScreenLink';
import { Button } from '../ui/Button';
import { StateView } from '../ui/StateView';
import { Tabs } from '../ui/Tabs';
import { AppPageNav } from './AppPageNav';

/** How often the open orders are read again while the page is seen (fills and cancels elsewhere show up). */
export const APP_ORDERS_POLL_MS = 5000;

type Market = 'spot' | 'futures';
const readOpenOrders = {
  spot: fresh(() => tradeApi.spotOpenOrders('')),
  futures: fresh(() => tradeApi.futuresOpenOrders('')),
};

/** The account's open orders of one market, every symbol, read again every few seconds while the page is seen. */
function OrderCards({ market }: { market: Market }) {
  const t = useT();
  const number = useNumberText();
  const intl = useIntlTag();
  const { state, refresh } = useRead(readOpenOrders[market], { key: market, refreshMs: APP_ORDERS_POLL_MS });
  const { cancelling, cancel } = useOrderCancel(tradeApi, market, () => void refresh());
  return (
    <ReadStates state={state} onRetry={() => void refresh()} texts={{ failed: errorText }}>
      {(orders, isKept) =>
        orders.length === 0 ? (
          <StateView state="empty" message={t('inApp.orders.none')} />
        ) : (
          <ul className="app-orders" data-testid={`app-orders-${market}`} data-state={isKept ? 'stale' : 'live'}>
            {orders.map((order) => (
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
        )
      }
    </ReadStates>
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
  return (
    <div className="app-page">
      <AppPageNav />
      <section className="app-orders-page" aria-labelledby="app-orders-title">
        <h1 id="app-orders-title" className="app-info__title">
          {t('inApp.orders.title')}
        </h1>
        {status === 'anonymous' ? (
          <SignInPrompt message={t('inApp.orders.signIn')} testId="app-orders-signed-out" />
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
            <OrderCards key={market} market={market} />
          </Tabs>
        )}
        <AppScreenLink screen="web" to="/record/exchange" className="app-page__more asset-link" testId="app-records">
          {t('inApp.orders.history')}
        </AppScreenLink>
      </section>
    </div>
  );
}
