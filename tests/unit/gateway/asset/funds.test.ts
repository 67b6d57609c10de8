import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deposit, withdraw } from '../../../../gateway/asset/funds';
import { TradeError } from '../../../../gateway/trading/trade-errors';
import { assetOf, makeTradingHarness, type TradingHarness } from '../trading/trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

/** The net amount of a coin in an owner's lines of entries of `kind`. */
function linesOf(owner: string, kind: string, coin: string): bigint {
  const rows = h.db
    .prepare(
      `SELECT l.amount FROM ledger_lines l JOIN ledger_entries e ON e.seq = l.entry_seq
       WHERE l.owner = ? AND e.kind = ? AND l.coin = ?`,
    )
    .all(owner, kind, coin) as { amount: string }[];
  return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
}

describe('deposit', () => {
  it('credits the spot available balance from the world and reports assets on the change feed', async () => {
    const ann = await h.trader('ann@example.com');
    const { cursor } = await ann.ok('/v1/trade/changes?cursor=0');
    const receipt = deposit(h.trading.ctx, { userId: ann.userId, coin: 'BTC', amount: 12_345_678n });
    expect(receipt).toEqual({ id: expect.stringMatching(/^[0-9]{18}$/), at: h.clock.now });
    // Every place the deposit brought shows, past BTC's six size places: the balance never reads less than it is.
    expect(await assetOf(ann, 'BTC')).toMatchObject({ available: '0.12345678' });
    expect(linesOf('system:world', 'deposit', 'BTC')).toBe(-12_345_678n);
    expect(await ann.ok(`/v1/trade/changes?cursor=${cursor}`)).toMatchObject({ topics: ['assets'] });
  });
});

describe('withdraw', () => {
  it('sends the amount to the world and the fee to the fee account, both out of spot available', async () => {
    const ann = await h.trader('ann@example.com');
    withdraw(h.trading.ctx, { userId: ann.userId, coin: 'USDT', amount: 100_000_000_000n, fee: 150_000_000n });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '8998.50000000' });
    expect(linesOf('system:world', 'withdraw', 'USDT')).toBe(100_000_000_000n);
    expect(linesOf('system:fees', 'withdraw_fee', 'USDT')).toBe(150_000_000n);
    expect(linesOf(ann.userId, 'withdraw_fee', 'USDT')).toBe(-150_000_000n);
  });

  it('refuses with 43004 when the amount and fee together are more than available, posting nothing', async () => {
    const ann = await h.trader('ann@example.com');
    const entries = () => h.db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get();
    const before = entries();
    const all = 1_000_000_000_000n;
    for (const [amount, fee] of [
      [all, 1n],
      [all + 1n, 0n],
    ] as const) {
      let refusal: unknown;
      try {
        withdraw(h.trading.ctx, { userId: ann.userId, coin: 'USDT', amount, fee });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(TradeError);
      expect(refusal).toMatchObject({ code: '43004' });
    }
    expect(entries()).toEqual(before);
    withdraw(h.trading.ctx, { userId: ann.userId, coin: 'USDT', amount: all - 1n, fee: 1n });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '0.00000000' });
  });
});
