import type { Statement } from 'better-sqlite3';
import { pow10 } from '../money/money-units';
import {
  belowFundsMinimum,
  dailyLimitExceeded,
  duplicateClientOid,
  insufficientBalance,
} from '../trading/trade-errors';
import type { TradingContext } from '../trading/trading-context';
import { postWithdrawal } from './funds';
import { type ChainSpec, chainUnits, newTxId } from '../market/coin-networks';
import { type PageQuery, pageOf, type RecordPage, userCoinRows } from './record-page';
import { coinValue, livePrices, usdtFigure, VALUE_PLACES } from './valuation';

/** How long a withdrawal stays `processing` before the simulated chain completes it (assets contract, "Withdraw"). */
export const WITHDRAW_COMPLETE_MS = 10_000;
/** The rolling window of the withdrawal limit. */
export const DAILY_WINDOW_MS = 86_400_000;
/** USDT value a user may withdraw per rolling 24 h, in value units (10^-VALUE_PLACES USDT). */
export const DAILY_LIMIT_VALUE = 100_000n * pow10(VALUE_PLACES);

/** A checked withdrawal request: money units of the coin. */
export interface WithdrawalRequest {
  coin: string;
  spec: ChainSpec;
  address: string;
  memo: string | null;
  amount: bigint;
  clientOid: string;
}

/** A withdrawal as the withdraw routes answer it. */
export interface WithdrawalRecord {
  seq: number;
  id: string;
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
  amount: bigint;
  fee: bigint;
  txId: string | null;
  status: 'processing' | 'completed';
  cTime: number;
  uTime: number;
}

/** What `GET /v1/asset/withdraw/info` shows: money units of the coin and USDT values in value units. */
export interface WithdrawInfo {
  available: bigint;
  fee: bigint;
  minWithdraw: bigint;
  limit: bigint;
  used: bigint;
  remaining: bigint;
}

interface WithdrawalRow {
  seq: number;
  withdrawal_id: string;
  user_id: string;
  coin: string;
  chain: string;
  address: string;
  memo: string;
  amount: string;
  fee: string;
  tx_id: string | null;
  status: 'processing' | 'completed';
  c_time: number;
  u_time: number;
}

const toRecord = (row: WithdrawalRow): WithdrawalRecord => ({
  seq: row.seq,
  id: row.withdrawal_id,
  coin: row.coin,
  chain: row.chain,
  address: row.address,
  memo: row.memo === '' ? null : row.memo,
  amount: BigInt(row.amount),
  fee: BigInt(row.fee),
  txId: row.tx_id,
  status: row.status,
  cTime: row.c_time,
  uTime: row.u_time,
});

/**
 * Withdrawals out of a user's spot account (assets contract, "Withdraw"): `amount + fee` leaves the available
 * balance at once as a `withdraw` and a `withdraw_fee` entry; the record is `processing` until the simulated chain
 * completes it WITHDRAW_COMPLETE_MS later. The 24 h limit counts the amount's USDT value at each withdrawal's time.
 */
export class Withdrawals {
  private readonly findClientOid: Statement;
  private readonly insert: Statement;
  private readonly valuesSince: Statement;
  private readonly due: Statement;
  private readonly complete: Statement;
  private readonly pages = new Map<string, Statement>();

  constructor(private readonly ctx: TradingContext) {
    const { db } = ctx;
    this.findClientOid = db.prepare('SELECT 1 FROM asset_withdrawals WHERE user_id = ? AND client_oid = ?');
    this.insert = db.prepare(
      `INSERT INTO asset_withdrawals (withdrawal_id, user_id, client_oid, coin, chain, address, memo, amount, fee,
         usdt_value, tx_id, status, c_time, u_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 'processing', ?, ?) RETURNING *`,
    );
    this.valuesSince = db.prepare('SELECT usdt_value FROM asset_withdrawals WHERE user_id = ? AND c_time > ?').pluck();
    this.due = db.prepare(
      "SELECT withdrawal_id, user_id, chain FROM asset_withdrawals WHERE status = 'processing' AND c_time <= ? ORDER BY seq",
    );
    this.complete = db.prepare(
      `UPDATE asset_withdrawals SET status = 'completed', tx_id = ?, u_time = ?
       WHERE withdrawal_id = ? AND status = 'processing'`,
    );
  }

  /** The user's available balance, the chain's fee and minimum, and the 24 h limit with what is used of it. */
  info(userId: string, spec: ChainSpec, coin: string): WithdrawInfo {
    const used = this.usedValue(userId);
    return {
      available: this.ctx.accounts.balance(userId, coin).available,
      fee: chainUnits(spec.withdrawFee),
      minWithdraw: chainUnits(spec.minWithdraw),
      limit: DAILY_LIMIT_VALUE,
      used,
      remaining: used >= DAILY_LIMIT_VALUE ? 0n : DAILY_LIMIT_VALUE - used,
    };
  }

  /**
   * Makes the withdrawal in one transaction, so its checks and the move see the same balances: a clientOid used
   * before 43015, below the minimum 43003, more than available 43004, over the 24 h limit 43019 — each moving
   * nothing. The caller notifies the change feed once its own transaction (the step-up's) has committed.
   */
  make(userId: string, request: WithdrawalRequest): WithdrawalRecord {
    const { ctx } = this;
    return ctx.db.transaction((): WithdrawalRecord => {
      if (this.findClientOid.get(userId, request.clientOid) !== undefined) throw duplicateClientOid('withdrawal');
      const { coin, spec, amount } = request;
      const minimum = chainUnits(spec.minWithdraw);
      if (amount < minimum)
        throw belowFundsMinimum(`The least a ${coin} withdrawal on ${spec.chain} may be is ${spec.minWithdraw}`);
      const fee = chainUnits(spec.withdrawFee);
      if (ctx.accounts.balance(userId, coin).available < amount + fee)
        throw insufficientBalance(`Insufficient ${coin} balance for the amount and the network fee`);
      const value = coinValue(amount, livePrices(ctx.simulator)(coin));
      const used = this.usedValue(userId);
      if (used + value > DAILY_LIMIT_VALUE)
        throw dailyLimitExceeded(usdtFigure(used >= DAILY_LIMIT_VALUE ? 0n : DAILY_LIMIT_VALUE - used));
      const receipt = { id: ctx.newOrderId(), at: ctx.now() };
      postWithdrawal(ctx, { userId, coin, amount, fee }, receipt);
      const row = this.insert.get(
        receipt.id,
        userId,
        request.clientOid,
        coin,
        spec.chain,
        request.address,
        request.memo ?? '',
        amount.toString(),
        fee.toString(),
        value.toString(),
        receipt.at,
        receipt.at,
      ) as WithdrawalRow;
      return toRecord(row);
    })();
  }

  /** One page of the user's withdrawals, newest first, optionally of one coin. */
  page(userId: string, query: PageQuery & { coin?: string }): RecordPage<WithdrawalRecord> {
    const rows = userCoinRows<WithdrawalRow>(this.ctx.db, this.pages, 'asset_withdrawals', userId, query).map(toRecord);
    return pageOf(rows, query.limit, (row) => row.seq);
  }

  /** Completes every withdrawal processing for WITHDRAW_COMPLETE_MS by `now` (with a txId); returns how many. */
  progress(now: number): number {
    let completed = 0;
    const due = this.due.all(now - WITHDRAW_COMPLETE_MS) as Pick<
      WithdrawalRow,
      'withdrawal_id' | 'user_id' | 'chain'
    >[];
    for (const row of due) {
      if (this.complete.run(newTxId(row.chain), now, row.withdrawal_id).changes !== 1) continue;
      completed += 1;
      this.ctx.changes.notify(row.user_id, ['assets']);
    }
    return completed;
  }

  /** The USDT value the user withdrew in the last 24 h (value units), each at its own withdrawal's time. */
  private usedValue(userId: string): bigint {
    const values = this.valuesSince.all(userId, this.ctx.now() - DAILY_WINDOW_MS) as string[];
    return values.reduce((sum, value) => sum + BigInt(value), 0n);
  }
}
