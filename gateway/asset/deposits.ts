import type { Statement } from 'better-sqlite3';
import type { TradingContext } from '../trading/trading-context';
import type { DepositAddress } from './deposit-addresses';
import { postDeposit } from './funds';
import { type ChainSpec, newTxId } from '../market/coin-networks';
import { type PageQuery, pageOf, type RecordPage, userCoinRows } from './record-page';

/** How long the simulated chain takes per confirmation (assets contract, "Deposit"). */
export const DEPOSIT_CONFIRM_MS = 2000;

/** A deposit as `GET /v1/asset/deposits` lists it; money units of the coin. */
export interface DepositRecord {
  seq: number;
  id: string;
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
  amount: bigint;
  txId: string;
  confirmations: number;
  required: number;
  status: 'pending' | 'credited';
  cTime: number;
  uTime: number;
}

interface DepositRow {
  seq: number;
  deposit_id: string;
  user_id: string;
  coin: string;
  chain: string;
  address: string;
  memo: string;
  amount: string;
  tx_id: string;
  confirmations: number;
  required: number;
  status: 'pending' | 'credited';
  c_time: number;
  u_time: number;
}

const toRecord = (row: DepositRow): DepositRecord => ({
  seq: row.seq,
  id: row.deposit_id,
  coin: row.coin,
  chain: row.chain,
  address: row.address,
  memo: row.memo === '' ? null : row.memo,
  amount: BigInt(row.amount),
  txId: row.tx_id,
  confirmations: row.confirmations,
  required: row.required,
  status: row.status,
  cTime: row.c_time,
  uTime: row.u_time,
});

/**
 * Deposits over the simulated chains (assets contract, "Deposit"): a transfer arrives `pending` with 0 confirmations,
 * gains one every DEPOSIT_CONFIRM_MS and is credited at its chain's count. The credit and the status change are one
 * transaction guarded by the status, so however often or concurrently `progress` runs, and across a restart, a
 * deposit is credited exactly once.
 */
export class Deposits {
  private readonly insert: Statement;
  private readonly pending: Statement;
  private readonly confirm: Statement;
  private readonly credit: Statement;
  private readonly pages = new Map<string, Statement>();

  constructor(private readonly ctx: TradingContext) {
    const { db } = ctx;
    this.insert = db.prepare(
      `INSERT INTO asset_deposits (deposit_id, user_id, coin, chain, address, memo, amount, tx_id, confirmations,
         required, status, c_time, u_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 'pending', ?, ?) RETURNING *`,
    );
    this.pending = db.prepare("SELECT * FROM asset_deposits WHERE status = 'pending' ORDER BY seq");
    this.confirm = db.prepare(
      `UPDATE asset_deposits SET confirmations = ?, u_time = ?
       WHERE deposit_id = ? AND status = 'pending' AND confirmations < ?`,
    );
    this.credit = db.prepare(
      `UPDATE asset_deposits SET status = 'credited', confirmations = required, u_time = ?
       WHERE deposit_id = ? AND status = 'pending'`,
    );
  }

  /** A simulated transfer of `amount` to the user's own address, pending with 0 confirmations (the dev deposit). */
  simulate(userId: string, to: DepositAddress, spec: ChainSpec, amount: bigint): DepositRecord {
    const now = this.ctx.now();
    const row = this.insert.get(
      this.ctx.newOrderId(),
      userId,
      to.coin,
      spec.chain,
      to.address,
      to.memo ?? '',
      amount.toString(),
      newTxId(spec.chain),
      spec.confirmations,
      now,
      now,
    ) as DepositRow;
    return toRecord(row);
  }

  /** One page of the user's deposits, newest first, optionally of one coin. */
  page(userId: string, query: PageQuery & { coin?: string }): RecordPage<DepositRecord> {
    const rows = userCoinRows<DepositRow>(this.ctx.db, this.pages, 'asset_deposits', userId, query).map(toRecord);
    return pageOf(rows, query.limit, (row) => row.seq);
  }

  /**
   * Brings every pending deposit up to `now`: its confirmations so far, and the credit once it has them all (one
   * `deposit` entry, the change feed told `assets`). Returns how many were credited by this call. A deposit that
   * fails to credit does not hold the others up; the first failure is thrown after all were tried.
   */
  progress(now: number): number {
    let credited = 0;
    let failure: unknown;
    for (const row of this.pending.all() as DepositRow[]) {
      const reached = Math.min(row.required, Math.floor((now - row.c_time) / DEPOSIT_CONFIRM_MS));
      if (reached <= row.confirmations) continue;
      if (reached < row.required) {
        this.confirm.run(reached, now, row.deposit_id, reached);
        continue;
      }
      try {
        if (this.creditOnce(row, now)) {
          credited += 1;
          this.ctx.changes.notify(row.user_id, ['assets']);
        }
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
    return credited;
  }

  /** Marks the deposit credited and posts its entry, both or neither; false when it was credited already. */
  private creditOnce(row: DepositRow, now: number): boolean {
    return this.ctx.db
      .transaction(() => {
        if (this.credit.run(now, row.deposit_id).changes !== 1) return false;
        postDeposit(
          this.ctx,
          { userId: row.user_id, coin: row.coin, amount: BigInt(row.amount) },
          { id: row.deposit_id, at: now },
        );
        return true;
      })
      .immediate();
  }
}
