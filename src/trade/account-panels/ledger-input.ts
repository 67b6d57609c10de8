import type { LedgerInput } from '../../../engine/maths/position-ledger';
import type { FuturesAccount, FuturesPositionRow } from '../trade-replies';

/** Larger than any position: the one tier of a position whose rate the gateway already chose (`mm`). */
const ANY_SIZE = '1000000000000000000000000';

/** The row id of a position in the maths ledger and the table: symbol and side are unique per account. */
export function positionId(position: Pick<FuturesPositionRow, 'symbol' | 'holdSide'>): string {
  return `${position.symbol}:${position.holdSide}`;
}

/** The maths worker's ledger (contracts/maths.md, live-position shape) for the account's open positions. */
export function ledgerInputOf(positions: readonly FuturesPositionRow[], account: FuturesAccount | null): LedgerInput {
  const marginCoin = account?.marginCoin ?? 'USDT';
  return {
    positions: positions.map((position) => ({
      id: positionId(position),
      symbol: position.symbol,
      marginCoin,
      businessLine: position.businessLine,
      marginMode: position.marginMode,
      positionMode: position.positionMode,
      position: {
        position: position.position,
        businessLine: position.businessLine,
        marginMode: position.marginMode,
        positionsCount: position.positionsCount,
        positionsOpenAvgPrice: position.positionsOpenAvgPrice,
        positionsOpenMarginCount: position.positionsOpenMarginCount,
        positionsLevel: position.positionsLevel,
      },
      pricePlace: position.pricePlace,
      sizePlace: position.volumePlace,
      tiers: [['0', ANY_SIZE, position.mm, position.positionsLevel]],
      feeRate: position.feeRate,
      // The gateway sums the symbol's open opening orders; the worker counts them in cross one-way mode only.
      totalDelegateValue: position.totalDelegateValue,
    })),
    // The maths worker works the cross wallet balance out (equity − uPnL − isolated margins): no decimal maths here.
    crossWallet: account ? { [marginCoin]: { equity: account.equity, unrealizedPL: account.unrealizedPL } } : {},
  };
}
