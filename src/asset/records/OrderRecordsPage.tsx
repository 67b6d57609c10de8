import { isZeroDecimal } from '../../../engine/rules/numeric-input';
import { Link, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatDateTime } from '../../../engine/format/date-time';
import { type MessageKey, useIntlTag, useT } from '../../i18n/i18n';
import { fixedText } from '../asset-format';
import {
  type FillRow,
  loadFills,
  loadOrders,
  ORDER_STATUSES,
  type OrderRecordRow,
  type OrderStatus,
  type RecordFilters,
} from './records-api';
import { RecordsArea } from './RecordsArea';
import { type RecordColumn, RecordsList } from './RecordsList';
import { csvTime } from './csv-export';
import { placesOf } from './TransacPage';

const STATUS_TEXT: Record<OrderStatus, MessageKey> = {
  live: 'asset.status.live',
  partially_filled: 'asset.status.partially_filled',
  filled: 'asset.status.filled',
  cancelled: 'asset.status.cancelled',
};
const STATUSES = ORDER_STATUSES.map((value) => ({ value, label: STATUS_TEXT[value] }));
const SIDES = [
  { value: 'buy', label: 'asset.side.buy' },
  { value: 'sell', label: 'asset.side.sell' },
] as const satisfies readonly { value: string; label: MessageKey }[];
const MARKETS = [
  { value: 'spot', label: 'asset.market.spot' },
  { value: 'futures', label: 'asset.market.futures' },
] as const satisfies readonly { value: string; label: MessageKey }[];

/** True for "0", "0.00" and the like. */
const isZero = (value: string | null) => value !== null && isZeroDecimal(value);

/** The order columns both order lists show; `withMarket` adds the market (the history spans both). */
function useOrderColumns(withMarket: boolean): RecordColumn<OrderRecordRow>[] {
  const t = useT();
  const intl = useIntlTag();
  return useMemo(() => {
    const figure = (value: string | null) =>
      value === null || value === '' ? '--' : <bdi dir="ltr">{fixedText(value, placesOf(value), intl)}</bdi>;
    const columns: RecordColumn<OrderRecordRow>[] = [
      {
        label: 'asset.records.time',
        cell: (o) => <bdi dir="auto">{formatDateTime(o.cTime, intl)}</bdi>,
        csv: (o) => csvTime(o.cTime),
      },
      { label: 'asset.records.pair', cell: (o) => o.symbol, csv: (o) => o.symbol },
      {
        label: 'asset.records.side',
        cell: (o) => t(o.side === 'buy' ? 'asset.side.buy' : 'asset.side.sell'),
        csv: (o) => t(o.side === 'buy' ? 'asset.side.buy' : 'asset.side.sell'),
        className: (o) => (o.side === 'buy' ? 'records__in' : 'records__out'),
      },
      {
        label: 'asset.records.orderType',
        cell: (o) => t(o.orderType === 'limit' ? 'asset.orderType.limit' : 'asset.orderType.market'),
        csv: (o) => t(o.orderType === 'limit' ? 'asset.orderType.limit' : 'asset.orderType.market'),
      },
      { label: 'asset.records.price', cell: (o) => figure(o.price), csv: (o) => o.price ?? '' },
      { label: 'asset.records.size', cell: (o) => figure(o.size), csv: (o) => o.size },
      { label: 'asset.records.filled', cell: (o) => figure(o.baseVolume), csv: (o) => o.baseVolume },
      // An order that has filled nothing has no average price: "--", not the reply's "0".
      {
        label: 'asset.records.avgPrice',
        cell: (o) => figure(isZero(o.priceAvg) ? null : o.priceAvg),
        csv: (o) => (isZero(o.priceAvg) ? '' : o.priceAvg),
      },
      // A spot buy pays its fee in the base coin it receives, so the fee names its coin.
      {
        label: 'asset.records.fee',
        cell: (o) => (
          <>
            {figure(o.fee)} {o.feeCoin}
          </>
        ),
        csv: (o) => `${o.fee} ${o.feeCoin}`,
      },
      { label: 'asset.records.status', cell: (o) => t(STATUS_TEXT[o.status]), csv: (o) => t(STATUS_TEXT[o.status]) },
    ];
    if (withMarket)
      columns.splice(1, 0, {
        label: 'asset.records.market',
        cell: (o) => t(o.market === 'spot' ? 'asset.market.spot' : 'asset.market.futures'),
        csv: (o) => t(o.market === 'spot' ? 'asset.market.spot' : 'asset.market.futures'),
      });
    return columns;
  }, [t, intl, withMarket]);
}

const spotOrders = (f: RecordFilters, cursor: string | null, limit: number) =>
  loadOrders({ market: 'spot', symbol: f.coin, status: f.kind, from: f.from, to: f.to }, cursor, limit);
const allOrders = (f: RecordFilters, cursor: string | null, limit: number) =>
  loadOrders({ market: f.kind, symbol: f.coin, from: f.from, to: f.to }, cursor, limit);
const spotFills = (f: RecordFilters, cursor: string | null, limit: number) =>
  loadFills({ symbol: f.coin, side: f.kind, from: f.from, to: f.to }, cursor, limit);

/** `/record/exchange`: spot orders and, on its second tab, their fills. */
export function SpotRecordsPage() {
  const t = useT();
  const intl = useIntlTag();
  const search = useSearch({ from: '/record/exchange' });
  const orderColumns = useOrderColumns(false);
  const fillColumns = useMemo<RecordColumn<FillRow>[]>(() => {
    const figure = (value: string) => <bdi dir="ltr">{fixedText(value, placesOf(value), intl)}</bdi>;
    return [
      {
        label: 'asset.records.time',
        cell: (f) => <bdi dir="auto">{formatDateTime(f.time, intl)}</bdi>,
        csv: (f) => csvTime(f.time),
      },
      { label: 'asset.records.pair', cell: (f) => f.symbol, csv: (f) => f.symbol },
      {
        label: 'asset.records.side',
        cell: (f) => t(f.side === 'buy' ? 'asset.side.buy' : 'asset.side.sell'),
        csv: (f) => t(f.side === 'buy' ? 'asset.side.buy' : 'asset.side.sell'),
        className: (f) => (f.side === 'buy' ? 'records__in' : 'records__out'),
      },
      { label: 'asset.records.price', cell: (f) => figure(f.price), csv: (f) => f.price },
      { label: 'asset.records.size', cell: (f) => figure(f.size), csv: (f) => f.size },
      { label: 'asset.records.value', cell: (f) => figure(f.value), csv: (f) => f.value },
      {
        label: 'asset.records.fee',
        cell: (f) => (
          <>
            {figure(f.fee)} {f.feeCoin}
          </>
        ),
        csv: (f) => `${f.fee} ${f.feeCoin}`,
      },
    ];
  }, [t, intl]);
  const isFills = search.view === 'fills';
  return (
    <RecordsArea title={t('asset.records.exchange')}>
      <nav className="records__views" aria-label={t('asset.records.exchange')}>
        {/* Exact: the router would also take the orders view ({}) for current on the fills view, a superset of it. */}
        <Link
          to="/record/exchange"
          search={{}}
          activeOptions={{ exact: true }}
          aria-current={isFills ? undefined : 'page'}
          className="asset__tab"
        >
          {t('asset.records.orders')}
        </Link>
        <Link
          to="/record/exchange"
          search={{ view: 'fills' }}
          activeOptions={{ exact: true }}
          aria-current={isFills ? 'page' : undefined}
          className="asset__tab"
        >
          {t('asset.records.fills')}
        </Link>
      </nav>
      {isFills ? (
        <RecordsList
          key="fills"
          search={search}
          load={spotFills}
          columns={fillColumns}
          rowKey={(fill) => fill.id}
          fileName="spot-fills"
          testId="fills-table"
          coinLabel="asset.records.pair"
          coinHint="asset.records.pairHint"
          kinds={SIDES}
          anyKind="asset.records.allSides"
          kindLabel="asset.records.side"
        />
      ) : (
        <RecordsList
          key="orders"
          search={search}
          load={spotOrders}
          columns={orderColumns}
          rowKey={(order) => order.orderId}
          fileName="spot-orders"
          testId="orders-table"
          coinLabel="asset.records.pair"
          coinHint="asset.records.pairHint"
          kinds={STATUSES}
          anyKind="asset.records.allStatuses"
          kindLabel="asset.records.status"
        />
      )}
    </RecordsArea>
  );
}

/** `/history`: the account's orders across spot and futures. */
export function OrderHistoryPage() {
  const t = useT();
  const search = useSearch({ from: '/history' });
  const columns = useOrderColumns(true);
  return (
    <RecordsArea title={t('asset.records.history')}>
      <RecordsList
        search={search}
        load={allOrders}
        columns={columns}
        rowKey={(order) => `${order.market}:${order.orderId}`}
        fileName="order-history"
        testId="history-table"
        coinLabel="asset.records.pair"
        coinHint="asset.records.pairHint"
        kinds={MARKETS}
        anyKind="asset.records.allMarkets"
        kindLabel="asset.records.market"
      />
    </RecordsArea>
  );
}
