import type { InstrumentSpec } from '../market/instruments';
import type { OrderSide } from '../market/matching';
import { userLine } from '../money/ledger-lines';
import type { OrderRecord } from './order-store';
import type { TradingContext } from './trading-context';

/** The coin a spot order of `side` holds while it is open: the quote coin of a buy, the base coin of a sell. */
export function heldCoinOf(spec: InstrumentSpec, side: OrderSide): string {
  return side === 'buy' ? spec.quoteCoin : spec.baseCoin;
}

/**
 * Posts the ledger entry that moves `amount` of a spot order's coin from its owner's available balance to frozen
 * (`freeze`) or back (`unfreeze`), with the order as its ref; the caller keeps the order's `frozen` in step.
 */
export function moveHeld(
  ctx: Pick<TradingContext, 'accounts' | 'now'>,
  kind: 'freeze' | 'unfreeze',
  order: Pick<OrderRecord, 'userId' | 'orderId' | 'symbol'>,
  coin: string,
  amount: bigint,
): void {
  const signed = kind === 'freeze' ? amount : -amount;
  ctx.accounts.post({
    kind,
    userId: order.userId,
    ref: order.orderId,
    symbol: order.symbol,
    at: ctx.now(),
    lines: [userLine(order.userId, 'spot', coin, -signed), userLine(order.userId, 'spot_frozen', coin, signed)],
  });
}
