import type { Database, Statement } from 'better-sqlite3';
import type { EntryKind } from '../money/ledger-lines';

/** The accounts a user's records name: `spot` merges the available and frozen parts, `futures` is the USDT-M wallet. */
export type BillAccount = 'spot' | 'futures';

/** The filters of `GET /v1/asset/bills`, checked; undefined means "any". */
export interface BillQuery {
  coin?: string;
  kind?: EntryKind;
  account?: BillAccount;
  /** Inclusive bounds on the entry's time (ms). */
  from?: number;
  to?: number;
  /** Only entries older than this entry seq (the previous page's `next`). */
  before?: number;
  limit: number;
}

/** One balance change of a user: an entry's net amount for one account and coin (money units, signed). */
export interface Bill {
  seq: number;
  at: number;
  kind: EntryKind;
  account: BillAccount;
  coin: string;
  amount: bigint;
  symbol: string | null;
  ref: string;
}

/** A page of bills, newest first, and the cursor of the next page (null on the last). */
export interface BillPage {
  bills: Bill[];
  next: number | null;
}

/** A user's holdings at one moment: spot (available + frozen) per coin and the futures wallet, in money units. */
export interface Holdings {
  spot: Map<string, bigint>;
  futures: bigint;
}

type LineRow = {
  seq: number;
  at: number;
  kind: EntryKind;
  ref: string;
  symbol: string | null;
  account: 'spot' | 'spot_frozen' | 'futures';
  coin: string;
  amount: string;
};

/** Freezes move money between a user's own available and frozen balances, so they are not balance changes. */
const NOT_BALANCE_CHANGES = "e.kind NOT IN ('freeze', 'unfreeze')";

/**
 * Reads a user's balance changes and past holdings from the ledger (assets contract, "Reads"). Bills walk the
 * user's entries newest first on the `(user_id, seq)` index and stop after one page, so a page costs the same
 * however many entries the user has; the entry seq is the cursor.
 */
export class AssetLedger {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  /** One page of the user's bills matching `query`; an entry's rows never split across pages. */
  bills(userId: string, query: BillQuery): BillPage {
    const bills: Bill[] = [];
    let pending: Bill[] = [];
    let pendingSeq: number | null = null;
    let lastSeq: number | null = null;
    /** Moves the entry gathered so far onto the page; false when it does not fit (the page is full). */
    const flush = (): boolean => {
      const rows = pending.filter((bill) => bill.amount !== 0n);
      // A single entry larger than the limit still goes on an empty page, or the cursor could never pass it.
      if (rows.length > 0 && bills.length > 0 && bills.length + rows.length > query.limit) return false;
      bills.push(...rows);
      if (rows.length > 0) lastSeq = pendingSeq;
      pending = [];
      return true;
    };
    for (const row of this.billStatement(query).iterate(billsParams(userId, query)) as Iterable<LineRow>) {
      if (row.seq !== pendingSeq) {
        if (pendingSeq !== null && (!flush() || bills.length >= query.limit)) return { bills, next: lastSeq };
        pendingSeq = row.seq;
      }
      const account: BillAccount = row.account === 'futures' ? 'futures' : 'spot';
      const held = pending.find((bill) => bill.account === account && bill.coin === row.coin);
      if (held) held.amount += BigInt(row.amount);
      else
        pending.push({
          seq: row.seq,
          at: row.at,
          kind: row.kind,
          account,
          coin: row.coin,
          amount: BigInt(row.amount),
          symbol: row.symbol,
          ref: row.ref,
        });
    }
    if (pendingSeq !== null && !flush()) return { bills, next: lastSeq };
    return { bills, next: null };
  }

  /**
   * The user's holdings at the end of each of `count` consecutive periods of `periodMs` starting at `start`: the sum
   * of the user's ledger lines dated before each period's end.
   */
  holdingsAt(userId: string, start: number, periodMs: number, count: number): Holdings[] {
    if (count <= 0) return [];
    const deltas = Array.from({ length: count }, () => new Map<string, bigint>());
    const rows = this.statement(
      'holdings',
      `SELECT e.at AS at, l.account AS account, l.coin AS coin, l.amount AS amount
       FROM ledger_lines l JOIN ledger_entries e ON e.seq = l.entry_seq
       WHERE l.owner = ? AND e.at < ?`,
    ).iterate(userId, start + periodMs * count) as Iterable<Pick<LineRow, 'at' | 'account' | 'coin' | 'amount'>>;
    for (const row of rows) {
      const index = Math.max(0, Math.floor((row.at - start) / periodMs));
      const key = row.account === 'futures' ? 'futures' : `spot:${row.coin}`;
      const map = deltas[index]!;
      map.set(key, (map.get(key) ?? 0n) + BigInt(row.amount));
    }
    const running = new Map<string, bigint>();
    return deltas.map((delta) => {
      for (const [key, amount] of delta) running.set(key, (running.get(key) ?? 0n) + amount);
      const spot = new Map<string, bigint>();
      for (const [key, amount] of running) if (key.startsWith('spot:') && amount !== 0n) spot.set(key.slice(5), amount);
      return { spot, futures: running.get('futures') ?? 0n };
    });
  }

  /** The bills query for this combination of filters, prepared once. */
  private billStatement(query: BillQuery): Statement {
    const sql = billsSql(query);
    return this.statement(sql, sql);
  }

  private statement(key: string, sql: string): Statement {
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/**
 * The SQL of a bills page for a combination of filters: the user's lines of their balance-change entries, newest
 * entry first. The indexes are named because the planner, without statistics, would rather look the user's lines up
 * by owner and sort them all, which makes a page cost as much as the user's whole history.
 */
export function billsSql(query: Omit<BillQuery, 'limit'>): string {
  const where = ['e.user_id = @user', 'l.owner = @user', NOT_BALANCE_CHANGES];
  if (query.before !== undefined) where.push('e.seq < @before');
  if (query.kind !== undefined) where.push('e.kind = @kind');
  if (query.from !== undefined) where.push('e.at >= @from');
  if (query.to !== undefined) where.push('e.at <= @to');
  if (query.coin !== undefined) where.push('l.coin = @coin');
  if (query.account === 'spot') where.push("l.account IN ('spot', 'spot_frozen')");
  if (query.account === 'futures') where.push("l.account = 'futures'");
  return `SELECT e.seq AS seq, e.at AS at, e.kind AS kind, e.ref AS ref, e.symbol AS symbol,
            l.account AS account, l.coin AS coin, l.amount AS amount
     FROM ledger_entries e INDEXED BY ledger_entries_user
     CROSS JOIN ledger_lines l INDEXED BY ledger_lines_entry ON l.entry_seq = e.seq
     WHERE ${where.join(' AND ')}
     ORDER BY e.seq DESC`;
}

/** The named parameters of {@link billsSql} for a user and a query. */
export function billsParams(userId: string, query: Omit<BillQuery, 'limit'>): Record<string, string | number> {
  const params: Record<string, string | number> = { user: userId };
  if (query.before !== undefined) params.before = query.before;
  if (query.kind !== undefined) params.kind = query.kind;
  if (query.from !== undefined) params.from = query.from;
  if (query.to !== undefined) params.to = query.to;
  if (query.coin !== undefined) params.coin = query.coin;
  return params;
}
