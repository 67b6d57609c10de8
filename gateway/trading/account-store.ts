import type { Database } from 'better-sqlite3';

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

/** Leverage and margin mode of one perpetual for one user. */
export interface SymbolSettings {
  leverage: number;
  marginMode: MarginModeName;
}

/** Reads and writes paper accounts: the spot balances, the futures wallet, the position mode and per-symbol settings. */
export interface AccountStore {
  /** True when the user already has paper accounts. */
  exists(userId: string): boolean;
  /** Creates the accounts with `spotUsdt` in spot and `futuresUsdt` in the futures wallet (money units). */
  create(userId: string, spotUsdt: bigint, futuresUsdt: bigint, now: number): void;
  balance(userId: string, coin: string): CoinBalance;
  balances(userId: string): CoinBalance[];
  setBalance(userId: string, balance: CoinBalance): void;
  wallet(userId: string): bigint;
  setWallet(userId: string, wallet: bigint): void;
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
    'SELECT leverage, margin_mode AS marginMode FROM trade_settings WHERE user_id = ? AND symbol = ?',
  );
  const writeSettings = db.prepare(
    `INSERT INTO trade_settings (user_id, symbol, leverage, margin_mode) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, symbol) DO UPDATE SET leverage = excluded.leverage, margin_mode = excluded.margin_mode`,
  );
  type BalanceRow = { coin: string; available: string; frozen: string };
  const toBalance = (row: BalanceRow): CoinBalance => ({
    coin: row.coin,
    available: BigInt(row.available),
    frozen: BigInt(row.frozen),
  });
  const account = (userId: string) => readAccount.get(userId) as { wallet: string; posMode: PosMode } | undefined;
  return {
    exists: (userId) => exists.get(userId) !== undefined,
    create: (userId, spotUsdt, futuresUsdt, now) => {
      insertAccount.run(userId, futuresUsdt.toString(), now);
      writeBalance.run(userId, 'USDT', spotUsdt.toString(), '0');
    },
    balance: (userId, coin) => {
      const row = readBalance.get(userId, coin) as BalanceRow | undefined;
      return row ? toBalance(row) : { coin, available: 0n, frozen: 0n };
    },
    balances: (userId) => (readBalances.all(userId) as BalanceRow[]).map(toBalance),
    setBalance: (userId, balance) => {
      if (balance.available < 0n || balance.frozen < 0n)
        throw new Error(`negative ${balance.coin} balance for ${userId}`);
      writeBalance.run(userId, balance.coin, balance.available.toString(), balance.frozen.toString());
    },
    wallet: (userId) => BigInt(account(userId)?.wallet ?? '0'),
    setWallet: (userId, wallet) => {
      writeWallet.run(wallet.toString(), userId);
    },
    posMode: (userId) => account(userId)?.posMode ?? 'one_way_mode',
    setPosMode: (userId, mode) => {
      writePosMode.run(mode, userId);
    },
    settings: (userId, symbol, defaults) =>
      (readSettings.get(userId, symbol) as SymbolSettings | undefined) ?? { ...defaults },
    saveSettings: (userId, symbol, settings) => {
      writeSettings.run(userId, symbol, settings.leverage, settings.marginMode);
    },
  };
}
