import { describe, expect, it } from 'vitest';
import {
  accountStampOf,
  isRefusalStanding,
  refusalCauseOf,
  type ShownRefusal,
} from '../../../../engine/rules/refusal-standing';

const position = { symbol: 'BTCUSDT', holdSide: 'long', positionsCount: '0.05' };

describe('refusalCauseOf', () => {
  it('ties mode and reduce-only refusals to the account, 43004 to the balance, the rest to the input', () => {
    expect(refusalCauseOf('43009')).toBe('account');
    expect(refusalCauseOf('43007')).toBe('account');
    expect(refusalCauseOf('43008')).toBe('account');
    expect(refusalCauseOf('43004')).toBe('balance');
    expect(refusalCauseOf('43003')).toBe('input');
    expect(refusalCauseOf(undefined)).toBe('input');
  });
});

describe('accountStampOf', () => {
  it('is the same for the same positions and orders however they are ordered or fetched', () => {
    const other = { symbol: 'ETHUSDT', holdSide: 'short', positionsCount: '1' };
    expect(accountStampOf([position, other], [{ orderId: '1' }, { orderId: '2' }])).toBe(
      accountStampOf([{ ...other }, { ...position }], [{ orderId: '2' }, { orderId: '1' }]),
    );
  });

  it('changes when a position closes or grows, or an order goes', () => {
    const before = accountStampOf([position], [{ orderId: '1' }]);
    expect(accountStampOf([], [{ orderId: '1' }])).not.toBe(before);
    expect(accountStampOf([{ ...position, positionsCount: '0.06' }], [{ orderId: '1' }])).not.toBe(before);
    expect(accountStampOf([position], [])).not.toBe(before);
  });
});

describe('isRefusalStanding', () => {
  const closeFirst: ShownRefusal = {
    text: 'Close your positions and cancel your orders first.',
    cause: 'account',
    stamp: accountStampOf([position], []),
  };

  it('keeps “Close your positions…” while the position is open, and drops it once it is closed', () => {
    expect(isRefusalStanding(closeFirst, { account: accountStampOf([{ ...position }], []), balance: 'x' })).toBe(true);
    expect(isRefusalStanding(closeFirst, { account: accountStampOf([], []), balance: 'x' })).toBe(false);
  });

  it('drops an insufficient-balance refusal when the balance changes, not when positions do', () => {
    const refusal: ShownRefusal = { text: 'Insufficient balance', cause: 'balance', stamp: 'USDT:10' };
    expect(isRefusalStanding(refusal, { account: 'a', balance: 'USDT:10' })).toBe(true);
    expect(isRefusalStanding(refusal, { account: 'b', balance: 'USDT:10' })).toBe(true);
    expect(isRefusalStanding(refusal, { account: 'a', balance: 'USDT:2000' })).toBe(false);
  });

  it('keeps an input refusal whatever the account does (an edit clears it)', () => {
    const refusal: ShownRefusal = { text: 'Below the minimum', cause: 'input', stamp: '' };
    expect(isRefusalStanding(refusal, { account: 'changed', balance: 'changed' })).toBe(true);
  });
});
