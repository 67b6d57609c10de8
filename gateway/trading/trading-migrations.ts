import type { Database } from 'better-sqlite3';
import type { Migration } from '../db/migration';

/**
 * Schema of paper trading (ids 300+; append only): accounts, spot balances, orders of both product lines, futures
 * positions, per-symbol settings, the ledger and transfers between accounts. Amounts are bigint integer strings: money
 * in 10^-8 of the coin, prices and sizes in the instrument's own units, so no float ever touches a balance.
 */
export const TRADING_MIGRATIONS: readonly Migration[] = [
  {
    id: 300,
    name: 'paper-trading',
    sql: `
      CREATE TABLE trade_accounts (
        user_id TEXT PRIMARY KEY,
        futures_wallet TEXT NOT NULL,
        pos_mode TEXT NOT NULL DEFAULT 'one_way_mode' CHECK (pos_mode IN ('one_way_mode', 'hedge_mode')),
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE trade_balances (
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        coin TEXT NOT NULL,
        available TEXT NOT NULL,
        frozen TEXT NOT NULL,
        PRIMARY KEY (user_id, coin)
      ) WITHOUT ROWID;

      CREATE TABLE trade_orders (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        market TEXT NOT NULL CHECK (market IN ('spot', 'futures')),
        symbol TEXT NOT NULL,
        client_oid TEXT NOT NULL,
        side TEXT NOT NULL,
        order_type TEXT NOT NULL,
        force TEXT NOT NULL,
        price TEXT,
        size TEXT NOT NULL,
        trigger_price TEXT,
        trigger_up INTEGER,
        plan_status TEXT NOT NULL,
        status TEXT NOT NULL,
        base_volume TEXT NOT NULL DEFAULT '0',
        quote_volume TEXT NOT NULL DEFAULT '0',
        fee TEXT NOT NULL DEFAULT '0',
        frozen TEXT NOT NULL DEFAULT '0',
        margin_mode TEXT,
        trade_side TEXT,
        hold_side TEXT,
        reduce_only INTEGER NOT NULL DEFAULT 0,
        leverage INTEGER,
        preset_tp TEXT,
        preset_sl TEXT,
        total_profits TEXT NOT NULL DEFAULT '0',
        c_time INTEGER NOT NULL,
        u_time INTEGER NOT NULL
      );
      CREATE INDEX trade_orders_user ON trade_orders (user_id, market, symbol, seq);
      CREATE INDEX trade_orders_open ON trade_orders (market, symbol) WHERE status IN ('live', 'partially_filled');
      CREATE UNIQUE INDEX trade_orders_client_oid ON trade_orders (user_id, client_oid) WHERE client_oid <> '';

      CREATE TABLE trade_positions (
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        symbol TEXT NOT NULL,
        hold_side TEXT NOT NULL CHECK (hold_side IN ('long', 'short')),
        margin_mode TEXT NOT NULL,
        size TEXT NOT NULL,
        open_value TEXT NOT NULL,
        margin TEXT NOT NULL,
        leverage INTEGER NOT NULL,
        achieved_profits TEXT NOT NULL DEFAULT '0',
        preset_tp TEXT,
        preset_sl TEXT,
        last_funding_time INTEGER NOT NULL DEFAULT 0,
        c_time INTEGER NOT NULL,
        u_time INTEGER NOT NULL,
        PRIMARY KEY (user_id, symbol, hold_side)
      ) WITHOUT ROWID;
      CREATE INDEX trade_positions_symbol ON trade_positions (symbol);

      CREATE TABLE trade_settings (
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        symbol TEXT NOT NULL,
        leverage INTEGER NOT NULL,
        margin_mode TEXT NOT NULL CHECK (margin_mode IN ('isolated', 'crossed')),
        PRIMARY KEY (user_id, symbol)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 318,
    name: 'position-history',
    sql: `
      ALTER TABLE trade_positions ADD COLUMN opened_size TEXT NOT NULL DEFAULT '0';
      ALTER TABLE trade_positions ADD COLUMN opened_value TEXT NOT NULL DEFAULT '0';
      ALTER TABLE trade_positions ADD COLUMN closed_size TEXT NOT NULL DEFAULT '0';
      ALTER TABLE trade_positions ADD COLUMN closed_value TEXT NOT NULL DEFAULT '0';
      ALTER TABLE trade_positions ADD COLUMN fees TEXT NOT NULL DEFAULT '0';
      ALTER TABLE trade_positions ADD COLUMN funding TEXT NOT NULL DEFAULT '0';
      UPDATE trade_positions SET opened_size = size, opened_value = open_value;

      CREATE TABLE trade_position_history (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        symbol TEXT NOT NULL,
        hold_side TEXT NOT NULL CHECK (hold_side IN ('long', 'short')),
        margin_mode TEXT NOT NULL,
        leverage INTEGER NOT NULL,
        opened_size TEXT NOT NULL,
        opened_value TEXT NOT NULL,
        closed_size TEXT NOT NULL,
        closed_value TEXT NOT NULL,
        pnl TEXT NOT NULL,
        funding TEXT NOT NULL,
        fees TEXT NOT NULL,
        liquidated INTEGER NOT NULL DEFAULT 0,
        c_time INTEGER NOT NULL,
        u_time INTEGER NOT NULL
      );
      CREATE INDEX trade_position_history_user ON trade_position_history (user_id, symbol, seq);

      CREATE TABLE trade_funding (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        symbol TEXT NOT NULL,
        hold_side TEXT NOT NULL,
        rate_micros TEXT NOT NULL,
        mark TEXT NOT NULL,
        size TEXT NOT NULL,
        amount TEXT NOT NULL,
        settled_at INTEGER NOT NULL
      );
      CREATE INDEX trade_funding_user ON trade_funding (user_id, symbol, seq);
    `,
  },
  {
    id: 330,
    name: 'ledger',
    // Every balance change is one entry of lines that sum to zero per coin (account-store.ts). Balances that existed
    // before the ledger open it as one grant from the world each, so the ledger's sums match the balances from then on.
    sql: `
      CREATE TABLE ledger_entries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        ref TEXT NOT NULL,
        symbol TEXT,
        at INTEGER NOT NULL
      );
      CREATE INDEX ledger_entries_user ON ledger_entries (user_id, seq);

      CREATE TABLE ledger_lines (
        entry_seq INTEGER NOT NULL REFERENCES ledger_entries (seq),
        owner TEXT NOT NULL,
        account TEXT NOT NULL CHECK (account IN ('spot', 'spot_frozen', 'futures', 'system')),
        coin TEXT NOT NULL,
        amount TEXT NOT NULL
      );
      CREATE INDEX ledger_lines_entry ON ledger_lines (entry_seq);
      CREATE INDEX ledger_lines_owner ON ledger_lines (owner, coin);

      INSERT INTO ledger_entries (user_id, kind, ref, at)
        SELECT user_id, 'grant', 'ledger-opening', created_at FROM trade_accounts;
      INSERT INTO ledger_lines (entry_seq, owner, account, coin, amount)
        SELECT e.seq, b.user_id, 'spot', b.coin, b.available
          FROM trade_balances b JOIN ledger_entries e ON e.user_id = b.user_id WHERE b.available <> '0'
        UNION ALL
        SELECT e.seq, b.user_id, 'spot_frozen', b.coin, b.frozen
          FROM trade_balances b JOIN ledger_entries e ON e.user_id = b.user_id WHERE b.frozen <> '0'
        UNION ALL
        SELECT e.seq, a.user_id, 'futures', 'USDT', a.futures_wallet
          FROM trade_accounts a JOIN ledger_entries e ON e.user_id = a.user_id WHERE a.futures_wallet <> '0';
    `,
    // The world's opposite lines need bigint sums, which SQL cannot make exactly; the migration step adds them.
    after: (db) => openingWorldLines(db),
  },
  {
    id: 340,
    name: 'asset-transfers',
    // Transfers between a user's spot and futures accounts (assets contract): the money moves in the ledger, this
    // row keeps the request, so a repeated clientOid is found and refused instead of moving the money twice.
    sql: `
      CREATE TABLE asset_transfers (
        transfer_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        client_oid TEXT NOT NULL,
        from_account TEXT NOT NULL CHECK (from_account IN ('spot', 'futures')),
        to_account TEXT NOT NULL CHECK (to_account IN ('spot', 'futures')),
        coin TEXT NOT NULL,
        amount TEXT NOT NULL,
        c_time INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX asset_transfers_client_oid ON asset_transfers (user_id, client_oid) WHERE client_oid <> '';
    `,
  },
  {
    id: 350,
    name: 'asset-funds',
    // Deposits, withdrawals and the address book (assets contract). Money moves in the ledger; these rows keep what the
    // screens list and how far each one has got, so a deposit is credited once even across a restart. A memo is ''
    // when the chain has none, so the unique indexes treat "no memo" as one value.
    sql: `
      CREATE TABLE asset_deposit_addresses (
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        coin TEXT NOT NULL,
        chain TEXT NOT NULL,
        address TEXT NOT NULL,
        memo TEXT NOT NULL,
        c_time INTEGER NOT NULL,
        PRIMARY KEY (user_id, coin, chain)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX asset_deposit_addresses_address ON asset_deposit_addresses (chain, address, memo);

      CREATE TABLE asset_deposits (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        deposit_id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        coin TEXT NOT NULL,
        chain TEXT NOT NULL,
        address TEXT NOT NULL,
        memo TEXT NOT NULL,
        amount TEXT NOT NULL,
        tx_id TEXT NOT NULL,
        confirmations INTEGER NOT NULL,
        required INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'credited')),
        c_time INTEGER NOT NULL,
        u_time INTEGER NOT NULL
      );
      CREATE INDEX asset_deposits_user ON asset_deposits (user_id, seq);
      CREATE INDEX asset_deposits_user_coin ON asset_deposits (user_id, coin, seq);
      CREATE INDEX asset_deposits_pending ON asset_deposits (seq) WHERE status = 'pending';

      CREATE TABLE asset_withdrawals (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        withdrawal_id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        client_oid TEXT NOT NULL,
        coin TEXT NOT NULL,
        chain TEXT NOT NULL,
        address TEXT NOT NULL,
        memo TEXT NOT NULL,
        amount TEXT NOT NULL,
        fee TEXT NOT NULL,
        usdt_value TEXT NOT NULL,
        tx_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('processing', 'completed')),
        c_time INTEGER NOT NULL,
        u_time INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX asset_withdrawals_client_oid ON asset_withdrawals (user_id, client_oid);
      CREATE INDEX asset_withdrawals_user ON asset_withdrawals (user_id, seq);
      CREATE INDEX asset_withdrawals_user_coin ON asset_withdrawals (user_id, coin, seq);
      CREATE INDEX asset_withdrawals_user_time ON asset_withdrawals (user_id, c_time);
      CREATE INDEX asset_withdrawals_processing ON asset_withdrawals (seq) WHERE status = 'processing';

      CREATE TABLE asset_address_book (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        coin TEXT NOT NULL,
        chain TEXT NOT NULL,
        address TEXT NOT NULL,
        address_key TEXT NOT NULL,
        memo TEXT NOT NULL,
        label TEXT NOT NULL,
        c_time INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX asset_address_book_entry ON asset_address_book (user_id, coin, chain, address_key, memo);
    `,
  },
  {
    id: 351,
    name: 'asset-record-indexes',
    // The order and fill records page newest first through a user's orders and trade entries: each filter the records
    // take gets an index that is already in seq order, and a fill finds its fee entry by the order id (the ref).
    sql: `
      CREATE INDEX trade_orders_user_seq ON trade_orders (user_id, seq);
      CREATE INDEX trade_orders_user_market_seq ON trade_orders (user_id, market, seq);
      CREATE INDEX ledger_entries_user_kind ON ledger_entries (user_id, kind, seq);
      CREATE INDEX ledger_entries_ref ON ledger_entries (ref, seq);
    `,
  },
  {
    id: 352,
    name: 'asset-sub-transfers',
    // Transfers between the accounts of one family (assets contract, "Transfer between sub-accounts"): the money moves
    // in the ledger (two entries with the transfer id as ref), this row keeps the request. `user_id` is the session's
    // user who asked, whose clientOids are one space of their own, apart from those of asset_transfers.
    sql: `
      CREATE TABLE asset_sub_transfers (
        transfer_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        client_oid TEXT NOT NULL,
        from_user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        to_user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        from_account TEXT NOT NULL CHECK (from_account IN ('spot', 'futures')),
        to_account TEXT NOT NULL CHECK (to_account IN ('spot', 'futures')),
        coin TEXT NOT NULL,
        amount TEXT NOT NULL,
        c_time INTEGER NOT NULL,
        CHECK (from_user_id <> to_user_id)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX asset_sub_transfers_client_oid ON asset_sub_transfers (user_id, client_oid)
        WHERE client_oid <> '';
    `,
  },
  {
    id: 360,
    name: 'side-leverage',
    // Isolated margin has a leverage per side (the exchange's isolatedLongLever / isolatedShortLever); `leverage` stays
    // the cross one. A symbol set before had one leverage for everything, so both sides start from it.
    sql: `
      ALTER TABLE trade_settings ADD COLUMN long_leverage INTEGER NOT NULL DEFAULT 10;
      ALTER TABLE trade_settings ADD COLUMN short_leverage INTEGER NOT NULL DEFAULT 10;
      UPDATE trade_settings SET long_leverage = leverage, short_leverage = leverage;
    `,
  },
  {
    id: 370,
    name: 'position-tpsl-trigger',
    // A position's TP and SL each watch the mark or the last price (the exchange's stopSurplusTriggerType) and may close
    // a part of it (stopSurplusSize; NULL is the whole position). Presets set before watched the mark for the whole.
    sql: `
      ALTER TABLE trade_positions ADD COLUMN preset_tp_type TEXT NOT NULL DEFAULT 'mark_price'
        CHECK (preset_tp_type IN ('mark_price', 'fill_price'));
      ALTER TABLE trade_positions ADD COLUMN preset_sl_type TEXT NOT NULL DEFAULT 'mark_price'
        CHECK (preset_sl_type IN ('mark_price', 'fill_price'));
      ALTER TABLE trade_positions ADD COLUMN preset_tp_size TEXT;
      ALTER TABLE trade_positions ADD COLUMN preset_sl_size TEXT;
    `,
  },
  {
    id: 380,
    name: 'spot-tpsl',
    // A spot order's take-profit and stop-loss presets (preset_tp, preset_sl) become closing trigger orders as it
    // fills: each names the order that placed it and which preset it is, so the open ones of one parent find each
    // other (one cancels the other).
    sql: `
      ALTER TABLE trade_orders ADD COLUMN parent_order_id TEXT;
      ALTER TABLE trade_orders ADD COLUMN tpsl_kind TEXT CHECK (tpsl_kind IN ('tp', 'sl'));
      CREATE INDEX trade_orders_parent ON trade_orders (parent_order_id) WHERE parent_order_id IS NOT NULL;
    `,
  },
  {
    id: 390,
    name: 'plan-order-triggers',
    // A futures trigger order may watch the mark price instead of the last trade (the exchange's triggerType; NULL is
    // the last price, as every trigger order before), and a trailing one (track_plan) keeps its callback in hundredths
    // of a percent and the best price it has seen since its trigger was reached. plan_type keeps what the exchange's
    // plan routes placed it as (a trailing close of a position, moving_plan, trails as a track_plan does).
    sql: `
      ALTER TABLE trade_orders ADD COLUMN trigger_type TEXT CHECK (trigger_type IN ('mark_price', 'fill_price'));
      ALTER TABLE trade_orders ADD COLUMN callback_bps INTEGER CHECK (callback_bps > 0);
      ALTER TABLE trade_orders ADD COLUMN track_price TEXT;
      ALTER TABLE trade_orders ADD COLUMN plan_type TEXT
        CHECK (plan_type IN ('normal_plan', 'track_plan', 'moving_plan'));
    `,
  },
  {
    id: 400,
    name: 'spot-buy-fee-in-base',
    // A spot buy pays its fee in the base coin it receives, as the exchange charges it, and holds its value only.
    // Orders placed before keep the quote-coin fee they held for (0); new spot buys are written with 1.
    sql: `
      ALTER TABLE trade_orders ADD COLUMN fee_in_base INTEGER NOT NULL DEFAULT 0 CHECK (fee_in_base IN (0, 1));
    `,
  },
  {
    id: 410,
    name: 'fired-position-presets',
    // The market order a reached position take-profit or stop-loss closed with keeps which preset it carried out, with
    // the preset's trigger price and type: the plan lists then show the preset executed.
    sql: `
      ALTER TABLE trade_orders ADD COLUMN preset_plan TEXT
        CHECK (preset_plan IN ('pos_profit', 'pos_loss', 'profit_plan', 'loss_plan'));
    `,
  },
  {
    id: 420,
    name: 'futures-fills',
    // Each USDT-M fill is kept on its own (its id is the exchange's tradeId): what it traded, its fee and the part of
    // that fee paid closing a position, its realized PnL and whether it made or took liquidity. An order that filled
    // before keeps one fill of its totals at its average price, liquidity unknown. A position keeps the fees it paid
    // closing (close_fees), so a closed one's open and close fees are exact; NULL on those opened before, which share
    // one total by value as they did.
    sql: `
      CREATE TABLE futures_fills (
        fill_id INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES trade_accounts (user_id),
        symbol TEXT NOT NULL,
        size TEXT NOT NULL,
        value TEXT NOT NULL,
        fee TEXT NOT NULL,
        close_fee TEXT NOT NULL,
        profit TEXT NOT NULL,
        liquidity TEXT CHECK (liquidity IN ('maker', 'taker')),
        at INTEGER NOT NULL
      );
      CREATE INDEX futures_fills_user ON futures_fills (user_id, fill_id);
      CREATE INDEX futures_fills_order ON futures_fills (order_id, fill_id);
      INSERT INTO futures_fills (order_id, user_id, symbol, size, value, fee, close_fee, profit, liquidity, at)
        SELECT order_id, user_id, symbol, base_volume, quote_volume, fee, '0', total_profits, NULL, u_time
        FROM trade_orders WHERE market = 'futures' AND base_volume <> '0' ORDER BY u_time, order_id;
      ALTER TABLE trade_positions ADD COLUMN close_fees TEXT;
      UPDATE trade_positions SET close_fees = '0' WHERE closed_size = '0';
      ALTER TABLE trade_position_history ADD COLUMN close_fees TEXT;
    `,
  },
];

/** Balances each opening entry with the world's line per coin (the sum of the entry's lines, negated). */
function openingWorldLines(db: Database): void {
  const lines = db
    .prepare(
      `SELECT l.entry_seq AS seq, l.coin, l.amount FROM ledger_lines l
       JOIN ledger_entries e ON e.seq = l.entry_seq WHERE e.ref = 'ledger-opening'`,
    )
    .all() as { seq: number; coin: string; amount: string }[];
  const sums = new Map<string, { seq: number; coin: string; sum: bigint }>();
  for (const line of lines) {
    const key = `${line.seq}/${line.coin}`;
    const held = sums.get(key) ?? { seq: line.seq, coin: line.coin, sum: 0n };
    held.sum += BigInt(line.amount);
    sums.set(key, held);
  }
  const insert = db.prepare(
    "INSERT INTO ledger_lines (entry_seq, owner, account, coin, amount) VALUES (?, 'system:world', 'system', ?, ?)",
  );
  for (const { seq, coin, sum } of sums.values()) insert.run(seq, coin, (-sum).toString());
}
