/**
 * The kinds the records pages filter by, on their own so that a route checking its address (bundled with every page)
 * does not bring the records' requests along.
 */

/** Why money moved: the ledger's entry kinds that are balance changes (freezes are not). */
export const BILL_KINDS = [
  'deposit',
  'withdraw',
  'withdraw_fee',
  'transfer',
  'trade',
  'fee',
  'realized_pnl',
  'funding',
  'liquidation',
  'grant',
] as const;
export type BillKind = (typeof BILL_KINDS)[number];

/** An order's states, as the order records list them. */
export const ORDER_STATUSES = ['live', 'partially_filled', 'filled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
