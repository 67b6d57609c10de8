/*
 * The ledger's shapes: every balance change is one balanced entry of lines, each a signed amount of a coin (money
 * units, money-units.ts) into an owner's account. Paper trading's account store posts them; every area that moves
 * money builds them.
 */

/**
 * The ledger's own accounts beside the users': where paper money comes from and goes to. `world` is outside the
 * exchange (deposits come from it, withdrawals go to it), `market` is the simulated counterparty of every fill,
 * funding payment and liquidation, `fees` collects trading and network fees, `transit` carries a transfer between two
 * users from the sender's entry to the receiver's (it nets to zero once both are posted).
 */
export const SYSTEM_OWNERS = {
  world: 'system:world',
  market: 'system:market',
  fees: 'system:fees',
  transit: 'system:transit',
} as const;

/** A place money sits: a user's spot available or frozen balance, a user's futures wallet, or a system account. */
export type LedgerAccount = 'spot' | 'spot_frozen' | 'futures' | 'system';

/** Why money moved; one entry has one kind (the records' "type" filter reads it). */
export type EntryKind =
  | 'grant'
  | 'deposit'
  | 'withdraw'
  | 'withdraw_fee'
  | 'transfer'
  | 'freeze'
  | 'unfreeze'
  | 'trade'
  | 'fee'
  | 'realized_pnl'
  | 'funding'
  | 'liquidation';

/** One line of an entry: `amount` (money units, signed) of `coin` into `owner`'s `account`. */
export interface LedgerLine {
  owner: string;
  account: LedgerAccount;
  coin: string;
  amount: bigint;
}

/** One balanced change: for each coin its lines sum to zero, so money only moves and is never made or lost. */
export interface LedgerEntry {
  kind: EntryKind;
  /** The user the entry belongs to (whose records show it). */
  userId: string;
  /** What caused it: an order id, a transfer, deposit or withdrawal id. */
  ref: string;
  /** The instrument of a fill, fee, funding payment or liquidation. */
  symbol?: string;
  at: number;
  lines: readonly LedgerLine[];
}

/** A line of a user's own account. */
export function userLine(
  owner: string,
  account: Exclude<LedgerAccount, 'system'>,
  coin: string,
  amount: bigint,
): LedgerLine {
  return { owner, account, coin, amount };
}

/** A line of one of the ledger's system accounts. */
export function systemLine(owner: keyof typeof SYSTEM_OWNERS, coin: string, amount: bigint): LedgerLine {
  return { owner: SYSTEM_OWNERS[owner], account: 'system', coin, amount };
}
