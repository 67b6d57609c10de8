import { describe, expect, it } from 'vitest';
import { computeLedgerRows, prepareLedger } from '../../../../engine/maths/position-ledger';
import { ledgerInputOf } from '../../../../src/trade/account-panels/ledger-input';
import type { FuturesAccount, FuturesPositionRow } from '../../../../src/trade/trade-replies';

const position: FuturesPositionRow = {
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  holdSide: 'long',
  position: 1,
  marginMode: 2,
  positionMode: 1,
  positionsCount: '1.0000',
  positionsOpenAvgPrice: '60000.00000',
  positionsOpenMarginCount: '6000.00000000',
  positionsLevel: '10',
  achievedProfits: '0',
  businessLine: 10,
  pricePlace: 1,
  volumePlace: 4,
  mm: '0.004',
  feeRate: '0.0006',
  liquidationPrice: '50286.5',
  totalDelegateValue: '12000.00000000',
  presetStopSurplusPrice: '',
  presetStopLossPrice: '',
  presetStopSurplusTriggerType: 'mark_price',
  presetStopLossTriggerType: 'mark_price',
  presetStopSurplusSize: '',
  presetStopLossSize: '',
  cTime: '1',
  uTime: '1',
};
const account = { marginCoin: 'USDT', equity: '10000', unrealizedPL: '0' } as FuturesAccount;

describe('the maths worker input of the positions panel', () => {
  it('carries the value of the open opening orders, so a cross liquidation price counts them', () => {
    const input = ledgerInputOf([position], account);
    expect(input.positions[0]!.totalDelegateValue).toBe('12000.00000000');
    const [row] = computeLedgerRows(prepareLedger(input), { marks: { BTCUSDT: '60000' } });
    // Worked by hand in tests/unit/engine/maths/position-ledger-delegate.test.ts: the gateway's own figure.
    expect(row!.liquidation).toBe('50286.5');
  });
});
