import { systemLine, userLine } from '../money/ledger-lines';
import { GatewayError } from '../http/gateway-error';
import { insufficientBalance } from '../trading/trade-errors';
import type { TradingContext } from '../trading/trading-context';

/**
 * `40305`, HTTP 403, the family's refusal code (assets contract): a demo (simulation) account's money never leaves
 * the simulation, so it cannot be withdrawn or sent to another user.
 */
export const simulatedFundsStay = () => new GatewayError(403, '40305', 'Simulated funds cannot leave the simulation');

/** Throws {@link simulatedFundsStay} for a demo account: every outflow asks this before it reads its request. */
export function assertRealFunds(ctx: TradingContext, userId: string): void {
  if (ctx.isDemo(userId)) throw simulatedFundsStay();
}

/** A deposit into a user's spot account from outside the exchange; money units (10^-8) of the coin. */
export interface DepositRequest {
  userId: string;
  coin: string;
  amount: bigint;
}

/** A withdrawal out of a user's spot account: `amount` leaves the exchange and the network `fee` is charged on top. */
export interface WithdrawRequest extends DepositRequest {
  fee: bigint;
}

/** What a deposit or withdrawal did: its id (the ledger entries' `ref`) and time. */
export interface FundsReceipt {
  id: string;
  at: number;
}

/**
 * Credits `amount` of a coin to the user's spot available balance from the world, as one `deposit` entry (assets
 * contract, "The ledger"); creates the user's paper accounts first when they have none.
 */
export function deposit(ctx: TradingContext, request: DepositRequest): FundsReceipt {
  const receipt = { id: ctx.newOrderId(), at: ctx.now() };
  ctx.db.transaction(() => postDeposit(ctx, request, receipt))();
  ctx.changes.notify(request.userId, ['assets']);
  return receipt;
}

/** Posts a deposit's entry under `receipt` (its ledger ref and time) inside the caller's transaction, notifying no one. */
export function postDeposit(ctx: TradingContext, request: DepositRequest, receipt: FundsReceipt): void {
  if (request.amount <= 0n) throw new RangeError('a deposit must be positive');
  ctx.ensureAccount(request.userId);
  ctx.accounts.post({
    kind: 'deposit',
    userId: request.userId,
    ref: receipt.id,
    at: receipt.at,
    lines: [
      systemLine('world', request.coin, -request.amount),
      userLine(request.userId, 'spot', request.coin, request.amount),
    ],
  });
}

/**
 * Takes `amount + fee` of a coin from the user's spot available balance: `amount` to the world as a `withdraw`
 * entry and `fee` to the fee account as a `withdraw_fee` entry, both or neither; 43004 when the available balance
 * is smaller than the two together, 40305 for a demo account.
 */
export function withdraw(ctx: TradingContext, request: WithdrawRequest): FundsReceipt {
  const receipt = { id: ctx.newOrderId(), at: ctx.now() };
  ctx.db.transaction(() => postWithdrawal(ctx, request, receipt))();
  ctx.changes.notify(request.userId, ['assets']);
  return receipt;
}

/** Posts a withdrawal's two entries under `receipt` inside the caller's transaction (43004 when they do not fit). */
export function postWithdrawal(ctx: TradingContext, request: WithdrawRequest, receipt: FundsReceipt): void {
  if (request.amount <= 0n) throw new RangeError('a withdrawal must be positive');
  if (request.fee < 0n) throw new RangeError('a withdrawal fee cannot be negative');
  const { userId, coin, amount, fee } = request;
  // The last line of defence: whatever route leads here, simulated money does not reach the world.
  assertRealFunds(ctx, userId);
  ctx.ensureAccount(userId);
  if (ctx.accounts.balance(userId, coin).available < amount + fee)
    throw insufficientBalance(`Insufficient ${coin} balance`);
  const entry = { userId, ref: receipt.id, at: receipt.at };
  ctx.accounts.post({
    ...entry,
    kind: 'withdraw',
    lines: [userLine(userId, 'spot', coin, -amount), systemLine('world', coin, amount)],
  });
  ctx.accounts.post({
    ...entry,
    kind: 'withdraw_fee',
    lines: [userLine(userId, 'spot', coin, -fee), systemLine('fees', coin, fee)],
  });
}
