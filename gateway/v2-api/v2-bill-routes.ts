import type { Database, Statement } from 'better-sqlite3';
import { Hono, type MiddlewareHandler } from 'hono';
import { AssetLedger, type BillAccount, type BillQuery } from '../asset/asset-ledger';
import { vipVolumesOf } from '../fees/vip-volumes';
import { replyMarketOk } from '../http/envelope';
import type { InstType } from '../market/instruments';
import type { EntryKind } from '../money/ledger-lines';
import { formatMoney } from '../money/money-units';
import type { OrderRecord } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import { rateAtLevel } from '../trading/trade-fees';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv } from './api-key-env';
import { idQueryOf, pageLimitOf, timeRangeOf } from './spot-wallet-routes';
import { parameterWrong } from './v2-trade-errors';
import { checkMarginCoin, choiceOf, instrumentOf, productOf, queryOf } from './v2-trade-input';
import { v2TradingAccess } from './v2-trade-request';

/**
 * The v2 private ledger and fee routes, on the key owner's own records only (a sub-account's key: the sub-account's):
 *
 * * `GET /api/v2/spot/account/bills` `?coin=&groupType=&businessType=&startTime=&endTime=&limit=` (default 100, at
 *   most 500) `&idLessThan=` (a billId) → `[{cTime, coin, groupType, businessType, size, balance, fees, billId}]`,
 *   newest first: the spot account's balance changes from the ledger (`gateway/asset/asset-ledger.ts`), one row per
 *   change and coin. A fill is one row per coin (`transaction`, `buy`/`sell`): `size` the traded amount, `fees` the
 *   fee charged in that coin (negative); a withdrawal likewise (`withdraw`, its network fee in `fees`); a transfer is
 *   `transfer` / `transfer_in` or `transfer_out`; a deposit `deposit`; the paper grant `other` / `airdrop_rewards` (the
 *   exchange's name nearest to money it credits). `balance` is the coin's spot total (available + frozen) after the
 *   row, so `balance` before = `balance − size − fees`; freezes by orders are not balance changes and are left out.
 *   `businessType` is matched without regard to `-`, `_` or spaces (the documented `transfer-in` and the wire's
 *   `transfer_in` alike).
 * * `GET /api/v2/mix/account/bill` `?productType=` (USDT-FUTURES, or the demo name SUSDT-FUTURES, whose coin is shown
 *   as SUSDT; the other product lines answer an empty list) `&symbol=&coin=&businessType=&onlyFunding=&startTime=
 *   &endTime=&limit=` (default 20, at most 100) `&idLessThan=` (a billId: the previous page's `endId`) →
 *   `{bills: [{billId, symbol, amount, fee, feeByCoupon, businessType, coin, balance, cTime}], endId}`: the USDT-M
 *   wallet's changes. A fill is one row: `amount` the realized profit, `fee` its fee (negative); its `businessType` is
 *   `open_long`/`open_short`/`close_long`/`close_short` in hedge mode and `buy`/`sell` in one-way mode (the documented
 *   one-way names); funding `contract_settle_fee` (ccxt's fetchFundingHistory asks for it); a liquidation
 *   `burst_long_loss_query`/`burst_short_loss_query` (hedge) or `burst_buy`/`burst_sell` (one-way); a transfer
 *   `trans_from_exchange`/`trans_to_exchange`; the paper grant `cash_gift_issue`. `balance` is the wallet after the row.
 *   `endId` is the last row's billId, null on an empty page. `marginCoin` (ccxt sends it) must be USDT or SUSDT.
 * * `GET /api/v2/common/trade-rate` `?symbol=&businessType=spot|mix` (`contract` read as mix; `margin` is not
 *   simulated: 40020) → `{makerFeeRate, takerFeeRate}`: the rates of the key owner's VIP level now, as its next fill
 *   of that symbol is charged (`gateway/trading/trade-fees.ts`).
 *
 * A `billId` is the ledger entry's seq times ten plus the row's place among its coins, so it is unique, grows with
 * time, and `idLessThan` pages exactly; a row is never split from the other coins of its change across pages.
 */
export const V2_BILL_PATHS = {
  spotBills: '/api/v2/spot/account/bills',
  mixBill: '/api/v2/mix/account/bill',
  tradeRate: '/api/v2/common/trade-rate',
} as const;

/** The spot bills' documented `groupType` names. */
const SPOT_GROUP_TYPES = ['deposit', 'withdraw', 'transaction', 'transfer', 'other'] as const;
type SpotGroupType = (typeof SPOT_GROUP_TYPES)[number];
/** The spot bills' documented `businessType` names, in their wire form (`_` for the documented `-` and spaces). */
const SPOT_BUSINESS_TYPES = new Set([
  'deposit',
  'withdraw',
  'buy',
  'sell',
  'deduction_of_handling_fee',
  'transfer_in',
  'transfer_out',
  'rebate_rewards',
  'airdrop_rewards',
  'usdt_contract_rewards',
  'mix_contract_rewards',
  'system_lock',
  'user_lock',
]);
/** The futures bill's documented `businessType` names. */
const MIX_BUSINESS_TYPES = new Set([
  'unknown',
  'trans_from_exchange',
  'trans_to_exchange',
  'open_long',
  'open_short',
  'close_long',
  'close_short',
  'force_close_long',
  'force_close_short',
  'contract_settle_fee',
  'append_margin',
  'adjust_down_lever_append_margin',
  'reduce_margin',
  'auto_append_margin',
  'cash_gift_issue',
  'cash_gift_recycle',
  'tracking_follow_pay',
  'tracking_follow_back',
  'tracking_trader_income',
  'burst_long_loss_query',
  'burst_short_loss_query',
  'trans_from_contract',
  'trans_to_contract',
  'trans_from_otc',
  'trans_to_otc',
  'buy',
  'sell',
  'force_buy',
  'force_sell',
  'burst_buy',
  'burst_sell',
  'bonus_issue',
  'bonus_recycle',
  'bonus_expired',
  'delivery_long',
  'delivery_short',
  'trans_from_cross',
  'trans_to_cross',
  'trans_from_isolated',
  'trans_to_isolated',
]);
/** The one ledger kind some filters name, so the ledger is read for that kind only. */
const SPOT_KIND_OF: Readonly<Record<string, EntryKind>> = {
  deposit: 'deposit',
  transfer: 'transfer',
  transfer_in: 'transfer',
  transfer_out: 'transfer',
  other: 'grant',
  airdrop_rewards: 'grant',
};
const MIX_KIND_OF: Readonly<Record<string, EntryKind>> = {
  contract_settle_fee: 'funding',
  trans_from_exchange: 'transfer',
  trans_to_exchange: 'transfer',
  burst_long_loss_query: 'liquidation',
  burst_short_loss_query: 'liquidation',
  burst_buy: 'liquidation',
  burst_sell: 'liquidation',
  cash_gift_issue: 'grant',
};

/** Ledger rows read per step while a page fills (a filter may pass few of them). */
const LEDGER_CHUNK = 200;
/** A row's place among its change's coins is the billId's last digit. */
const ROWS_PER_CHANGE = 10;

/**
 * The entries posted together as one change, as the bills show it: a fill's trade and its fee (spot), a futures fill's
 * fee and its realized profit, a withdrawal and its network fee. Each pair is (older kind, newer kind): the one fill
 * posts them one after the other, so they are adjacent in the ledger with one ref and one time.
 */
const PAIRS: ReadonlySet<string> = new Set(['trade/fee', 'fee/realized_pnl', 'withdraw/withdraw_fee']);
const FEE_KINDS: ReadonlySet<EntryKind> = new Set(['fee', 'withdraw_fee']);

/** One ledger entry's net amounts on one account, per coin. */
interface EntryAmounts {
  seq: number;
  at: number;
  kind: EntryKind;
  ref: string;
  symbol: string | null;
  amounts: Map<string, bigint>;
}

/** One change of the bills: an entry, or a pair of entries posted together (see {@link PAIRS}). */
interface Change {
  /** The older entry's seq (the billId's base) and the newer one's (what the balance after it counts). */
  seq: number;
  lastSeq: number;
  at: number;
  /** The kind of the entry that is not a fee, or the fee's when it stands alone. */
  kind: EntryKind;
  ref: string;
  symbol: string | null;
  /** The amounts, and the fees charged with them, per coin (money units, signed). */
  amounts: Map<string, bigint>;
  fees: Map<string, bigint>;
}

/** The account's entries newest first, read from the asset ledger a chunk at a time as the caller goes on. */
function* entriesOf(ledger: AssetLedger, userId: string, query: Omit<BillQuery, 'limit'>): Generator<EntryAmounts> {
  let before = query.before;
  for (;;) {
    const page = ledger.bills(userId, { ...query, before, limit: LEDGER_CHUNK });
    let entry: EntryAmounts | undefined;
    for (const bill of page.bills) {
      if (entry?.seq !== bill.seq) {
        if (entry) yield entry;
        entry = { seq: bill.seq, at: bill.at, kind: bill.kind, ref: bill.ref, symbol: bill.symbol, amounts: new Map() };
      }
      entry.amounts.set(bill.coin, (entry.amounts.get(bill.coin) ?? 0n) + bill.amount);
    }
    if (entry) yield entry;
    if (page.next === null) return;
    before = page.next;
  }
}

/** The changes of a newest-first run of entries, each pair posted together joined into one. */
function* changesOf(entries: Iterator<EntryAmounts>): Generator<Change> {
  let next = entries.next();
  while (!next.done) {
    const newer = next.value;
    next = entries.next();
    const older = next.done ? undefined : next.value;
    const paired =
      older !== undefined &&
      older.seq === newer.seq - 1 &&
      older.ref === newer.ref &&
      older.at === newer.at &&
      PAIRS.has(`${older.kind}/${newer.kind}`);
    const parts = paired ? [older, newer] : [newer];
    if (paired) next = entries.next();
    const main = parts.find((part) => !FEE_KINDS.has(part.kind));
    const fee = parts.find((part) => FEE_KINDS.has(part.kind));
    yield {
      seq: parts[0]!.seq,
      lastSeq: newer.seq,
      at: newer.at,
      kind: (main ?? newer).kind,
      ref: newer.ref,
      symbol: newer.symbol,
      amounts: main?.amounts ?? new Map(),
      fees: fee?.amounts ?? new Map(),
    };
  }
}

/** One coin's row of a change, with its billId. */
interface ChangeRow {
  change: Change;
  coin: string;
  billId: number;
  amount: bigint;
  fee: bigint;
  /** The coin's balance after the change, filled in once the page is known. */
  balance: bigint;
}

/** The rows of a change, one per coin, newest first by billId. */
function rowsOf(change: Change): ChangeRow[] {
  const coins = [...new Set([...change.amounts.keys(), ...change.fees.keys()])].sort();
  return coins
    .map((coin, place) => ({
      change,
      coin,
      billId: change.seq * ROWS_PER_CHANGE + place,
      amount: change.amounts.get(coin) ?? 0n,
      fee: change.fees.get(coin) ?? 0n,
      balance: 0n,
    }))
    .reverse();
}

/**
 * One page of an account's bill rows: from `idLessThan` on (rows with a smaller billId), those `keep` passes, at most
 * `limit` unless one change alone has more; a change's rows are never split across pages.
 */
function pageOf(
  ledger: AssetLedger,
  userId: string,
  query: Omit<BillQuery, 'limit' | 'before'>,
  idLessThan: string | undefined,
  limit: number,
  keep: (row: ChangeRow) => boolean,
): ChangeRow[] {
  const cursor = idLessThan === undefined ? undefined : BigInt(idLessThan);
  const cursorSeq = cursor === undefined ? undefined : Number(cursor / BigInt(ROWS_PER_CHANGE));
  // The change the cursor is in may pair its entry with the next one, so reading starts one entry above it.
  const before =
    cursorSeq === undefined
      ? undefined
      : Math.min(cursorSeq + 2, Math.floor(Number.MAX_SAFE_INTEGER / ROWS_PER_CHANGE));
  const page: ChangeRow[] = [];
  for (const change of changesOf(entriesOf(ledger, userId, { ...query, before }))) {
    if (cursorSeq !== undefined && change.seq > cursorSeq) continue;
    const rows = rowsOf(change).filter((row) => (cursor === undefined || BigInt(row.billId) < cursor) && keep(row));
    if (rows.length === 0) continue;
    if (page.length > 0 && page.length + rows.length > limit) break;
    page.push(...rows);
    if (page.length >= limit) break;
  }
  return page;
}

/**
 * Fills in each row's balance after its change: the holdings now (`current`, per coin) less every later line of the
 * account. Freezes move money between a coin's available and frozen parts, so they leave a spot total unchanged.
 */
function fillBalances(
  statement: Statement,
  userId: string,
  rows: ChangeRow[],
  current: (coin: string) => bigint,
): void {
  if (rows.length === 0) return;
  const oldest = Math.min(...rows.map((row) => row.change.lastSeq));
  const later = statement.all({ user: userId, after: oldest }) as Array<{ seq: number; coin: string; amount: string }>;
  const since = new Map<string, bigint>();
  let at = 0;
  for (const row of [...rows].sort((a, b) => b.change.lastSeq - a.change.lastSeq)) {
    while (at < later.length && later[at]!.seq > row.change.lastSeq) {
      const line = later[at]!;
      since.set(line.coin, (since.get(line.coin) ?? 0n) + BigInt(line.amount));
      at += 1;
    }
    row.balance = current(row.coin) - (since.get(row.coin) ?? 0n);
  }
}

/** The user's lines of an account after an entry seq, newest first. */
function laterLinesStatement(db: Database, account: BillAccount): Statement {
  const accounts = account === 'spot' ? "('spot', 'spot_frozen')" : "('futures')";
  return db.prepare(`SELECT e.seq AS seq, l.coin AS coin, l.amount AS amount
    FROM ledger_entries e INDEXED BY ledger_entries_user
    CROSS JOIN ledger_lines l INDEXED BY ledger_lines_entry ON l.entry_seq = e.seq
    WHERE e.user_id = @user AND e.seq > @after AND l.owner = @user AND l.account IN ${accounts}
    ORDER BY e.seq DESC`);
}

/** A `businessType` or `groupType` query as the wire writes it: lower case, `_` for `-` and spaces. */
function wireName(value: string | undefined): string | undefined {
  return value?.toLowerCase().replace(/[-\s]+/g, '_');
}

/**
 * The v2 private ledger and fee routes over the asset ledger and the fee schedule, behind the API key check `auth`
 * (permission `read`), on the key owner's own account only (see {@link V2_BILL_PATHS}'s notes above).
 */
export function v2BillRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx } = trading;
  const { userOf } = v2TradingAccess(ctx);
  const ledger = new AssetLedger(ctx.db);
  const laterSpot = laterLinesStatement(ctx.db, 'spot');
  const laterFutures = laterLinesStatement(ctx.db, 'futures');
  const read = [auth, requirePermission('read')] as const;

  /** The orders of a page's fills, each read once. */
  const orderReader = (userId: string, market: 'spot' | 'futures') => {
    const seen = new Map<string, OrderRecord | undefined>();
    return (orderId: string) => {
      if (!seen.has(orderId)) seen.set(orderId, ctx.orders.find(userId, market, orderId));
      return seen.get(orderId);
    };
  };

  routes.get(V2_BILL_PATHS.spotBills, ...read, (c) => {
    const userId = userOf(c);
    const coin = queryOf(c, 'coin')?.toUpperCase();
    const groupType = wireName(queryOf(c, 'groupType'));
    if (groupType !== undefined && !(SPOT_GROUP_TYPES as readonly string[]).includes(groupType))
      throw parameterWrong('groupType', `must be one of ${SPOT_GROUP_TYPES.join(', ')}`);
    const businessType = wireName(queryOf(c, 'businessType'));
    if (businessType !== undefined && !SPOT_BUSINESS_TYPES.has(businessType)) throw parameterWrong('businessType');
    const { start, end } = timeRangeOf(c);
    const limit = pageLimitOf(c, 100, 500);
    const idLessThan = idQueryOf(c, 'idLessThan');
    const orderOf = orderReader(userId, 'spot');

    /** The exchange's group and business type of a spot row. */
    const typesOf = (row: ChangeRow): { groupType: SpotGroupType; businessType: string } => {
      const { change } = row;
      switch (change.kind) {
        case 'deposit':
          return { groupType: 'deposit', businessType: 'deposit' };
        case 'withdraw':
        case 'withdraw_fee':
          return { groupType: 'withdraw', businessType: 'withdraw' };
        case 'transfer':
          return { groupType: 'transfer', businessType: row.amount < 0n ? 'transfer_out' : 'transfer_in' };
        case 'trade':
        case 'fee': {
          const side = orderOf(change.ref)?.side;
          const spec = change.symbol === null ? undefined : ctx.simulator.getInstrument('SPOT', change.symbol);
          // Without its order, a fill's side shows in its base coin: bought when the base coin came in; a fee is paid in
          // the coin the fill delivered, so one in the base coin is a buy's.
          const inBase = spec === undefined || row.coin === spec.baseCoin;
          const bought = change.kind === 'fee' ? inBase : inBase ? row.amount > 0n : row.amount < 0n;
          return { groupType: 'transaction', businessType: side ?? (bought ? 'buy' : 'sell') };
        }
        default:
          return { groupType: 'other', businessType: 'airdrop_rewards' };
      }
    };

    const kinds = [groupType, businessType].flatMap((name) => (name === undefined ? [] : [SPOT_KIND_OF[name]]));
    const kind =
      kinds.length > 0 && kinds.every((each) => each !== undefined && each === kinds[0]) ? kinds[0] : undefined;
    const query = { coin, kind, account: 'spot' as const, from: start, to: end };
    const rows = pageOf(ledger, userId, query, idLessThan, limit, (row) => {
      const types = typesOf(row);
      return (
        (groupType === undefined || types.groupType === groupType) &&
        (businessType === undefined || types.businessType === businessType)
      );
    });
    const held = new Map(ctx.accounts.balances(userId).map((b) => [b.coin, b.available + b.frozen]));
    fillBalances(laterSpot, userId, rows, (name) => held.get(name) ?? 0n);
    return replyMarketOk(
      c,
      rows.map((row) => ({
        cTime: String(row.change.at),
        coin: row.coin,
        ...typesOf(row),
        size: formatMoney(row.amount),
        balance: formatMoney(row.balance),
        fees: formatMoney(row.fee),
        billId: String(row.billId),
      })),
    );
  });

  routes.get(V2_BILL_PATHS.mixBill, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'), true);
    checkMarginCoin(queryOf(c, 'marginCoin'));
    const spec =
      queryOf(c, 'symbol') === undefined
        ? undefined
        : instrumentOf(ctx.simulator, 'USDT-FUTURES', queryOf(c, 'symbol'));
    const coin = queryOf(c, 'coin')?.toUpperCase();
    const businessType = wireName(queryOf(c, 'businessType'));
    if (businessType !== undefined && !MIX_BUSINESS_TYPES.has(businessType)) throw parameterWrong('businessType');
    // `onlyFunding` leaves out margin changes, which paper trading does not post: it is read, and changes nothing.
    if (queryOf(c, 'onlyFunding') !== undefined)
      choiceOf(queryOf(c, 'onlyFunding'), 'onlyFunding', ['yes', 'no'] as const);
    const { start, end } = timeRangeOf(c);
    const limit = pageLimitOf(c, 20, 100);
    const idLessThan = idQueryOf(c, 'idLessThan');
    // The futures wallet holds USDT only; another product line or coin has no bills here.
    if (!product || (coin !== undefined && coin !== 'USDT' && coin !== 'SUSDT'))
      return replyMarketOk(c, { bills: [], endId: null });
    const orderOf = orderReader(userId, 'futures');

    /** The exchange's business type of a futures row. */
    const typeOf = (row: ChangeRow): string => {
      const { change } = row;
      switch (change.kind) {
        case 'funding':
          return 'contract_settle_fee';
        case 'transfer':
          return row.amount < 0n ? 'trans_to_exchange' : 'trans_from_exchange';
        case 'grant':
          return 'cash_gift_issue';
        case 'liquidation': {
          const order = orderOf(change.ref);
          if (!order) return 'unknown';
          return order.tradeSide === null ? `burst_${order.side}` : `burst_${order.holdSide}_loss_query`;
        }
        case 'fee':
        case 'realized_pnl': {
          const order = orderOf(change.ref);
          if (!order) return 'unknown';
          return order.tradeSide === null ? order.side : `${order.tradeSide}_${order.holdSide}`;
        }
        default:
          return 'unknown';
      }
    };

    const kind = businessType === undefined ? undefined : MIX_KIND_OF[businessType];
    const query = { coin: 'USDT', kind, account: 'futures' as const, from: start, to: end };
    const rows = pageOf(
      ledger,
      userId,
      query,
      idLessThan,
      limit,
      (row) =>
        (spec === undefined || row.change.symbol === spec.symbol) &&
        (businessType === undefined || typeOf(row) === businessType),
    );
    fillBalances(laterFutures, userId, rows, () => ctx.accounts.wallet(userId));
    const bills = rows.map((row) => ({
      billId: String(row.billId),
      symbol: row.change.symbol ?? '',
      amount: formatMoney(row.amount),
      fee: formatMoney(row.fee),
      feeByCoupon: '',
      businessType: typeOf(row),
      coin: product.marginCoin,
      balance: formatMoney(row.balance),
      cTime: String(row.change.at),
    }));
    return replyMarketOk(c, { bills, endId: bills.at(-1)?.billId ?? null });
  });

  routes.get(V2_BILL_PATHS.tradeRate, ...read, (c) => {
    const userId = userOf(c);
    const business = choiceOf(queryOf(c, 'businessType'), 'businessType', [
      'spot',
      'mix',
      'contract',
      'margin',
    ] as const);
    if (business === 'margin') throw parameterWrong('businessType', 'margin trading is not simulated');
    const instType: InstType = business === 'spot' ? 'SPOT' : 'USDT-FUTURES';
    const spec = instrumentOf(ctx.simulator, instType, queryOf(c, 'symbol'));
    // The level its fills are charged at now (trade-fees.ts, chargeFill).
    const level = vipVolumesOf(ctx.db).levelOf(userId, ctx.now());
    return replyMarketOk(c, {
      makerFeeRate: rateAtLevel(spec, level, 'maker'),
      takerFeeRate: rateAtLevel(spec, level, 'taker'),
    });
  });

  return routes;
}
