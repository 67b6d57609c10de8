import type { Statement } from 'better-sqlite3';
import type { InstrumentSpec } from '../market/instruments';
import type { OrderSide } from '../market/matching';
import type { Market, OrderRecord, OrderStatus } from '../trading/order-store';
import type { TradingContext } from '../trading/trading-context';
import { type PageQuery, pageOf, type RecordPage } from './record-page';

/** The filters of `GET /v1/asset/orders`, checked; undefined means "any". */
export interface OrderQuery extends PageQuery {
  market?: Market;
  symbol?: string;
  status?: OrderStatus;
  /** Inclusive bounds on the order's creation time (ms). */
  from?: number;
  to?: number;
}

/** The filters of `GET /v1/asset/fills`, checked. */
export interface FillQuery extends PageQuery {
  symbol?: string;
  side?: OrderSide;
  from?: number;
  to?: number;
}

/** One spot fill read from the ledger: money units of the base (size), the quote (value) and the fee's coin (fee). */
export interface FillRecord {
  seq: number;
  orderId: string;
  spec: InstrumentSpec;
  side: OrderSide;
  size: bigint;
  value: bigint;
  fee: bigint;
  /** The coin the fee was paid in: the coin the fill delivered (a buy's base, a sell's quote), or the quote coin. */
  feeCoin: string;
  at: number;
}

type TradeLine = { seq: number; at: number; ref: string; symbol: string; coin: string; amount: string };
/** A trade entry gathered from its lines: the user's net amount per coin. */
type TradeEntry = { seq: number; at: number; ref: string; symbol: string; lines: Map<string, bigint> };

/**
 * The order's next trade or fee entry after a trade entry, with the user's amounts in it. An order's fill posts its
 * trade entry, then its fee entry: the fill's fee is that next entry when it is a fee (a fee rounded to nothing posts
 * no entry, and the next is the order's next trade or nothing).
 */
export const NEXT_OF_ORDER_SQL = `SELECT e.seq AS seq, e.kind AS kind,
    (SELECT group_concat(l.coin || ':' || l.amount) FROM ledger_lines l
      WHERE l.entry_seq = e.seq AND l.owner = @user) AS lines
  FROM ledger_entries e INDEXED BY ledger_entries_ref
  WHERE e.ref = @ref AND e.seq > @seq AND e.user_id = @user AND e.kind IN ('trade', 'fee')
  ORDER BY e.seq LIMIT 1`;

/**
 * The order and fill records (assets contract, "Order and fill records"). Both walk the user's rows newest first on
 * an index already in seq order and stop one row past the page, so a page costs the same however long the history.
 * The indexes are named because the planner, without statistics, might otherwise sort the user's whole history.
 */
export class OrderRecords {
  private readonly statements = new Map<string, Statement>();
  private readonly nextOfOrder: Statement;

  constructor(private readonly ctx: TradingContext) {
    this.nextOfOrder = ctx.db.prepare(NEXT_OF_ORDER_SQL);
  }

  /** One page of the user's orders of both markets (or one), newest first. */
  orders(userId: string, query: OrderQuery): RecordPage<OrderRecord> {
    const sql = ordersSql(query);
    const ids = this.statement(sql).all(ordersParams(userId, query)) as {
      seq: number;
      market: Market;
      order_id: string;
    }[];
    const page = pageOf(ids, query.limit, (row) => row.seq);
    const rows: OrderRecord[] = [];
    for (const row of page.rows) {
      const order = this.ctx.orders.find(userId, row.market, row.order_id);
      if (order) rows.push(order);
    }
    return { rows, next: page.next };
  }

  /** One page of the user's spot fills, newest first, each with the fee its order paid for it. */
  fills(userId: string, query: FillQuery): RecordPage<FillRecord> {
    const fills: FillRecord[] = [];
    const keep = (entry: TradeEntry) => {
      const fill = this.toFill(entry);
      if (fill && (query.side === undefined || fill.side === query.side)) fills.push(fill);
    };
    // One fill past the page tells whether there is a next one; the fees are read after the walk, since the
    // connection runs one statement at a time while it iterates.
    let current: TradeEntry | undefined;
    for (const line of this.statement(fillsSql(query)).iterate(fillsParams(userId, query)) as Iterable<TradeLine>) {
      if (current === undefined || current.seq !== line.seq) {
        if (current) keep(current);
        current = undefined;
        if (fills.length > query.limit) break;
        current = { seq: line.seq, at: line.at, ref: line.ref, symbol: line.symbol, lines: new Map() };
      }
      current.lines.set(line.coin, (current.lines.get(line.coin) ?? 0n) + BigInt(line.amount));
    }
    if (current) keep(current);
    const page = pageOf(fills, query.limit, (fill) => fill.seq);
    for (const fill of page.rows) Object.assign(fill, this.feeOf(userId, fill));
    return page;
  }

  /** A trade entry's fill: the user's net base and quote amounts; undefined for a pair no longer listed. */
  private toFill(entry: TradeEntry): FillRecord | undefined {
    const spec = this.ctx.simulator.getInstrument('SPOT', entry.symbol);
    if (!spec) return undefined;
    const base = entry.lines.get(spec.baseCoin) ?? 0n;
    const quote = entry.lines.get(spec.quoteCoin) ?? 0n;
    return {
      seq: entry.seq,
      orderId: entry.ref,
      spec,
      side: base > 0n ? 'buy' : 'sell',
      size: base < 0n ? -base : base,
      value: quote < 0n ? -quote : quote,
      fee: 0n,
      feeCoin: spec.quoteCoin,
      at: entry.at,
    };
  }

  /**
   * The fee of the fill and its coin: the user's lines of the order's fee entry that follows this trade (0 in the
   * quote coin when none does). One entry's fee lines are all of one coin.
   */
  private feeOf(userId: string, fill: FillRecord): Pick<FillRecord, 'fee' | 'feeCoin'> {
    const next = this.nextOfOrder.get({ user: userId, ref: fill.orderId, seq: fill.seq }) as
      | { kind: 'trade' | 'fee'; lines: string | null }
      | undefined;
    if (next?.kind !== 'fee' || next.lines === null) return { fee: 0n, feeCoin: fill.spec.quoteCoin };
    let paid = 0n;
    let feeCoin = fill.spec.quoteCoin;
    for (const line of next.lines.split(',')) {
      const [coin = '', amount = '0'] = line.split(':');
      paid += BigInt(amount);
      feeCoin = coin;
    }
    return { fee: -paid, feeCoin };
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.ctx.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** The SQL of an orders page: the user's orders matching the filters, newest first, on an index in seq order. */
export function ordersSql(query: Omit<OrderQuery, 'limit'>): string {
  const where = ['user_id = @user'];
  if (query.market !== undefined) where.push('market = @market');
  if (query.symbol !== undefined) where.push('symbol = @symbol');
  if (query.status !== undefined) where.push('status = @status');
  if (query.from !== undefined) where.push('c_time >= @from');
  if (query.to !== undefined) where.push('c_time <= @to');
  if (query.before !== undefined) where.push('seq < @before');
  const index =
    query.market === undefined
      ? 'trade_orders_user_seq'
      : query.symbol === undefined
        ? 'trade_orders_user_market_seq'
        : 'trade_orders_user';
  return `SELECT seq, market, order_id FROM trade_orders INDEXED BY ${index}
    WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @take`;
}

/** The named parameters of {@link ordersSql}. */
export function ordersParams(userId: string, query: OrderQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { user: userId, take: query.limit + 1 };
  for (const key of ['market', 'symbol', 'status', 'from', 'to', 'before'] as const) {
    const value = query[key];
    if (value !== undefined) params[key] = value;
  }
  return params;
}

/** The SQL of a fills walk: the user's own lines of their trade entries, newest entry first. */
export function fillsSql(query: Omit<FillQuery, 'limit' | 'side'>): string {
  const where = ['e.user_id = @user', "e.kind = 'trade'", 'l.owner = @user'];
  if (query.symbol !== undefined) where.push('e.symbol = @symbol');
  if (query.from !== undefined) where.push('e.at >= @from');
  if (query.to !== undefined) where.push('e.at <= @to');
  if (query.before !== undefined) where.push('e.seq < @before');
  return `SELECT e.seq AS seq, e.at AS at, e.ref AS ref, e.symbol AS symbol, l.coin AS coin, l.amount AS amount
    FROM ledger_entries e INDEXED BY ledger_entries_user_kind
    CROSS JOIN ledger_lines l INDEXED BY ledger_lines_entry ON l.entry_seq = e.seq
    WHERE ${where.join(' AND ')} ORDER BY e.seq DESC`;
}

/** The named parameters of {@link fillsSql}. */
export function fillsParams(userId: string, query: Omit<FillQuery, 'limit' | 'side'>): Record<string, string | number> {
  const params: Record<string, string | number> = { user: userId };
  for (const key of ['symbol', 'from', 'to', 'before'] as const) {
    const value = query[key];
    if (value !== undefined) params[key] = value;
  }
  return params;
}
