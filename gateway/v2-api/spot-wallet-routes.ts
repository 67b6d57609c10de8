import type { KeyObject } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { accessKeyInvalid } from '../api-keys/api-key-errors';
import type { AuthContext } from '../auth/auth-context';
import type { ApiKeyStore } from '../api-keys/api-key-store';
import type { ApiPermission } from '../api-keys/api-key-rules';
import { AssetFigures } from '../asset/asset-figures';
import { readTransfer } from '../asset/asset-input';
import { depositAddressKey, DepositAddresses } from '../asset/deposit-addresses';
import { type DepositRecord, Deposits } from '../asset/deposits';
import type { RecordPage } from '../asset/record-page';
import { type TransferAccount, Transfers } from '../asset/transfers';
import { type WithdrawalRecord, Withdrawals } from '../asset/withdrawals';
import { replyMarketOk } from '../http/envelope';
import { COIN_NETWORKS, findChain } from '../market/coin-networks';
import { formatMoney } from '../money/money-units';
import type { PaperTrading } from '../trading/paper-trading';
import { requirePermission } from './api-key-auth';
import { type ApiKeyEnv, apiCallerOf } from './api-key-env';
import { asV2, parameterMissing, parameterWrong } from './v2-trade-errors';
import { clientOidOf, queryOf, readV2Body, requiredText, timeOf } from './v2-trade-input';
import { v2TradingAccess } from './v2-trade-request';

/**
 * The v2 private wallet routes (the exchange's "Spot > Account" and "Spot > Wallet" pages), each on the key owner's
 * own records only, over the session API's engines (`gateway/asset/`): one transfer engine, one deposit-address
 * engine, one list of deposits and of withdrawals, so both APIs show and move the same money alike.
 *
 * * `POST transfer` (permission `transfer`) `{fromType, toType, amount, coin, clientOid?, symbol?}` →
 *   `{transferId, clientOid}`. `spot` and `usdt_futures` are the simulated accounts (`usdt_m_futures` read as the
 *   latter); the exchange's other account types (`p2p`, `coin_futures`, `usdc_futures`, `crossed_margin`,
 *   `isolated_margin`, …) are refused with 40020 "not simulated", as is the same type on both sides. `amount` is a
 *   plain positive decimal of at most 8 places (a JSON number is read as its text, as ccxt sends it: `1e-7` and
 *   `0.1234567891` are refused); `coin` USDT. Through the session API's transfer engine: one `transfer` ledger entry,
 *   at most the source's transferable (else 43012 from spot, 40762 from futures, nothing moved). No second factor is
 *   asked of an API key. Without a `clientOid` one is made (digits, as the exchange does); a `clientOid` used before
 *   answers that earlier transfer and moves nothing (the exchange's idempotent transfer).
 * * `GET transferRecords` `?coin=&fromType=` (both required, as documented) `&startTime=&endTime=&clientOid=&limit=`
 *   (default 100, at most 500) `&idLessThan=` (a transferId) → `[{coin, status:"Successful", toType, toSymbol:"",
 *   fromType, fromSymbol:"", size, ts, clientOid, transferId}]`, newest first: transfers between the key owner's own
 *   spot and futures accounts (family transfers are not in it). An account type that is not simulated lists nothing.
 * * `GET deposit-address` `?coin=&chain=` (chain: the coin's first network when absent) → `{coin, address, chain,
 *   tag, url}`: the address the session API gives (`tag` the memo, null on chains without one; `url` "": a paper
 *   chain has no explorer).
 * * `GET deposit-records` and `GET withdrawal-records` `?coin=&startTime=&endTime=` (both times required unless
 *   `orderId` names one record) `&limit=` (default 20, at most 100) `&idLessThan=` (an orderId) `&orderId=`
 *   (withdrawals also `&clientOid=`), newest first, times bounding the record's creation. Deposits `{orderId,
 *   tradeId, coin, type:"deposit", size, status: pending|success, toAddress, dest:"on_chain", chain, fromAddress:null,
 *   tag, cTime, uTime}`; withdrawals the same with `type:"withdraw"`, `clientOid`, `fee` (negative) and `confirm`,
 *   `size` being what left the account (amount + network fee), as client libraries read it (ccxt: amount = size − fee).
 * * `GET account/info` → `{userId, inviterId, channelCode, channel, regisTime, ips, authorities, parentId,
 *   traderType}`: `ips` the key's allow-list joined with commas, `authorities` the exchange's codes of the key's
 *   permissions (read-only codes always; `stow` spot trading, `coow`/`cpow` futures trading, `wtow` transfers),
 *   `parentId` (a number, as documented) the main account of a sub-account or demo account, else the account itself.
 */
export const SPOT_WALLET_PATHS = {
  transfer: '/api/v2/spot/wallet/transfer',
  transferRecords: '/api/v2/spot/account/transferRecords',
  depositAddress: '/api/v2/spot/wallet/deposit-address',
  depositRecords: '/api/v2/spot/wallet/deposit-records',
  withdrawalRecords: '/api/v2/spot/wallet/withdrawal-records',
  accountInfo: '/api/v2/spot/account/info',
} as const;

/** The exchange's names of the two simulated accounts (a documented older name read as the same one). */
const SIMULATED_ACCOUNTS: ReadonlyMap<string, TransferAccount> = new Map([
  ['spot', 'spot'],
  ['usdt_futures', 'futures'],
  ['usdt_m_futures', 'futures'],
]);
/** The exchange's other account types: real names the simulator does not have. */
const OTHER_ACCOUNTS = new Set([
  'p2p',
  'coin_futures',
  'coin_m_futures',
  'usdc_futures',
  'usdc_m_futures',
  'crossed_margin',
  'cross_margin',
  'isolated_margin',
  'uta',
]);
const WIRE_ACCOUNT: Readonly<Record<TransferAccount, string>> = { spot: 'spot', futures: 'usdt_futures' };

/** The exchange's permission codes of a key (its "Get Account Information" `authorities`). */
const AUTHORITIES: Readonly<Record<ApiPermission, readonly string[]>> = {
  read: ['stor', 'coor', 'cpor', 'wtor'],
  spot_trade: ['stow'],
  futures_trade: ['coow', 'cpow'],
  transfer: ['wtow'],
};

const ID = /^[0-9]{1,20}$/;

/**
 * One of the simulated accounts by its exchange name (any case), or null for a real account type the simulator does
 * not have; 40020 for a name the exchange does not have either, 40019 when absent.
 */
function listedAccountOf(value: unknown, name: string): TransferAccount | null {
  const type = requiredText(value, name).toLowerCase();
  const account = SIMULATED_ACCOUNTS.get(type);
  if (account) return account;
  if (OTHER_ACCOUNTS.has(type)) return null;
  throw parameterWrong(name);
}

/** One of the simulated accounts by its exchange name; any other is 40020 (a real one: "not simulated"). */
function accountOf(value: unknown, name: string): TransferAccount {
  const account = listedAccountOf(value, name);
  if (account === null) throw parameterWrong(name, 'only spot and usdt_futures are simulated');
  return account;
}

/** The `limit` query of a list: 1 … `max`, `fallback` when absent (40020 otherwise). */
export function pageLimitOf(c: Context<ApiKeyEnv>, fallback: number, max: number): number {
  const value = queryOf(c, 'limit');
  if (value === undefined) return fallback;
  const limit = /^[0-9]{1,4}$/.test(value) ? Number(value) : 0;
  if (limit < 1 || limit > max) throw parameterWrong('limit', `must be 1 to ${max}`);
  return limit;
}

/** An id query (`idLessThan`, `orderId`): digits (40020 otherwise), or undefined when absent. */
export function idQueryOf(c: Context<ApiKeyEnv>, name: string): string | undefined {
  const value = queryOf(c, name);
  if (value !== undefined && !ID.test(value)) throw parameterWrong(name);
  return value;
}

/** `startTime` and `endTime` in ms (each optional unless `required`), endTime not before startTime (40020). */
export function timeRangeOf(c: Context<ApiKeyEnv>, required = false): { start?: number; end?: number } {
  const start = timeOf(c, 'startTime');
  const end = timeOf(c, 'endTime');
  if (required && start === undefined) throw parameterMissing('startTime');
  if (required && end === undefined) throw parameterMissing('endTime');
  if (start !== undefined && end !== undefined && end < start) throw parameterWrong('endTime', 'is before startTime');
  return { start, end };
}

/** A record list's filters: a coin, a creation-time range, the cursor record's seq, one named record. */
interface RecordFilter<T> {
  coin?: string;
  start?: number;
  end?: number;
  /** Only records older than this seq (the `idLessThan` record's). */
  before?: number;
  keep?: (record: T) => boolean;
  limit: number;
}

/**
 * Up to `limit` records of an engine's newest-first pages that pass the filter. The engines page by seq alone, so the
 * time range and the other filters are applied here, walking pages until the list is full or the records run out.
 */
function recordsOf<T extends { seq: number; cTime: number }>(
  page: (query: { coin?: string; before?: number; limit: number }) => RecordPage<T>,
  filter: RecordFilter<T>,
): T[] {
  const found: T[] = [];
  let before = filter.before;
  const chunk = Math.max(filter.limit, 50);
  for (;;) {
    const { rows, next } = page({ coin: filter.coin, before, limit: chunk });
    for (const row of rows) {
      if (filter.start !== undefined && row.cTime < filter.start) continue;
      if (filter.end !== undefined && row.cTime > filter.end) continue;
      if (filter.keep && !filter.keep(row)) continue;
      found.push(row);
      if (found.length === filter.limit) return found;
    }
    if (next === null) return found;
    before = next;
  }
}

/** A network fee as the exchange writes a charge: negative, "0" when none. */
const charged = (amount: bigint) => (amount === 0n ? '0' : `-${formatMoney(amount)}`);

function depositRow(deposit: DepositRecord) {
  return {
    orderId: deposit.id,
    tradeId: deposit.txId,
    coin: deposit.coin,
    type: 'deposit',
    size: formatMoney(deposit.amount),
    status: deposit.status === 'credited' ? 'success' : 'pending',
    toAddress: deposit.address,
    dest: 'on_chain',
    chain: deposit.chain,
    // The simulated chain has no sending address.
    fromAddress: null,
    tag: deposit.memo,
    cTime: String(deposit.cTime),
    uTime: String(deposit.uTime),
  };
}

function withdrawalRow(withdrawal: WithdrawalRecord, clientOid: string) {
  const completed = withdrawal.status === 'completed';
  return {
    orderId: withdrawal.id,
    tradeId: withdrawal.txId,
    clientOid,
    coin: withdrawal.coin,
    type: 'withdraw',
    size: formatMoney(withdrawal.amount + withdrawal.fee),
    fee: charged(withdrawal.fee),
    status: completed ? 'success' : 'pending',
    toAddress: withdrawal.address,
    dest: 'on_chain',
    chain: withdrawal.chain,
    confirm: String(completed ? (findChain(withdrawal.coin, withdrawal.chain)?.confirmations ?? 0) : 0),
    fromAddress: null,
    tag: withdrawal.memo,
    cTime: String(withdrawal.cTime),
    uTime: String(withdrawal.uTime),
  };
}

interface TransferRow {
  seq: number;
  transfer_id: string;
  client_oid: string;
  from_account: TransferAccount;
  to_account: TransferAccount;
  coin: string;
  amount: string;
  c_time: number;
}

/**
 * Reads the key owner's spot ↔ futures transfers newest first: their `transfer` ledger entries on the
 * `(user_id, kind, seq)` index, each joined to the transfer's row (family transfers have none, so they are not listed).
 */
function transferQueries(db: Database) {
  const statements = new Map<string, Statement>();
  const seqOf = db
    .prepare(
      `SELECT e.seq FROM asset_transfers t
       JOIN ledger_entries e ON e.ref = t.transfer_id AND e.user_id = t.user_id AND e.kind = 'transfer'
       WHERE t.user_id = ? AND t.transfer_id = ?`,
    )
    .pluck();
  const byClientOid = db
    .prepare('SELECT transfer_id FROM asset_transfers WHERE user_id = ? AND client_oid = ?')
    .pluck();
  return {
    /** The transfer id the user made with this clientOid, if any. */
    byClientOid: (userId: string, clientOid: string) => byClientOid.get(userId, clientOid) as string | undefined,
    /** One page of the user's transfers; an unknown (or another user's) `idLessThan` answers an empty page. */
    page(
      userId: string,
      filter: { coin: string; from: TransferAccount; start?: number; end?: number; clientOid?: string },
      idLessThan: string | undefined,
      limit: number,
    ): TransferRow[] {
      const params: Record<string, string | number> = { user: userId, coin: filter.coin, from: filter.from, limit };
      const where = ['e.user_id = @user', "e.kind = 'transfer'", 't.coin = @coin', 't.from_account = @from'];
      if (idLessThan !== undefined) {
        const before = seqOf.get(userId, idLessThan) as number | undefined;
        if (before === undefined) return [];
        where.push('e.seq < @before');
        params.before = before;
      }
      if (filter.start !== undefined) {
        where.push('t.c_time >= @start');
        params.start = filter.start;
      }
      if (filter.end !== undefined) {
        where.push('t.c_time <= @end');
        params.end = filter.end;
      }
      if (filter.clientOid !== undefined) {
        where.push('t.client_oid = @clientOid');
        params.clientOid = filter.clientOid;
      }
      const sql = `SELECT e.seq AS seq, t.transfer_id, t.client_oid, t.from_account, t.to_account, t.coin, t.amount,
          t.c_time
        FROM ledger_entries e INDEXED BY ledger_entries_user_kind
        JOIN asset_transfers t ON t.transfer_id = e.ref AND t.user_id = e.user_id
        WHERE ${where.join(' AND ')} ORDER BY e.seq DESC LIMIT @limit`;
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement.all(params) as TransferRow[];
    },
  };
}

/** What the wallet routes are built from. */
export interface SpotWalletDeps {
  /** The auth module's context (the users). */
  auth: AuthContext;
  trading: PaperTrading;
  /** The gateway's private server key, which the deposit addresses' key is derived from. */
  serverPrivateKey: KeyObject;
  /** The API keys (`account/info` reads the caller's allow-list). */
  keys: ApiKeyStore;
}

/**
 * The v2 private wallet routes over the session API's asset engines, behind the API key check `auth`, on the key
 * owner's own accounts only (see {@link SPOT_WALLET_PATHS}'s notes above for each route's parameters and reply).
 */
export function spotWalletRoutes(deps: SpotWalletDeps, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { trading } = deps;
  const { ctx } = trading;
  const { userOf } = v2TradingAccess(ctx);
  const transfers = new Transfers(trading, new AssetFigures(trading));
  const transferReads = transferQueries(ctx.db);
  const addresses = new DepositAddresses(ctx.db, depositAddressKey(deps.serverPrivateKey));
  const deposits = new Deposits(ctx);
  const withdrawals = new Withdrawals(ctx);
  const { keys } = deps;
  const depositSeq = ctx.db.prepare('SELECT seq FROM asset_deposits WHERE user_id = ? AND deposit_id = ?').pluck();
  const withdrawalSeq = ctx.db
    .prepare('SELECT seq FROM asset_withdrawals WHERE user_id = ? AND withdrawal_id = ?')
    .pluck();
  const withdrawalByClientOid = ctx.db
    .prepare('SELECT seq FROM asset_withdrawals WHERE user_id = ? AND client_oid = ?')
    .pluck();
  const withdrawalClientOid = ctx.db
    .prepare('SELECT client_oid FROM asset_withdrawals WHERE withdrawal_id = ?')
    .pluck();
  const read = [auth, requirePermission('read')] as const;

  routes.post(SPOT_WALLET_PATHS.transfer, auth, requirePermission('transfer'), async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const from = accountOf(body.fromType, 'fromType');
    const to = accountOf(body.toType, 'toType');
    if (from === to) throw parameterWrong('toType', 'must be another account than fromType');
    const coin = requiredText(body.coin, 'coin').toUpperCase();
    const amount = requiredText(body.amount, 'amount');
    const clientOid = clientOidOf(body.clientOid);
    const line = from === 'spot' ? 'spot' : 'mix';
    // The session API's reading of a transfer: the same amount format, coin and account checks.
    const request = asV2(line, () => readTransfer({ from, to, coin, amount, clientOid: '' }));
    if (clientOid !== undefined) {
      const earlier = transferReads.byClientOid(userId, clientOid);
      if (earlier !== undefined) return replyMarketOk(c, { transferId: earlier, clientOid });
    }
    const made = asV2(line, () => transfers.make(userId, { ...request, clientOid: clientOid ?? ctx.newOrderId() }));
    return replyMarketOk(c, { transferId: made.transferId, clientOid: made.clientOid });
  });

  routes.get(SPOT_WALLET_PATHS.transferRecords, ...read, (c) => {
    const userId = userOf(c);
    const coin = requiredText(c.req.query('coin'), 'coin').toUpperCase();
    const from = listedAccountOf(c.req.query('fromType'), 'fromType');
    const { start, end } = timeRangeOf(c);
    const clientOid = clientOidOf(c.req.query('clientOid'));
    const limit = pageLimitOf(c, 100, 500);
    const idLessThan = idQueryOf(c, 'idLessThan');
    if (from === null) return replyMarketOk(c, []);
    const rows = transferReads.page(userId, { coin, from, start, end, clientOid }, idLessThan, limit);
    return replyMarketOk(
      c,
      rows.map((row) => ({
        coin: row.coin,
        status: 'Successful',
        toType: WIRE_ACCOUNT[row.to_account],
        toSymbol: '',
        fromType: WIRE_ACCOUNT[row.from_account],
        fromSymbol: '',
        size: formatMoney(BigInt(row.amount)),
        ts: String(row.c_time),
        clientOid: row.client_oid === '' ? null : row.client_oid,
        transferId: row.transfer_id,
      })),
    );
  });

  routes.get(SPOT_WALLET_PATHS.depositAddress, ...read, (c) => {
    const userId = userOf(c);
    const coin = requiredText(c.req.query('coin'), 'coin').toUpperCase();
    const networks = COIN_NETWORKS.find((entry) => entry.coin === coin);
    if (!networks) throw parameterWrong('coin', 'no network of this coin is simulated');
    const chain = queryOf(c, 'chain')?.toUpperCase();
    const spec = chain === undefined ? networks.chains.find((each) => each.depositEnabled) : findChain(coin, chain);
    if (!spec?.depositEnabled) throw parameterWrong('chain', `must be a network ${coin} is deposited on`);
    const address = ctx.db.transaction(() => addresses.addressOf(userId, coin, spec, ctx.now()))();
    return replyMarketOk(c, { coin, address: address.address, chain: address.chain, tag: address.memo, url: '' });
  });

  /**
   * The filters both record lists share, or null when they name a record the user does not have (an empty list). A
   * record named by `orderId` (or a withdrawal's `clientOid`: `named` is its seq, null when unknown) is read alone, as
   * the exchange does; the times are then not needed.
   */
  const fundsFilter = <T extends { seq: number }>(
    c: Context<ApiKeyEnv>,
    idSeq: Statement,
    userId: string,
    named?: number | null,
  ): RecordFilter<T> | null => {
    const seqOf = (id: string | undefined) =>
      id === undefined ? undefined : ((idSeq.get(userId, id) as number | undefined) ?? null);
    const orderId = seqOf(idQueryOf(c, 'orderId'));
    // Both an orderId and a clientOid name one record only when they name the same one.
    const one = orderId === undefined ? named : named !== undefined && named !== orderId ? null : orderId;
    const coin = queryOf(c, 'coin')?.toUpperCase();
    const range = timeRangeOf(c, one === undefined);
    const limit = pageLimitOf(c, 20, 100);
    const cursor = seqOf(idQueryOf(c, 'idLessThan'));
    if (one === null || cursor === null) return null;
    if (one !== undefined) return { before: one + 1, limit: 1, keep: (row) => row.seq === one };
    return { coin, ...range, before: cursor, limit };
  };

  routes.get(SPOT_WALLET_PATHS.depositRecords, ...read, (c) => {
    const userId = userOf(c);
    const filter = fundsFilter<DepositRecord>(c, depositSeq, userId);
    if (filter === null) return replyMarketOk(c, []);
    return replyMarketOk(c, recordsOf((query) => deposits.page(userId, query), filter).map(depositRow));
  });

  routes.get(SPOT_WALLET_PATHS.withdrawalRecords, ...read, (c) => {
    const userId = userOf(c);
    const clientOid = clientOidOf(c.req.query('clientOid'));
    const named =
      clientOid === undefined
        ? undefined
        : ((withdrawalByClientOid.get(userId, clientOid) as number | undefined) ?? null);
    const filter = fundsFilter<WithdrawalRecord>(c, withdrawalSeq, userId, named);
    if (filter === null) return replyMarketOk(c, []);
    const rows = recordsOf((query) => withdrawals.page(userId, query), filter);
    return replyMarketOk(
      c,
      rows.map((row) => withdrawalRow(row, withdrawalClientOid.get(row.id) as string)),
    );
  });

  routes.get(SPOT_WALLET_PATHS.accountInfo, ...read, (c) => {
    const { userId, apiKey, permissions } = apiCallerOf(c);
    const user = deps.auth.users.findById(userId);
    const key = keys.findOwned(userId, apiKey);
    // The key check read this key a moment ago; one deleted since reads as any unknown key.
    if (!user || !key) throw accessKeyInvalid();
    return replyMarketOk(c, {
      userId,
      // Registration records referral codes, not the inviting account; the spec sends the channel code as
      // `registerVipNo` and the channel as `registerChannel`.
      inviterId: '',
      channelCode: user.referral.registerVipNo ?? '',
      channel: user.referral.registerChannel ?? '',
      regisTime: String(user.createdAt),
      ips: key.ips.join(','),
      authorities: [...new Set<ApiPermission>(['read', ...permissions])].flatMap(
        (permission) => AUTHORITIES[permission],
      ),
      parentId: Number(user.parentId ?? userId),
      traderType: 'not_trader',
    });
  });

  return routes;
}
