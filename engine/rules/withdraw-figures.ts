import { MathsDecimal } from '../maths/maths-decimal';

/** What one withdrawal moves, as plain decimal strings (assets contract, "Withdraw"). */
export interface WithdrawFigures {
  /** The network's fee, charged on top of the amount. */
  fee: string;
  /** What leaves the available balance: `amount + fee`. */
  total: string;
  /** What arrives at the address: the amount itself. */
  received: string;
}

/**
 * The exact figures of withdrawing `amount` on a network whose fee is `fee`, by the gateway's rule (assets contract,
 * "Withdraw": `amount` is what arrives, `amount + fee` leaves the available balance).
 */
export function withdrawFigures(amount: string, fee: string): WithdrawFigures {
  return { fee, total: new MathsDecimal(amount).plus(fee).toFixed(), received: amount };
}

/**
 * The most that can be withdrawn from `available` on a network whose fee is `fee`: `available − fee`, cut toward zero
 * to `places` decimals (the amount field's), never below zero (assets contract, "Withdraw").
 */
export function withdrawMax(available: string, fee: string, places: number): string {
  const left = MathsDecimal.max(0, new MathsDecimal(available).minus(fee));
  return left.toFixed(places, MathsDecimal.ROUND_DOWN);
}
