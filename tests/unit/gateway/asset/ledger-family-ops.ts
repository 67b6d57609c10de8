import fc from 'fast-check';
import { expect } from 'vitest';
import { formatUnits, MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import type { Trader, TradingHarness } from '../trading/trading-support';

/**
 * The sessions of a ledger run by index in `traders`: ann's main session, bob's (a stranger to ann's family), and a
 * session of ann's switched into her sub-account.
 */
export const FAMILY_SESSIONS = { main: 0, stranger: 1, sub: 2 } as const;

const account = fc.constantFrom('spot' as const, 'futures' as const);

/** The transfers between ann's main account and her sub-account, through `POST /v1/asset/sub-transfer`. */
export const FAMILY_OP_ARBS = [
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('subTransfer' as const),
      by: fc.constantFrom('main' as const, 'sub' as const, 'stranger' as const),
      toSub: fc.boolean(),
      from: account,
      to: account,
      share: fc.integer({ min: 1, max: 120 }),
      replay: fc.boolean(),
    }),
  },
];

/** What the family operations of a run keep. */
export interface FamilyState {
  h: TradingHarness;
  traders: Trader[];
  /** The clientOids each session's user has used in transfers between sub-accounts, by index in `traders`. */
  subClientOids: string[][];
}

/**
 * A transfer of a share of what the sender may give between ann's main account and her sub-account, asked by either
 * of their sessions: up to 100 % it goes through, above it 43004; a replayed clientOid 43015; bob's session 40305
 * (HTTP 403). A refusal moves nothing; a transfer moves exactly the amount from one account to the other.
 */
export async function subTransfer(
  state: FamilyState,
  op: {
    by: keyof typeof FAMILY_SESSIONS;
    toSub: boolean;
    from: 'spot' | 'futures';
    to: 'spot' | 'futures';
    share: number;
    replay: boolean;
  },
): Promise<void> {
  const ctx = state.h.trading.ctx;
  const main = state.traders[FAMILY_SESSIONS.main]!;
  const sub = state.traders[FAMILY_SESSIONS.sub]!;
  const [sender, receiver] = op.toSub ? [main, sub] : [sub, main];
  const asker = FAMILY_SESSIONS[op.by];
  const holdings = () =>
    [sender, receiver].map((t) => [ctx.accounts.balance(t.userId, 'USDT').available, ctx.accounts.wallet(t.userId)]);
  const accountOf = (held: bigint[], name: 'spot' | 'futures') => (name === 'spot' ? held[0]! : held[1]!);
  const transferable =
    op.from === 'spot'
      ? ctx.accounts.balance(sender.userId, 'USDT').available
      : unitsOf((await sender.ok('/v1/asset/futures')).transferable, MONEY_PLACES);
  const amount = (transferable * BigInt(op.share)) / 100n;
  if (amount <= 0n) return;
  const used = state.subClientOids[asker]!;
  const replayed = op.replay && used.length > 0;
  const clientOid = replayed ? used[used.length - 1]! : `s${asker}-${used.length}`;
  const expected = op.by === 'stranger' ? '40305' : replayed ? '43015' : amount > transferable ? '43004' : '00000';
  const before = holdings();
  const reply = await state.traders[asker]!.post('/v1/asset/sub-transfer', {
    fromUserId: sender.userId,
    toUserId: receiver.userId,
    from: op.from,
    to: op.to,
    coin: 'USDT',
    amount: formatUnits(amount, MONEY_PLACES),
    clientOid,
  });
  expect(reply.code, reply.msg).toBe(expected);
  const after = holdings();
  if (expected !== '00000') {
    expect(after).toEqual(before);
    return;
  }
  used.push(clientOid);
  expect(accountOf(after[0]!, op.from)).toBe(accountOf(before[0]!, op.from) - amount);
  expect(accountOf(after[1]!, op.to)).toBe(accountOf(before[1]!, op.to) + amount);
}
