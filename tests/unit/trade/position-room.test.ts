import { describe, expect, it } from 'vitest';
import { positionRoomOf } from '../../../src/trade/order-form/order-form-sizing';
import type { FuturesPositionRow } from '../../../src/trade/trade-replies';

const row = (patch: Partial<FuturesPositionRow>): FuturesPositionRow =>
  ({ symbol: 'BTCUSDT', holdSide: 'long', marginMode: 2, positionsCount: '0', ...patch }) as FuturesPositionRow;

describe('positionRoomOf (the margin tiers in the order form’s Max)', () => {
  const positions = [
    row({ holdSide: 'long', marginMode: 2, positionsCount: '40' }),
    row({ holdSide: 'short', marginMode: 2, positionsCount: '30' }),
    row({ holdSide: 'long', marginMode: 1, positionsCount: '100' }),
    row({ symbol: 'ETHUSDT', holdSide: 'long', marginMode: 2, positionsCount: '1000' }),
  ];

  it('counts every cross leg of the symbol together, as the gateway chooses the tier', () => {
    expect(positionRoomOf('150', 'crossed', 'buy', positions, 'BTCUSDT')).toBe('80');
    expect(positionRoomOf('150', 'crossed', 'sell', positions, 'BTCUSDT')).toBe('80');
  });

  it("counts only the side's own isolated position in isolated mode", () => {
    expect(positionRoomOf('150', 'isolated', 'buy', positions, 'BTCUSDT')).toBe('50');
    expect(positionRoomOf('150', 'isolated', 'sell', positions, 'BTCUSDT')).toBe('150');
  });

  it('is never negative, and absent when the gateway gave no cap', () => {
    expect(positionRoomOf('60', 'crossed', 'buy', positions, 'BTCUSDT')).toBe('0');
    expect(positionRoomOf(null, 'crossed', 'buy', positions, 'BTCUSDT')).toBeUndefined();
  });
});
