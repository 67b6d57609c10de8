import type { Database } from 'better-sqlite3';
import type { MarketSimulator } from '../../../../gateway/market/simulator';

/** What a test did outside trading, per coin in money units: the money that came in and went out of the exchange. */
export interface OutsideFlows {
  /** Users whose paper accounts the test created (each granted the starting balances). */
  users: string[];
  deposits: Map<string, bigint>;
  withdrawals: Map<string, bigint>;
  withdrawalFees: Map<string, bigint>;
}

/** An empty record of outside flows. */
export function noFlows(): OutsideFlows {
  return { users: [], deposits: new Map(), withdrawals: new Map(), withdrawalFees: new Map() };
}

/** Adds `amount` to a coin's running sum. */
export function addTo(map: Map<string, bigint>, coin: string, amount: bigint): void {
  map.set(coin, (map.get(coin) ?? 0n) + amount);
}

type Line = { seq: number; owner: string; account: string; coin: string; amount: string };

/** Every ledger line, amounts as bigints. */
function linesOf(db: Database): (Omit<Line, 'amount'> & { amount: bigint })[] {
  return (db.prepare('SELECT entry_seq AS seq, owner, account, coin, amount FROM ledger_lines').all() as Line[]).map(
    (line) => ({ ...line, amount: BigInt(line.amount) }),
  );
}

/** (a) The entries whose lines do not sum to zero for some coin, as `seq coin sum` strings (none when balanced). */
export function unbalancedEntries(db: Database): string[] {
  const sums = new Map<string, bigint>();
  for (const line of linesOf(db)) addTo(sums, `${line.seq} ${line.coin}`, line.amount);
  return [...sums].filter(([, sum]) => sum !== 0n).map(([key, sum]) => `${key} ${sum}`);
}

/**
 * (b) Where a user's stored balances differ from the sums of their ledger lines: every spot available and frozen
 * balance and every futures wallet, as `owner account coin stored ledger` strings (none when they agree).
 */
export function balanceMismatches(db: Database): string[] {
  const ledger = new Map<string, bigint>();
  for (const line of linesOf(db)) {
    if (line.account !== 'system') addTo(ledger, `${line.owner} ${line.account} ${line.coin}`, line.amount);
  }
  const stored = new Map<string, bigint>();
  const balances = db.prepare('SELECT user_id, coin, available, frozen FROM trade_balances').all() as {
    user_id: string;
    coin: string;
    available: string;
    frozen: string;
  }[];
  for (const b of balances) {
    stored.set(`${b.user_id} spot ${b.coin}`, BigInt(b.available));
    stored.set(`${b.user_id} spot_frozen ${b.coin}`, BigInt(b.frozen));
  }
  const wallets = db.prepare('SELECT user_id, futures_wallet FROM trade_accounts').all() as {
    user_id: string;
    futures_wallet: string;
  }[];
  for (const a of wallets) stored.set(`${a.user_id} futures USDT`, BigInt(a.futures_wallet));
  const keys = new Set([...ledger.keys(), ...stored.keys()]);
  return [...keys]
    .filter((key) => (ledger.get(key) ?? 0n) !== (stored.get(key) ?? 0n))
    .map((key) => `${key} ${stored.get(key) ?? 0n} ${ledger.get(key) ?? 0n}`);
}

/**
 * The fees charged per coin, from the orders' `fee` column (spot in the quote coin, or the base coin for a buy that pays
 * there; futures in USDT) and the withdrawals.
 */
function feesCharged(db: Database, simulator: MarketSimulator, flows: OutsideFlows): Map<string, bigint> {
  const fees = new Map(flows.withdrawalFees);
  const orders = db.prepare('SELECT market, symbol, fee, fee_in_base FROM trade_orders').all() as {
    market: 'spot' | 'futures';
    symbol: string;
    fee: string;
    fee_in_base: 0 | 1;
  }[];
  for (const order of orders) {
    const spec = order.market === 'spot' ? simulator.getInstrument('SPOT', order.symbol)! : undefined;
    const coin = spec === undefined ? 'USDT' : order.fee_in_base === 1 ? spec.baseCoin : spec.quoteCoin;
    addTo(fees, coin, BigInt(order.fee));
  }
  return fees;
}

/** What came into the exchange per coin: the grants of the users created and the deposits, less the withdrawals. */
function broughtIn(flows: OutsideFlows, grantPerUser: bigint): Map<string, bigint> {
  const net = new Map<string, bigint>();
  addTo(net, 'USDT', grantPerUser * BigInt(flows.users.length));
  for (const [coin, amount] of flows.deposits) addTo(net, coin, amount);
  for (const [coin, amount] of flows.withdrawals) addTo(net, coin, -amount);
  return net;
}

/** The coins where two per-coin sums differ, as `coin: actual, expected` strings. */
function gaps(actual: Map<string, bigint>, expected: Map<string, bigint>): string[] {
  const coins = new Set([...actual.keys(), ...expected.keys()]);
  return [...coins]
    .filter((coin) => (actual.get(coin) ?? 0n) !== (expected.get(coin) ?? 0n))
    .map((coin) => `${coin}: ${actual.get(coin) ?? 0n}, expected ${expected.get(coin) ?? 0n}`);
}

/**
 * (c) Per coin, the users' stored holdings plus the market account's ledger sum, against grants + deposits −
 * withdrawals − fees worked out without the ledger: grants from the users created, deposits and withdrawals from what
 * the test did, fees from the orders' `fee` column and the withdrawal fees. Returns the coins that differ.
 */
export function conservationGaps(
  db: Database,
  simulator: MarketSimulator,
  flows: OutsideFlows,
  grantPerUser: bigint,
): string[] {
  const held = new Map<string, bigint>();
  const balances = db.prepare('SELECT coin, available, frozen FROM trade_balances').all() as {
    coin: string;
    available: string;
    frozen: string;
  }[];
  for (const b of balances) addTo(held, b.coin, BigInt(b.available) + BigInt(b.frozen));
  const wallets = db.prepare('SELECT futures_wallet AS wallet FROM trade_accounts').all() as { wallet: string }[];
  for (const { wallet } of wallets) addTo(held, 'USDT', BigInt(wallet));
  // The protection fund stands with the market as the liquidations' counterparty: what it pays, the market gets.
  for (const line of linesOf(db))
    if (line.owner === 'system:market' || line.owner === 'system:protection-fund') addTo(held, line.coin, line.amount);

  const expected = broughtIn(flows, grantPerUser);
  for (const [coin, amount] of feesCharged(db, simulator, flows)) addTo(expected, coin, -amount);
  return gaps(held, expected);
}

/**
 * The system accounts the conservation sum leaves out: the world's ledger sum must be minus what came in, and the
 * fee account's the fees charged, so a fee sent to the world (or the other way) is found too.
 */
export function systemAccountGaps(
  db: Database,
  simulator: MarketSimulator,
  flows: OutsideFlows,
  grantPerUser: bigint,
): string[] {
  const world = new Map<string, bigint>();
  const fees = new Map<string, bigint>();
  for (const line of linesOf(db)) {
    if (line.owner === 'system:world') addTo(world, line.coin, -line.amount);
    if (line.owner === 'system:fees') addTo(fees, line.coin, line.amount);
  }
  return [
    ...gaps(world, broughtIn(flows, grantPerUser)).map((gap) => `world ${gap}`),
    ...gaps(fees, feesCharged(db, simulator, flows)).map((gap) => `fees ${gap}`),
  ];
}

/**
 * (d) The transit account carries a transfer between two users from the sender's entry to the receiver's, so it nets
 * to zero per coin, and per transfer (ref) too: returns the coins and refs where it does not.
 */
export function transitGaps(db: Database): string[] {
  const lines = db
    .prepare(
      `SELECT e.ref AS ref, l.coin AS coin, l.amount AS amount FROM ledger_lines l
       JOIN ledger_entries e ON e.seq = l.entry_seq WHERE l.owner = 'system:transit'`,
    )
    .all() as { ref: string; coin: string; amount: string }[];
  const byCoin = new Map<string, bigint>();
  const byRef = new Map<string, bigint>();
  for (const line of lines) {
    addTo(byCoin, line.coin, BigInt(line.amount));
    addTo(byRef, `${line.ref} ${line.coin}`, BigInt(line.amount));
  }
  return [...byCoin, ...byRef].filter(([, sum]) => sum !== 0n).map(([key, sum]) => `transit ${key}: ${sum}`);
}
