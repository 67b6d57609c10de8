import type { Context } from 'hono';
import { transferAccountRefused } from '../auth/sub-accounts/sub-errors';
import { accountIdOf } from '../auth/sub-accounts/sub-switch';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import type { EntryKind } from '../money/ledger-lines';
import { MONEY_PLACES, unitsOf } from '../money/money-units';
import { queryLimit, readChoice, readClientOid, readDecimal } from '../trading/trade-input';
import type { BillQuery } from './asset-ledger';
import type { SubTransferRequest } from './sub-transfers';
import type { TransferRequest } from './transfers';

/** Every entry kind the records' type filter accepts (assets contract, "The ledger"). */
export const ENTRY_KINDS: readonly EntryKind[] = [
  'grant',
  'deposit',
  'withdraw',
  'withdraw_fee',
  'transfer',
  'freeze',
  'unfreeze',
  'trade',
  'fee',
  'realized_pnl',
  'funding',
  'liquidation',
];

/** Days of valuation history one call may ask for, and the default. */
export const HISTORY_DAYS = { min: 1, max: 90, default: 30 } as const;

/** A coin name as queries and bodies carry it. */
export const COIN = /^[A-Z0-9]{1,20}$/;
const WHOLE = /^[0-9]{1,16}$/;
const ACCOUNTS = ['spot', 'futures'] as const;

/** An optional query value, undefined when absent or empty. */
export function queryValue(c: Context<GatewayEnv>, field: string): string | undefined {
  const value = c.req.query(field);
  return value === undefined || value === '' ? undefined : value;
}

/** An optional non-negative integer query value such as a time in ms (40002 naming the field otherwise). */
export function queryWhole(c: Context<GatewayEnv>, field: string, what: string): number | undefined {
  const value = queryValue(c, field);
  if (value === undefined) return undefined;
  if (!WHOLE.test(value)) throw invalidField(field, `must be ${what}`);
  return Number(value);
}

/** The filters and page of `GET /v1/asset/bills`, each checked (40002 naming the field). */
export function readBillQuery(c: Context<GatewayEnv>): BillQuery {
  const coin = queryValue(c, 'coin');
  if (coin !== undefined && !COIN.test(coin)) throw invalidField('coin', 'must be a coin such as USDT');
  const kind = queryValue(c, 'kind');
  if (kind !== undefined && !(ENTRY_KINDS as readonly string[]).includes(kind))
    throw invalidField('kind', `must be one of ${ENTRY_KINDS.join(', ')}`);
  const account = queryValue(c, 'account');
  if (account !== undefined && !(ACCOUNTS as readonly string[]).includes(account))
    throw invalidField('account', `must be one of ${ACCOUNTS.join(', ')}`);
  const from = queryWhole(c, 'from', 'a time in ms since the epoch');
  const to = queryWhole(c, 'to', 'a time in ms since the epoch');
  if (from !== undefined && to !== undefined && to < from) throw invalidField('to', 'must not be before from');
  const before = queryWhole(c, 'cursor', 'the next cursor of a previous page');
  return {
    coin,
    kind: kind as EntryKind | undefined,
    account: account as BillQuery['account'],
    from,
    to,
    before,
    limit: queryLimit(c),
  };
}

/** The `days` query of the valuation history: 1 … 90, default 30. */
export function readHistoryDays(c: Context<GatewayEnv>): number {
  const value = queryValue(c, 'days');
  if (value === undefined) return HISTORY_DAYS.default;
  const days = /^[0-9]{1,2}$/.test(value) ? Number(value) : Number.NaN;
  if (!(days >= HISTORY_DAYS.min && days <= HISTORY_DAYS.max))
    throw invalidField('days', `must be an integer from ${HISTORY_DAYS.min} to ${HISTORY_DAYS.max}`);
  return days;
}

/** The fields every transfer body shares: spot/futures accounts, coin USDT, a positive amount of at most 8 decimals (40002 otherwise). */
function readTransferFields(body: JsonObject): TransferRequest {
  const from = readChoice(body, 'from', ACCOUNTS);
  const to = readChoice(body, 'to', ACCOUNTS);
  if (body.coin !== 'USDT') throw invalidField('coin', 'must be USDT');
  const text = readDecimal(body, 'amount');
  if (text === undefined) throw invalidField('amount', 'is required');
  if ((text.split('.')[1] ?? '').length > MONEY_PLACES)
    throw invalidField('amount', `must have at most ${MONEY_PLACES} decimals`);
  const amount = unitsOf(text, MONEY_PLACES);
  if (amount === 0n) throw invalidField('amount', 'must be greater than zero');
  return { from, to, coin: 'USDT', amount, clientOid: readClientOid(body) };
}

/** A transfer body: the transfer fields with distinct accounts (40002 otherwise). */
export function readTransfer(body: JsonObject): TransferRequest {
  const request = readTransferFields(body);
  if (request.from === request.to) throw invalidField('to', 'must be a different account from from');
  return request;
}

/**
 * A transfer between family accounts: the transfer fields (the two accounts may be of one kind, they belong to two
 * users) and two distinct account ids; an id that is not one at all answers 40305 like any other it may not name.
 */
export function readSubTransfer(body: JsonObject): SubTransferRequest {
  const request = readTransferFields(body);
  const fromUserId = accountIdOf(body.fromUserId);
  const toUserId = accountIdOf(body.toUserId);
  if (fromUserId === null || toUserId === null) throw transferAccountRefused();
  if (fromUserId === toUserId) throw invalidField('toUserId', 'must be a different account from fromUserId');
  return { ...request, fromUserId, toUserId };
}
