import { createHmac, randomBytes } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { LedgerLine } from '../money/ledger-lines';
import { formatMoney, formatUnits } from '../money/money-units';
import { seededSteps } from './fund-seed';

/** The fund's own system account in the paper ledger (beside `system:market`, `system:fees`). */
export const FUND_OWNER = 'system:protection-fund';
/** The coin the fund holds: USDT-M futures settle in USDT. */
export const FUND_COIN = 'USDT';

const DAY_MS = 86_400_000;

/** What a liquidation did, as the paper engine settled it (money units of 10^-8 USDT). */
export interface LiquidationSettled {
  userId: string;
  orderId: string;
  symbol: string;
  holdSide: 'long' | 'short';
  /** The closed size and the instrument's size places. */
  size: bigint;
  sizePlaces: number;
  /** The position's PnL at the mark it closed at (negative for a loss). */
  pnlAtMark: bigint;
  /** What the user's futures wallet moved by (negative: it lost this; never below what leaves the wallet at 0). */
  taken: bigint;
  at: number;
}

/** One day of the fund's history: the day's start (ms, UTC) and the balance at its end (the current one for today). */
export interface FundPoint {
  time: string;
  balance: string;
}

/** One payout as the public sees it: never the user id, only a masked reference. */
export interface FundPayout {
  time: string;
  symbol: string;
  holdSide: 'long' | 'short';
  size: string;
  amount: string;
  coin: string;
  user: string;
}

/** The fund's figures at `now`. */
export interface FundSummary {
  balances: { coin: string; balance: string }[];
  updatedAt: string;
  totalPayouts30d: string;
}

/**
 * The protection fund of paper futures (gateway/protection-fund/protection-fund-api.md): it takes what a liquidated
 * isolated margin leaves after the close at the mark (the liquidation fee), and pays what a liquidation's loss at the
 * mark takes beyond what the account can lose, so no account ends below zero and the counterparty gets the whole loss.
 * Everything is read and written in the caller's transaction.
 */
export class ProtectionFund {
  private readonly state: Statement;
  private readonly insertState: Statement;
  private readonly last: Statement;
  private readonly insert: Statement;
  private readonly before: Statement;
  private readonly between: Statement;
  private readonly recentPayouts: Statement;
  private readonly payoutsSince: Statement;

  constructor(private readonly db: Database) {
    this.state = db.prepare('SELECT mask_key AS maskKey FROM protection_fund_state WHERE id = 1');
    this.insertState = db.prepare('INSERT INTO protection_fund_state (id, mask_key, seeded_at) VALUES (1, ?, ?)');
    this.last = db.prepare('SELECT balance FROM protection_fund_ledger WHERE coin = ? ORDER BY seq DESC LIMIT 1');
    this.insert = db.prepare(
      `INSERT INTO protection_fund_ledger (at, coin, kind, amount, balance, order_id, symbol, hold_side, size, user_ref)
       VALUES (@at, @coin, @kind, @amount, @balance, @orderId, @symbol, @holdSide, @size, @userRef)`,
    );
    this.before = db.prepare(
      'SELECT balance FROM protection_fund_ledger WHERE coin = ? AND at < ? ORDER BY at DESC, seq DESC LIMIT 1',
    );
    this.between = db.prepare(
      'SELECT at, balance FROM protection_fund_ledger WHERE coin = ? AND at >= ? AND at < ? ORDER BY at, seq',
    );
    this.recentPayouts = db.prepare(
      `SELECT at, coin, amount, symbol, hold_side AS holdSide, size, user_ref AS userRef FROM protection_fund_ledger
        WHERE kind = 'payout' ORDER BY seq DESC LIMIT ?`,
    );
    this.payoutsSince = db.prepare(
      "SELECT amount FROM protection_fund_ledger WHERE kind = 'payout' AND coin = ? AND at >= ?",
    );
  }

  /** Writes the seeded history once (180 daily points ending the day before `now`) and the masking key. */
  ensureSeeded(now: number): void {
    if (this.state.get() !== undefined) return;
    this.db.transaction(() => {
      this.insertState.run(randomBytes(32).toString('hex'), now);
      let balance = this.balanceUnits(FUND_COIN);
      for (const step of seededSteps(Math.floor(now / DAY_MS))) {
        balance += step.amount;
        this.write({ at: step.day * DAY_MS, kind: 'seed', amount: step.amount, balance });
      }
    })();
  }

  /**
   * Settles the fund's side of a liquidation and returns the counterparty's and the fund's ledger lines, which with
   * the user's line (`taken`) sum to zero: the market gets the loss at the mark, the fund the difference. A positive
   * difference (margin left after the close) is an inflow; a negative one (a loss beyond what the account could lose)
   * a payout, recorded with a masked user reference.
   */
  settleLiquidation(event: LiquidationSettled): LedgerLine[] {
    this.ensureSeeded(event.at);
    // A liquidation never pays the user a profit: the counterparty's side is the loss at the mark, or nothing.
    const counterparty = event.pnlAtMark < 0n ? -event.pnlAtMark : 0n;
    const fundDelta = -counterparty - event.taken;
    if (fundDelta !== 0n) {
      const balance = this.balanceUnits(FUND_COIN) + fundDelta;
      this.write({
        at: event.at,
        kind: fundDelta > 0n ? 'inflow' : 'payout',
        amount: fundDelta,
        balance,
        orderId: event.orderId,
        symbol: event.symbol,
        holdSide: event.holdSide,
        size: formatUnits(event.size, event.sizePlaces),
        userRef: fundDelta < 0n ? this.maskUser(event.userId) : null,
      });
    }
    return [
      { owner: 'system:market', account: 'system', coin: FUND_COIN, amount: counterparty },
      { owner: FUND_OWNER, account: 'system', coin: FUND_COIN, amount: fundDelta },
    ];
  }

  /** The balance, when it was read, and the payouts of the last 30 days. */
  summary(now: number): FundSummary {
    this.ensureSeeded(now);
    let paid = 0n;
    for (const row of this.payoutsSince.all(FUND_COIN, now - 30 * DAY_MS) as { amount: string }[])
      paid -= BigInt(row.amount);
    return {
      balances: [{ coin: FUND_COIN, balance: formatMoney(this.balanceUnits(FUND_COIN)) }],
      updatedAt: String(now),
      totalPayouts30d: formatMoney(paid),
    };
  }

  /** One point per UTC day for the `days` days ending today: each day's closing balance (today's is the current one). */
  history(days: number, now: number): FundPoint[] {
    this.ensureSeeded(now);
    const today = Math.floor(now / DAY_MS);
    const first = today - days + 1;
    const start = first * DAY_MS;
    let balance = BigInt((this.before.get(FUND_COIN, start) as { balance: string } | undefined)?.balance ?? '0');
    const rows = this.between.all(FUND_COIN, start, (today + 1) * DAY_MS) as { at: number; balance: string }[];
    const points: FundPoint[] = [];
    let next = 0;
    for (let day = first; day <= today; day += 1) {
      const end = (day + 1) * DAY_MS;
      while (next < rows.length && rows[next]!.at < end) balance = BigInt(rows[next++]!.balance);
      points.push({ time: String(day * DAY_MS), balance: formatMoney(balance) });
    }
    return points;
  }

  /** The latest payouts, newest first. */
  payouts(limit: number, now: number): FundPayout[] {
    this.ensureSeeded(now);
    const rows = this.recentPayouts.all(limit) as {
      at: number;
      coin: string;
      amount: string;
      symbol: string;
      holdSide: 'long' | 'short';
      size: string;
      userRef: string;
    }[];
    return rows.map((row) => ({
      time: String(row.at),
      symbol: row.symbol,
      holdSide: row.holdSide,
      size: row.size,
      amount: formatMoney(-BigInt(row.amount)),
      coin: row.coin,
      user: row.userRef,
    }));
  }

  /** A reference that tells payouts of one account apart without naming it: a keyed hash, never the user id. */
  private maskUser(userId: string): string {
    const { maskKey } = this.state.get() as { maskKey: string };
    const digest = createHmac('sha256', maskKey).update(userId).digest('hex');
    return `****${digest.slice(0, 6).toUpperCase()}`;
  }

  private balanceUnits(coin: string): bigint {
    return BigInt((this.last.get(coin) as { balance: string } | undefined)?.balance ?? '0');
  }

  private write(row: {
    at: number;
    kind: 'seed' | 'inflow' | 'payout';
    amount: bigint;
    balance: bigint;
    orderId?: string;
    symbol?: string;
    holdSide?: string;
    size?: string;
    userRef?: string | null;
  }): void {
    this.insert.run({
      at: row.at,
      coin: FUND_COIN,
      kind: row.kind,
      amount: row.amount.toString(),
      balance: row.balance.toString(),
      orderId: row.orderId ?? null,
      symbol: row.symbol ?? null,
      holdSide: row.holdSide ?? null,
      size: row.size ?? null,
      userRef: row.userRef ?? null,
    });
  }
}

const funds = new WeakMap<Database, ProtectionFund>();

/** The one protection fund of a database (statements prepared once; shared by the liquidation hook and the routes). */
export function protectionFundOf(db: Database): ProtectionFund {
  let fund = funds.get(db);
  if (!fund) {
    fund = new ProtectionFund(db);
    funds.set(db, fund);
  }
  return fund;
}
