import { BusinessError } from '../http/gateway-error';

/** A business refusal of a paper-trading route: HTTP 200 `{status:"error", code, msg, data:null}` (paper-trading contract). */
export class TradeError extends BusinessError {
  /** Creates a refusal with its `43xxx` code and message. */
  constructor(code: string, message: string) {
    super(code, message);
    this.name = 'TradeError';
  }
}

/** `43001`: the symbol is not traded. */
export const unknownSymbol = (symbol: string) => new TradeError('43001', `Unknown symbol ${symbol}`);
/** `43002`: a price off the tick or a size off the lot. */
export const offStep = (field: string, step: string) =>
  new TradeError('43002', `${field} must be a multiple of ${step}`);
/** `43003`: below the minimum size or value. */
export const belowMinimum = (what: string) => new TradeError('43003', `Order ${what}`);
/** `43004`: not enough balance or available margin. */
export const insufficientBalance = (what = 'Insufficient balance') => new TradeError('43004', what);
/** `43005`: a post-only order would take liquidity. */
export const postOnlyWouldTake = () =>
  new TradeError('43005', 'Post-only order would take liquidity and was not placed');
/** `43006`: no such open order of this user. */
export const orderNotFound = () => new TradeError('43006', 'Order not found or no longer open');
/** `43007`: a reduce-only or closing order that would open or grow a position, or nothing to close. */
export const reduceOnlyRefused = (what = 'Reduce-only order would open or grow a position') =>
  new TradeError('43007', what);
/** `43008`: leverage outside [1, maxLever]. */
export const leverageOutOfRange = (max: number) =>
  new TradeError('43008', `Leverage must be an integer from 1 to ${max}`);
/** `43008` too: the leverage is above what the margin tier of the position's size allows. */
export const leverageAboveTier = (leverage: number, max: number) =>
  new TradeError(
    '43008',
    `Leverage ${leverage}x is above ${max}x, the most the margin tiers allow for a position of this size`,
  );
/** `43009`: a mode cannot change while a position or an open order exists. */
export const modeLocked = (what: string) =>
  new TradeError('43009', `${what} cannot change while a position or open order exists`);
/** `43010`: a market order found no liquidity. */
export const noLiquidity = () => new TradeError('43010', 'No liquidity for a market order');

/** `43012`: a position's take-profit or stop-loss price is on the wrong side of the mark price. */
export const tpslWrongSide = (what: string) => new TradeError('43012', what);
/** `43013`: margin cannot move: not an isolated position, or taking out more than it may lose. */
export const marginRefused = (what: string) => new TradeError('43013', what);

/** `43015`: a transfer's or withdrawal's clientOid was already used by this user; nothing moved (assets contract). */
export const duplicateClientOid = (what = 'transfer') =>
  new TradeError('43015', `Duplicate clientOid: a ${what} with this clientOid was already made`);
/** `43003` of a deposit or withdrawal below its network's minimum (assets contract, "Deposit", "Withdraw"). */
export const belowFundsMinimum = (what: string) => new TradeError('43003', what);
/** `43016`: the address book holds its most entries already. */
export const addressBookFull = (max: number) =>
  new TradeError('43016', `The address book is full: at most ${max} addresses`);
/** `43017`: the same coin, chain, address and memo is in the address book already. */
export const addressAlreadySaved = () => new TradeError('43017', 'This address is already in the address book');
/** `43018`: no such address-book entry of this user (the same answer whether it is another user's or none). */
export const addressNotFound = () => new TradeError('43018', 'Address not found');
/** `43019`: the withdrawal would take the user over the 24 h withdrawal limit. */
export const dailyLimitExceeded = (remaining: string) =>
  new TradeError('43019', `Over the 24 h withdrawal limit: ${remaining} USDT remaining`);
