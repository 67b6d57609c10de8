import { describe, expect, it } from 'vitest';
import { AccountFigures } from '../../../../engine/maths/account-figures';
import { computeLedgerRows, prepareLedger } from '../../../../engine/maths/position-ledger';
import { CONTRACT_LONG } from '../../../fixtures/contract-positions';

const SHORT_ETH = {
  ...CONTRACT_LONG,
  id: 'p2',
  symbol: 'ETHUSDT',
  position: { position: 2, positionsCount: '2', positionsOpenAvgPrice: '3000', positionsOpenMarginCount: '600' },
};
const LEDGER = { positions: [CONTRACT_LONG, SHORT_ETH] };

describe('AccountFigures', () => {
  it('sums the positions uPnL as the rows show it and adds it to the wallet', () => {
    const figures = new AccountFigures({ ledger: LEDGER, wallets: { USDT: '10000.12345' } });
    const tick = { marks: { BTCUSDT: '61000', ETHUSDT: '3100.5' } };
    // The rows of the positions table at the same marks: 500.00 and −201.00.
    const rows = computeLedgerRows(prepareLedger(LEDGER), tick);
    expect(rows.map((row) => row.upnl)).toEqual(['500.00', '-201.00']);
    expect(figures.apply(tick)).toEqual({ USDT: { unrealizedPL: '299.0000', equity: '10299.1235', unpriced: 0 } });
  });

  it('counts a position without a mark as unpriced and leaves it out of the sum', () => {
    const figures = new AccountFigures({ ledger: LEDGER, wallets: { USDT: '100' }, places: 2 });
    expect(figures.apply({ marks: { BTCUSDT: '59000' } })).toEqual({
      USDT: { unrealizedPL: '-500.00', equity: '-400.00', unpriced: 1 },
    });
  });

  it('merges ticks that carry only the symbols that moved, and answers null when no figure moved', () => {
    const figures = new AccountFigures({ ledger: LEDGER, wallets: { USDT: '0' } });
    figures.apply({ marks: { BTCUSDT: '61000', ETHUSDT: '3000' } });
    expect(figures.apply({ marks: { ETHUSDT: '3000' } })).toBeNull();
    expect(figures.apply({ marks: { ETHUSDT: '2990' } })?.USDT.unrealizedPL).toBe('520.0000');
  });

  it('keeps the last good marks when a tick is bad', () => {
    const figures = new AccountFigures({ ledger: LEDGER, wallets: { USDT: '0' } });
    figures.apply({ marks: { BTCUSDT: '61000', ETHUSDT: '3000' } });
    expect(() => figures.apply({ marks: { BTCUSDT: 'NaN' } })).toThrow();
    expect(figures.apply({ marks: {} }, true)?.USDT.unrealizedPL).toBe('500.0000');
  });

  it('refuses an account with no wallet for a position coin, a bad wallet and too many coins', () => {
    expect(() => new AccountFigures({ ledger: LEDGER, wallets: { USDC: '1' } })).toThrow(/no wallet for USDT/);
    expect(() => new AccountFigures({ ledger: LEDGER, wallets: { USDT: 'lots' } })).toThrow(/wallets.USDT/);
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`C${i}`, '1']));
    expect(() => new AccountFigures({ ledger: { positions: [] }, wallets: many })).toThrow(/at most 16/);
    expect(() => new AccountFigures(null as never)).toThrow(/must be an object/);
  });
});
