import type { Reply } from '../../api/request';
import { api } from '../../security/secured-api';
import type { BillKind, OrderStatus } from './record-kinds';

// The lists the routes check addresses against live apart: this module brings the request layer with it.
export { BILL_KINDS, type BillKind, ORDER_STATUSES, type OrderStatus } from './record-kinds';

/** One page of a record list (gateway/asset/asset-api.md): rows newest first, and the next page's cursor. */
export interface RecordPage<Row> {
  rows: Row[];
  next: string | null;
}

export interface Bill {
  id: string;
  time: string;
  kind: BillKind;
  account: 'spot' | 'futures';
  coin: string;
  amount: string;
  symbol: string | null;
  ref: string;
}

/** The filters every record list takes; dates are ms, inclusive. */
export interface RecordFilters {
  coin?: string;
  kind?: string;
  from?: number;
  to?: number;
}

/** Records pages hold up to this many rows; the export reads pages of the most the gateway gives (100). */
export const PAGE_SIZE = 50;
export const EXPORT_PAGE_SIZE = 100;

export function loadBills(
  filters: RecordFilters,
  cursor: string | null,
  limit = PAGE_SIZE,
): Promise<Reply<RecordPage<Bill>>> {
  return api.getReply<RecordPage<Bill>>('/asset/bills', {
    params: { ...filters, ...(cursor ? { cursor } : {}), limit },
    silent: true,
  });
}

/** An order as the records list it (the paper-trading contract's order, plus its market). */
export interface OrderRecordRow {
  orderId: string;
  market: 'spot' | 'futures';
  symbol: string;
  side: 'buy' | 'sell';
  orderType: 'limit' | 'market';
  price: string | null;
  size: string;
  baseVolume: string;
  priceAvg: string;
  fee: string;
  feeCoin: string;
  status: OrderStatus;
  cTime: string;
}

export interface FillRow {
  id: string;
  orderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  size: string;
  value: string;
  fee: string;
  feeCoin: string;
  time: string;
}

export function loadOrders(
  filters: { symbol?: string; market?: string; status?: string; from?: number; to?: number },
  cursor: string | null,
  limit = PAGE_SIZE,
): Promise<Reply<RecordPage<OrderRecordRow>>> {
  return api.getReply<RecordPage<OrderRecordRow>>('/asset/orders', {
    params: { ...filters, ...(cursor ? { cursor } : {}), limit },
    silent: true,
  });
}

export function loadFills(
  filters: { symbol?: string; side?: string; from?: number; to?: number },
  cursor: string | null,
  limit = PAGE_SIZE,
): Promise<Reply<RecordPage<FillRow>>> {
  return api.getReply<RecordPage<FillRow>>('/asset/fills', {
    params: { ...filters, ...(cursor ? { cursor } : {}), limit },
    silent: true,
  });
}
