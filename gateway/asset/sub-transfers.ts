import type { Statement } from 'better-sqlite3';
import type { AuthSession } from '../http/gateway-env';
import type { SubAccountStore } from '../auth/sub-accounts/sub-account-store';
import { subAccountFrozen, transferAccountRefused } from '../auth/sub-accounts/sub-errors';
import { authorityOf, isInFamily } from '../auth/sub-accounts/sub-switch';
import type { UserStore } from '../auth/user-store';
import { systemLine, userLine } from '../money/ledger-lines';
import type { PaperTrading } from '../trading/paper-trading';
import { duplicateClientOid, insufficientBalance } from '../trading/trade-errors';
import type { AssetFigures } from './asset-figures';
import { type TransferRequest, transferableOf } from './transfers';

/** A checked transfer between two accounts of one family: the transfer fields plus two distinct account ids. */
export interface SubTransferRequest extends TransferRequest {
  fromUserId: string;
  toUserId: string;
}

/** A transfer between family accounts that was made. */
export interface SubTransferRecord extends SubTransferRequest {
  transferId: string;
  cTime: number;
}

/** What the family rules need from the auth module: who a user is, and which main account a session acts for. */
export interface FamilyDeps {
  users: UserStore;
  family: SubAccountStore;
}

/**
 * Moves USDT from one account of a family (a main account and its sub-accounts, never the demo account) to another
 * (assets contract, "Transfer between sub-accounts"): two `transfer` entries with one ref in one transaction, the
 * sender's through `system:transit` and the receiver's out of it, so each user's records show their own side.
 */
export class SubTransfers {
  private readonly findClientOid: Statement;
  private readonly insert: Statement;

  constructor(
    private readonly trading: PaperTrading,
    private readonly figures: AssetFigures,
    private readonly deps: FamilyDeps,
  ) {
    const { db } = trading.ctx;
    this.findClientOid = db.prepare('SELECT 1 FROM asset_sub_transfers WHERE user_id = ? AND client_oid = ?');
    this.insert = db.prepare(
      `INSERT INTO asset_sub_transfers (transfer_id, user_id, client_oid, from_user_id, to_user_id, from_account,
         to_account, coin, amount, c_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /**
   * The main account of the family the session may move money in: the one a switch recorded, else the session's own
   * user when that is a main account. A demo session, or one with neither, gets the 40305 refusal.
   */
  familyOf(session: Pick<AuthSession, 'sessionId' | 'userId'>): string {
    const user = this.deps.users.findById(session.userId);
    const mainId = user && !user.isDemo ? authorityOf(this.deps.family, session.sessionId, user) : null;
    if (mainId === null) throw transferAccountRefused();
    return mainId;
  }

  /**
   * Makes the transfer for the session acting for `mainId` ({@link familyOf}): 40305 unless both ids are members of
   * that family, 43015 for a clientOid the session's user used before, 43004 for more than the sender's transferable;
   * then notifies both users of `assets`.
   */
  make(
    session: Pick<AuthSession, 'sessionId' | 'userId'>,
    mainId: string,
    request: SubTransferRequest,
  ): SubTransferRecord {
    if (!this.isMember(request.fromUserId, mainId) || !this.isMember(request.toUserId, mainId))
      throw transferAccountRefused();
    // A frozen sub-account may be emptied (so it can be deleted) but receives nothing until it is unfrozen.
    if (this.deps.family.statusOf(request.toUserId) === 'frozen') throw subAccountFrozen();
    const { ctx } = this.trading;
    const { fromUserId, toUserId, coin, amount } = request;
    // One transaction: the checks and both entries see the same balances, and the two entries land together or not at all.
    const record = ctx.db.transaction((): SubTransferRecord => {
      // The session's user owns the clientOid; every member gets paper accounts on first use, the receiver's before
      // anything reads balances.
      ctx.ensureAccount(toUserId);
      ctx.ensureAccount(fromUserId);
      ctx.ensureAccount(session.userId);
      if (request.clientOid !== '' && this.findClientOid.get(session.userId, request.clientOid) !== undefined)
        throw duplicateClientOid();
      const transferable = transferableOf(this.trading, this.figures, fromUserId, request.from, coin);
      if (amount > transferable) throw insufficientBalance(`Insufficient transferable ${coin}`);
      const made: SubTransferRecord = { ...request, transferId: ctx.newOrderId(), cTime: ctx.now() };
      const entry = { kind: 'transfer', ref: made.transferId, at: made.cTime } as const;
      ctx.accounts.post({
        ...entry,
        userId: fromUserId,
        lines: [userLine(fromUserId, request.from, coin, -amount), systemLine('transit', coin, amount)],
      });
      ctx.accounts.post({
        ...entry,
        userId: toUserId,
        lines: [systemLine('transit', coin, -amount), userLine(toUserId, request.to, coin, amount)],
      });
      this.insert.run(
        made.transferId,
        session.userId,
        made.clientOid,
        fromUserId,
        toUserId,
        made.from,
        made.to,
        coin,
        amount.toString(),
        made.cTime,
      );
      return made;
    })();
    ctx.changes.notify(fromUserId, ['assets']);
    ctx.changes.notify(toUserId, ['assets']);
    return record;
  }

  /** A member of the family: the main account itself or one of its live sub-accounts, not its demo account. */
  private isMember(userId: string, mainId: string): boolean {
    const user = this.deps.users.findById(userId);
    return (
      user !== undefined && !user.isDemo && isInFamily(user, mainId) && this.deps.family.statusOf(userId) !== 'deleted'
    );
  }
}
