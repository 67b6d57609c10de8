import type { Database } from 'better-sqlite3';
import { type LedgerEntry, type LedgerLine, SYSTEM_OWNERS } from '../money/ledger-lines';

/** A coin balance of a spot account in money units (10^-8). */
export interface CoinBalance {
  coin: string;
  available: bigint;
  frozen: bigint;
}

/** Position mode of a futures account (public v2 names). */
export type PosMode = 'one_way_mode' | 'hedge_mode';
/** Margin mode of a futures symbol (public v2 names). */
export type MarginModeName = 'isolated' | 'crossed';

/**
 * Leverages and margin mode of one perpetual for one user: cross margin has one leverage, isolated margin one per side
 * (the exchange's `crossMarginLeverage`, `isolatedLongLever`, `isolatedShortLever`).
 */
export interface SymbolSettings {
  crossLeverage: number;
  longLeverage: number;
  shortLeverage: number;
  marginMode: MarginModeName;
}

/** Reads and writes paper accounts: the spot balances, the futures wallet, the position mode and per-symbol settings. */
export interface AccountStore {
  /** True when the user already has paper accounts. */
  exists(userId: string): boolean;
  /** Creates the accounts, granting `spotUsdt` to spot and `futuresUsdt` to the futures wallet (money units) from the world. */
  create(userId: string, spotUsdt: bigint, futuresUsdt: bigint, now: number): void;
  balance(userId: string, coin: string): CoinBalance;
  balances(userId: string): CoinBalance[];
  wallet(userId: string): bigint;
  /**
   * Records one balanced entry and applies its users' lines to their balances, in one transaction. Throws (changing
   * nothing) when a coin's lines do not sum to zero, or when a user's spot balance would go below zero.
   */
  post(entry: LedgerEntry): void;
  posMode(userId: string): PosMode;
  setPosMode(userId: string, mode: PosMode): void;
  settings(userId: string, symbol: string, defaults: SymbolSettings): SymbolSettings;
  saveSettings(userId: string, symbol: string, settings: SymbolSettings): void;
}

/** Builds the account store over a database migrated with TRADING_MIGRATIONS. */
export function createAccountStore(db: Database): AccountStore {
  const exists = db.prepare('SELECT 1 FROM trade_accounts WHERE user_id = ?').pluck();
  const insertAccount = db.prepare('INSERT INTO trade_accounts (user_id, futures_wallet, created_at) VALUES (?, ?, ?)');
  const readBalance = db.prepare('SELECT coin, available, frozen FROM trade_balances WHERE user_id = ? AND coin = ?');
  const readBalances = db.prepare('SELECT coin, available, frozen FROM trade_balances WHERE user_id = ? ORDER BY coin');
  const writeBalance = db.prepare(
    `INSERT INTO trade_balances (user_id, coin, available, frozen) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, coin) DO UPDATE SET available = excluded.available, frozen = excluded.frozen`,
  );
  const readAccount = db.prepare(
    'SELECT futures_wallet AS wallet, pos_mode AS posMode FROM trade_accounts WHERE user_id = ?',
  );
  const writeWallet = db.prepare('UPDATE trade_accounts SET futures_wallet = ? WHERE user_id = ?');
  const writePosMode = db.prepare('UPDATE trade_accounts SET pos_mode = ? WHERE user_id = ?');
  const readSettings = db.prepare(
    `SELECT leverage AS crossLeverage, long_leverage AS longLeverage, short_leverage AS shortLeverage,
       margin_mode AS marginMode FROM trade_settings WHERE user_id = ? AND symbol = ?`,
  );
  const writeSettings = db.prepare(
    `INSERT INTO trade_settings (user_id, symbol, leverage, long_leverage, short_leverage, margin_mode)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, symbol) DO UPDATE SET leverage = excluded.leverage, long_leverage = excluded.long_leverage,
       short_leverage = excluded.short_leverage, margin_mode = excluded.margin_mode`,
  );
  const insertEntry = db.prepare(
    'INSERT INTO ledger_entries (user_id, kind, ref, symbol, at) VALUES (?, ?, ?, ?, ?) RETURNING seq',
  );
  const insertLine = db.prepare(
    'INSERT INTO ledger_lines (entry_seq, owner, account, coin, amount) VALUES (?, ?, ?, ?, ?)',
  );
  type BalanceRow = { coin: string; available: string; frozen: string };
  const toBalance = (row: BalanceRow): CoinBalance => ({
    coin: row.coin,
    available: BigInt(row.available),
    frozen: BigInt(row.frozen),
  });
  const account = (userId: string) => readAccount.get(userId) as { wallet: string; posMode: PosMode } | undefined;
  const balance = (userId: string, coin: string): CoinBalance => {
    const row = readBalance.get(userId, coin) as BalanceRow | undefined;
    return row ? toBalance(row) : { coin, available: 0n, frozen: 0n };
  };
  const wallet = (userId: string) => BigInt(account(userId)?.wallet ?? '0');
  const applyLine = (line: LedgerLine) => {
    if (line.account === 'system') return;
    if (line.account === 'futures') {
      if (line.coin !== 'USDT') throw new Error(`the futures wallet holds USDT, not ${line.coin}`);
      // A cross loss may take the wallet below zero until liquidation settles it, as the exchange's does.
      writeWallet.run((wallet(line.owner) + line.amount).toString(), line.owner);
      return;
    }
    const held = balance(line.owner, line.coin);
    const next =
      line.account === 'spot'
        ? { ...held, available: held.available + line.amount }
        : { ...held, frozen: held.frozen + line.amount };
    if (next.available < 0n || next.frozen < 0n) throw new Error(`negative ${line.coin} balance for ${line.owner}`);
    writeBalance.run(line.owner, line.coin, next.available.toString(), next.frozen.toString());
  };
  const post = db.transaction((entry: LedgerEntry) => {
    const sums = new Map<string, bigint>();
    for (const line of entry.lines) {
      const isSystem = line.account === 'system';
      if (isSystem !== line.owner.startsWith('system:'))
        throw new Error(`${line.owner} cannot hold a ${line.account} account`);
      sums.set(line.coin, (sums.get(line.coin) ?? 0n) + line.amount);
    }
    for (const [coin, sum] of sums) if (sum !== 0n) throw new Error(`unbalanced ${entry.kind} entry: ${coin} ${sum}`);
    const lines = entry.lines.filter((line) => line.amount !== 0n);
    if (lines.length === 0) return;
    const { seq } = insertEntry.get(entry.userId, entry.kind, entry.ref, entry.symbol ?? null, entry.at) as {
      seq: number;
    };
    for (const line of lines) {
      applyLine(line);
      insertLine.run(seq, line.owner, line.account, line.coin, line.amount.toString());
    }
  });
  return {
    exists: (userId) => exists.get(userId) !== undefined,
    create: (userId, spotUsdt, futuresUsdt, now) => {
      insertAccount.run(userId, '0', now);
      const world = SYSTEM_OWNERS.world;
      post({
        kind: 'grant',
        userId,
        ref: 'paper-grant',
        at: now,
        lines: [
          { owner: world, account: 'system', coin: 'USDT', amount: -(spotUsdt + futuresUsdt) },
          { owner: userId, account: 'spot', coin: 'USDT', amount: spotUsdt },
          { owner: userId, account: 'futures', coin: 'USDT', amount: futuresUsdt },
        ],
      });
      // The spot account lists USDT even at a zero grant.
      if (spotUsdt === 0n) writeBalance.run(userId, 'USDT', '0', '0');
    },
    balance,
    balances: (userId) => (readBalances.all(userId) as BalanceRow[]).map(toBalance),
    wallet,
    post: (entry) => post(entry),
    posMode: (userId) => account(userId)?.posMode ?? 'one_way_mode',
    setPosMode: (userId, mode) => {
      writePosMode.run(mode, userId);
    },
    settings: (userId, symbol, defaults) =>
      (readSettings.get(userId, symbol) as SymbolSettings | undefined) ?? { ...defaults },
    saveSettings: (userId, symbol, settings) => {
      writeSettings.run(
        userId,
        symbol,
        settings.crossLeverage,
        settings.longLeverage,
        settings.shortLeverage,
        settings.marginMode,
      );
    },
  };
}
