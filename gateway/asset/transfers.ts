import type { Statement } from 'better-sqlite3';
import { userLine } from '../money/ledger-lines';
import { duplicateClientOid, insufficientBalance } from '../trading/trade-errors';
import type { PaperTrading } from '../trading/paper-trading';
import type { AssetFigures } from './asset-figures';

/** The accounts money moves between (assets contract, "Transfer"). */
export type TransferAccount = 'spot' | 'futures';

/** A checked transfer request: USDT money units, a distinct source and target. */
export interface TransferRequest {
  from: TransferAccount;
  to: TransferAccount;
  coin: 'USDT';
  amount: bigint;
  /** "" when the caller sent none. */
  clientOid: string;
}

/** A transfer that was made. */
export interface TransferRecord extends TransferRequest {
  transferId: string;
  cTime: number;
}

/** What one of a user's accounts may give now (assets contract, "Transfer"): spot its available balance, futures its transferable. */
export function transferableOf(
  trading: PaperTrading,
  figures: AssetFigures,
  userId: string,
  account: TransferAccount,
  coin: string,
): bigint {
  return account === 'spot'
    ? trading.ctx.accounts.balance(userId, coin).available
    : figures.futures(userId).transferable;
}

/**
 * Moves USDT between a user's spot and futures accounts as one `transfer` ledger entry (assets contract,
 * "Transfer"): at most the source's transferable amount (43004), and a clientOid the user has used before is refused
 * (43015) with nothing moved.
 */
export class Transfers {
  private readonly findClientOid: Statement;
  private readonly insert: Statement;

  constructor(
    private readonly trading: PaperTrading,
    private readonly figures: AssetFigures,
  ) {
    const { db } = trading.ctx;
    this.findClientOid = db.prepare('SELECT 1 FROM asset_transfers WHERE user_id = ? AND client_oid = ?');
    this.insert = db.prepare(
      `INSERT INTO asset_transfers (transfer_id, user_id, client_oid, from_account, to_account, coin, amount, c_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Makes the transfer in one transaction, so the checks and the move see the same balances; notifies `assets`. */
  make(userId: string, request: TransferRequest): TransferRecord {
    const { ctx } = this.trading;
    const record = ctx.db.transaction((): TransferRecord => {
      if (request.clientOid !== '' && this.findClientOid.get(userId, request.clientOid) !== undefined)
        throw duplicateClientOid();
      const transferable = transferableOf(this.trading, this.figures, userId, request.from, request.coin);
      if (request.amount > transferable) throw insufficientBalance(`Insufficient transferable ${request.coin}`);
      const made: TransferRecord = { ...request, transferId: ctx.newOrderId(), cTime: ctx.now() };
      ctx.accounts.post({
        kind: 'transfer',
        userId,
        ref: made.transferId,
        at: made.cTime,
        lines: [
          userLine(userId, request.from, request.coin, -request.amount),
          userLine(userId, request.to, request.coin, request.amount),
        ],
      });
      this.insert.run(
        made.transferId,
        userId,
        made.clientOid,
        made.from,
        made.to,
        made.coin,
        made.amount.toString(),
        made.cTime,
      );
      return made;
    })();
    ctx.changes.notify(userId, ['assets']);
    return record;
  }
}
