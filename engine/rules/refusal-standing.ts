/**
 * What a refusal of the gateway is about (paper-trading contract, codes `43xxx`), so the form can drop its message
 * when that cause is gone: `account` refusals depend on positions and open orders (43007, 43008, 43009), `balance` on
 * the available funds (43004); every other refusal concerns what was typed and goes when the user changes it.
 */
export type RefusalCause = 'account' | 'balance' | 'input';

/** The cause of a refusal code (see {@link RefusalCause}). */
export function refusalCauseOf(code: string | undefined): RefusalCause {
  if (code === '43007' || code === '43008' || code === '43009') return 'account';
  if (code === '43004') return 'balance';
  return 'input';
}

/** A refusal as the form shows it: its text, its cause and the fingerprint of that cause when it was refused. */
export interface ShownRefusal {
  text: string;
  cause: RefusalCause;
  /** The fingerprint of the cause's state at the time of the refusal (see {@link RefusalStamps}). */
  stamp: string;
}

/** Fingerprints of the account state each cause depends on: equal strings mean nothing it depends on changed. */
export type RefusalStamps = Record<Exclude<RefusalCause, 'input'>, string>;

/** Keeps a refusal only while the account state it was about is unchanged; input refusals stay until an edit clears them. */
export function isRefusalStanding(refusal: ShownRefusal, stamps: RefusalStamps): boolean {
  if (refusal.cause === 'input') return true;
  return stamps[refusal.cause] === refusal.stamp;
}

/**
 * The fingerprint of the positions and open orders (sizes and ids, not object identity, so a refetch of the same
 * state keeps a refusal and a closed position or a cancelled order drops it).
 */
export function accountStampOf(
  positions: readonly { symbol: string; holdSide: string; positionsCount: string }[],
  openOrders: readonly { orderId: string }[],
): string {
  const held = positions.map((p) => `${p.symbol}:${p.holdSide}:${p.positionsCount}`).sort();
  const orders = openOrders.map((o) => o.orderId).sort();
  return `${held.join(',')}|${orders.join(',')}`;
}
