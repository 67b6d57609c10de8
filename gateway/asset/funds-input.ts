import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import { MONEY_PLACES, unitsOf } from '../money/money-units';
import { queryLimit, readDecimal } from '../trading/trade-input';
import { COIN, queryValue, queryWhole } from './asset-input';
import type { NewAddress } from './address-book';
import { type ChainSpec, findChain, isAddressOf, isKnownCoin, isMemo } from '../market/coin-networks';
import type { PageQuery } from './record-page';
import type { WithdrawalRequest } from './withdrawals';

/** Longest address any paper chain has, with room to spare; longer input is refused before any pattern runs. */
const MAX_ADDRESS = 128;
/** A label's length in characters (assets contract, "Withdraw"). */
const LABEL = { min: 1, max: 20 } as const;
const CLIENT_OID = /^[A-Za-z0-9_.:-]{1,40}$/;
const ADDRESS_ID = /^[1-9][0-9]{0,15}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** What a network is needed for: the deposit screens read deposit-enabled chains, the withdraw screens the others. */
type ChainUse = 'deposit' | 'withdraw';

/** A coin with networks (40002 naming `coin` otherwise). */
function readCoin(value: unknown): string {
  if (typeof value !== 'string' || !COIN.test(value) || !isKnownCoin(value))
    throw invalidField('coin', 'must be a coin with a network, such as USDT');
  return value;
}

/** The coin's network named `chain`, enabled for `use` (40002 naming `chain` otherwise). */
function readChain(coin: string, value: unknown, use: ChainUse): ChainSpec {
  const spec = typeof value === 'string' ? findChain(coin, value) : undefined;
  const enabled = use === 'deposit' ? spec?.depositEnabled : spec?.withdrawEnabled;
  if (!spec || !enabled)
    throw invalidField('chain', `must be a network ${coin} can be ${use === 'deposit' ? 'deposited' : 'withdrawn'} on`);
  return spec;
}

/** `coin` and `chain` of a query (deposit address, withdraw info). */
export function readChainQuery(c: Context<GatewayEnv>, use: ChainUse): { coin: string; spec: ChainSpec } {
  const coin = readCoin(queryValue(c, 'coin'));
  return { coin, spec: readChain(coin, queryValue(c, 'chain'), use) };
}

/** An optional `coin` filter of a list (40002 naming it when it is not a coin name). */
export function readCoinQuery(c: Context<GatewayEnv>): string | undefined {
  const coin = queryValue(c, 'coin');
  if (coin !== undefined && !COIN.test(coin)) throw invalidField('coin', 'must be a coin such as USDT');
  return coin;
}

/** The filters of the deposit and withdrawal lists: an optional coin and the page. */
export function readFundsQuery(c: Context<GatewayEnv>): PageQuery & { coin?: string } {
  const coin = readCoinQuery(c);
  return { coin, before: queryWhole(c, 'cursor', 'the next cursor of a previous page'), limit: queryLimit(c) };
}

/** A positive plain decimal of at most 8 decimals and 12 integer digits, in money units (40002 otherwise). */
export function readAmount(body: JsonObject, field = 'amount'): bigint {
  const text = readDecimal(body, field);
  if (text === undefined) throw invalidField(field, 'is required');
  if ((text.split('.')[1] ?? '').length > MONEY_PLACES)
    throw invalidField(field, `must have at most ${MONEY_PLACES} decimals`);
  const amount = unitsOf(text, MONEY_PLACES);
  if (amount === 0n) throw invalidField(field, 'must be greater than zero');
  return amount;
}

/** An address well formed on the chain (40002 naming `address` otherwise). */
function readAddress(body: JsonObject, spec: ChainSpec): string {
  const value = body.address;
  if (typeof value !== 'string' || value.length > MAX_ADDRESS || !isAddressOf(spec, value))
    throw invalidField('address', `must be a ${spec.name} address`);
  return value;
}

/** The memo: a destination tag where the chain needs one, else none at all (40002 naming `memo` otherwise). */
function readMemo(body: JsonObject, spec: ChainSpec): string | null {
  const value = body.memo;
  const absent = value === undefined || value === null || value === '';
  if (!spec.memoRequired) {
    if (!absent) throw invalidField('memo', `must be empty: ${spec.name} takes no memo`);
    return null;
  }
  if (typeof value !== 'string' || !isMemo(value))
    throw invalidField('memo', `is required on ${spec.name}: a destination tag of digits`);
  return value;
}

/** The body of the dev deposit: a coin, a deposit-enabled network and an amount. */
export function readDevDeposit(body: JsonObject): { coin: string; spec: ChainSpec; amount: bigint } {
  const coin = readCoin(body.coin);
  const spec = readChain(coin, body.chain, 'deposit');
  return { coin, spec, amount: readAmount(body) };
}

/** The body of an address-book entry: coin, chain, an address of the chain, its memo, a label of 1–20 characters. */
export function readNewAddress(body: JsonObject): NewAddress {
  const coin = readCoin(body.coin);
  const spec = readChain(coin, body.chain, 'withdraw');
  const address = readAddress(body, spec);
  const memo = readMemo(body, spec);
  const label = typeof body.label === 'string' ? body.label.trim() : undefined;
  const length = label === undefined ? 0 : [...label].length;
  if (label === undefined || length < LABEL.min || length > LABEL.max || CONTROL.test(label))
    throw invalidField('label', `must be ${LABEL.min} to ${LABEL.max} characters`);
  return { coin, chain: spec.chain, address, memo, label };
}

/** The id of an address-book entry, as the list gives it (40002 naming `id` otherwise). */
export function readAddressId(body: JsonObject): number {
  const value = body.id;
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !ADDRESS_ID.test(text)) throw invalidField('id', 'must be the id of an address');
  return Number(text);
}

/** The body of a withdrawal: coin, a withdraw-enabled network, its address and memo, the amount and a clientOid. */
export function readWithdrawal(body: JsonObject): WithdrawalRequest {
  const coin = readCoin(body.coin);
  const spec = readChain(coin, body.chain, 'withdraw');
  const address = readAddress(body, spec);
  const memo = readMemo(body, spec);
  const amount = readAmount(body);
  const clientOid = body.clientOid;
  if (typeof clientOid !== 'string' || !CLIENT_OID.test(clientOid))
    throw invalidField('clientOid', 'is required: 1 to 40 letters, digits or _ . : -');
  return { coin, spec, address, memo, amount, clientOid };
}
