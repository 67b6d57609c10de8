import { useLayoutEffect, useRef } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { useT } from '../../i18n/i18n';
import type { AccountSnapshot } from './account-store';
import type { TradeOrder } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { AccountPanelsState } from './AccountPanelsState';
import { showToast } from '../../ui/toast/toast-state';
import { ConfirmedPanelAction } from './ConfirmedPanelAction';
import { OrdersTable } from './OrdersTable';
import { useOrderValues } from './order-values';
import { quotePlacesOf } from '../order-form/order-form-sizing';
import { useOrderCancel } from './use-order-cancel';

const NO_ORDERS: readonly TradeOrder[] = [];

export interface OrdersPanelProps {
  instrument: TradeInstrument;
  account: AccountSnapshot;
  kind: 'open' | 'history';
}

/** The open orders (cancel per row, with its own loading state) or the order history of the screen's symbol. */
export function OrdersPanel({ instrument, account, kind }: OrdersPanelProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  const slice = kind === 'open' ? account.openOrders : account.history;
  const boxRef = useRef<HTMLDivElement>(null);
  // The cancelled order whose row, once gone, takes the focus with it: the focus then goes to the next row's cancel.
  const focusAfter = useRef<{ orderId: string; index: number } | null>(null);

  useLayoutEffect(() => {
    const pending = focusAfter.current;
    const box = boxRef.current;
    if (!pending || !box || slice.data.some((order) => order.orderId === pending.orderId)) return;
    focusAfter.current = null;
    // Only when the focus went down with the row: never take it from where the user has moved it since.
    if (document.activeElement && document.activeElement !== document.body) return;
    const buttons = box.querySelectorAll<HTMLButtonElement>('tbody button');
    (buttons[Math.min(pending.index, buttons.length - 1)] ?? box).focus();
  }, [slice.data]);

  // Only open orders show a value: the history's orders are valued by what filled (their average price).
  const values = useOrderValues(kind === 'open' ? slice.data : NO_ORDERS, quotePlacesOf(instrument));
  const { cancelling, cancel } = useOrderCancel(api, instrument.market, (order) => {
    focusAfter.current = { orderId: order.orderId, index: slice.data.findIndex((o) => o.orderId === order.orderId) };
    // The long poll will name `orders` too; asking now makes the row go without waiting for it.
    store.refresh('openOrders', 'history');
  });

  return (
    <div ref={boxRef} tabIndex={-1} className="account-panels__focus-box">
      <AccountPanelsState
        session={account.session}
        slice={slice}
        isEmpty={slice.data.length === 0}
        emptyText={kind === 'open' ? t('trade.acct.noOpenOrders') : t('trade.acct.noHistory')}
        onRetry={() => store.refresh(kind === 'open' ? 'openOrders' : 'history')}
      >
        {kind === 'open' && (
          <ConfirmedPanelAction
            label={t('trade.acct.cancelAll')}
            title={t('trade.acct.cancelAllTitle')}
            body={t('trade.acct.cancelAllBody', { count: slice.data.length, symbol: instrument.symbol })}
            confirmLabel={t('trade.acct.cancelAllConfirm')}
            run={async () => {
              const count = await api.cancelAllOrders(instrument.market, instrument.symbol);
              showToast({ type: 'success', message: t('trade.acct.cancelAllDone', { count }) });
              store.refresh('openOrders', 'history');
            }}
          />
        )}
        <OrdersTable
          instrument={instrument}
          orders={slice.data}
          kind={kind}
          cancelling={cancelling}
          values={values}
          onCancel={(order) => void cancel(order)}
        />
      </AccountPanelsState>
    </div>
  );
}
