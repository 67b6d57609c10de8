import type { AssetFigures } from '../asset/asset-figures';
import { formatMoney } from '../money/money-units';
import type { PaperTrading } from '../trading/paper-trading';

/** A sub-account's money as its main account's list shows it: USDT strings, as the asset screens show them. */
export interface SubBalances {
  /** USDT available in the spot account. */
  spotUsdt: string;
  /** The USDT-M futures wallet. */
  futuresUsdt: string;
  /** Every coin of both accounts valued in USDT at the last prices (futures at equity). */
  totalUsdt: string;
}

/**
 * Reads a sub-account's balances without creating its paper accounts: a sub-account nobody has used holds nothing
 * (its starting funds come on first use), and reading it for the list must not hand it any.
 */
export function subBalances(trading: PaperTrading, figures: AssetFigures, userId: string): SubBalances {
  const { accounts } = trading.ctx;
  if (!accounts.exists(userId)) return { spotUsdt: '0', futuresUsdt: '0', totalUsdt: '0' };
  const overview = figures.overview(userId);
  return {
    spotUsdt: formatMoney(accounts.balance(userId, 'USDT').available),
    futuresUsdt: formatMoney(figures.futures(userId).wallet),
    totalUsdt: overview.totalUsdt,
  };
}

/** True when the account holds nothing: no spot coin (available or frozen), no futures wallet, no open order, no position. */
export function isEmptyAccount(trading: PaperTrading, userId: string): boolean {
  const { accounts, orders, positions } = trading.ctx;
  if (!accounts.exists(userId)) return true;
  if (accounts.balances(userId).some((held) => held.available !== 0n || held.frozen !== 0n)) return false;
  if (accounts.wallet(userId) !== 0n) return false;
  if (orders.openOf(userId, 'spot').length > 0 || orders.openOf(userId, 'futures').length > 0) return false;
  return positions.ofUser(userId).length === 0;
}
