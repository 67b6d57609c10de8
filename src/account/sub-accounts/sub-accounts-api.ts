import type { ApiPermission } from '../../../engine/rules/api-keys';
import { RequestError } from '../../api/request';
import type { Translate } from '../../i18n/i18n';
import { api } from '../../security/secured-api';

/** One sub-account as `GET /v1/user/sub/accounts` lists it for its main account; money as decimal strings in USDT. */
export interface SubAccount {
  userId: string;
  name: string;
  isFrozen: boolean;
  createdAt: number;
  keyCount: number;
  spotUsdt: string;
  futuresUsdt: string;
  totalUsdt: string;
}

/** One key of a sub-account: never its secret or passphrase. */
export interface SubApiKey {
  apiKey: string;
  label: string;
  permissions: ApiPermission[];
  ips: string[];
  status: 'enabled' | 'disabled';
  createdAt: number;
  lastUsedAt: number | null;
}

/** A new key of a sub-account the one time its secret is shown, with the passphrase its creator chose. */
export interface CreatedSubApiKey extends SubApiKey {
  secretKey: string;
  passphrase: string;
}

/** Which account of each side a transfer moves between (the assets contract's `from`/`to`). */
export type TransferAccount = 'spot' | 'futures';

/** Gateway codes the sub-account pages answer in their own words (gateway/auth/sub-accounts/sub-errors.ts, api-key-errors.ts). */
export const SUB_CODES = {
  mainOnly: '40302',
  limit: '40303',
  nameTaken: '40304',
  transferRefused: '40305',
  notFound: '40306',
  frozen: '40307',
  notEmpty: '40308',
  insufficient: '43004',
  keyLimit: '40321',
  keyNotFound: '40320',
} as const;

const normalized = (account: SubAccount): SubAccount => ({ ...account, userId: String(account.userId) });

/** The signed-in main account's sub-accounts with their balances; failures are thrown for the page to show. */
export async function listSubAccounts(): Promise<SubAccount[]> {
  return (await api.get<SubAccount[]>('/user/sub/accounts', { silent: true })).map(normalized);
}

/** One sub-account of the signed-in main account. */
export async function readSubAccount(userId: string): Promise<SubAccount> {
  return normalized(await api.get<SubAccount>('/user/sub/info', { params: { userId }, silent: true }));
}

/** Gives a sub-account a new name (no step-up: a name secures nothing). */
export function renameSubAccount(userId: string, name: string): Promise<SubAccount> {
  return api.post<SubAccount>('/user/sub/rename', { params: { userId, name }, silent: true });
}

/** Freezes or unfreezes a sub-account (after a step-up for `sub-freeze`). */
export function setSubFrozen(userId: string, isFrozen: boolean): Promise<SubAccount> {
  return api.post<SubAccount>(isFrozen ? '/user/sub/freeze' : '/user/sub/unfreeze', {
    params: { userId },
    silent: true,
  });
}

/** Deletes an empty sub-account (after a step-up for `sub-delete`). */
export async function deleteSubAccount(userId: string): Promise<void> {
  await api.post('/user/sub/delete', { params: { userId }, silent: true });
}

/** What a transfer between the main account and one of its sub-accounts moves. */
export interface SubTransfer {
  fromUserId: string;
  toUserId: string;
  from: TransferAccount;
  to: TransferAccount;
  amount: string;
}

/** Moves USDT between the main account and a sub-account, in the asset ledger (`POST /v1/asset/sub-transfer`). */
export async function transferWithSub(transfer: SubTransfer): Promise<void> {
  await api.post('/asset/sub-transfer', { params: { ...transfer, coin: 'USDT' }, silent: true });
}

/** A sub-account's API keys. */
export function listSubKeys(userId: string): Promise<SubApiKey[]> {
  return api.get<SubApiKey[]>('/user/sub/apikey/list', { params: { userId }, silent: true });
}

/** What the key form sends for a sub-account's new key. */
export interface SubKeyFields {
  label: string;
  permissions: ApiPermission[];
  ips: string[];
}

/** Creates a key of the sub-account (after a step-up for `api-key-create`); the reply carries the secret, this once. */
export async function createSubKey(
  userId: string,
  fields: SubKeyFields,
  passphrase: string,
): Promise<CreatedSubApiKey> {
  const made = await api.post<Omit<CreatedSubApiKey, 'passphrase'>>('/user/sub/apikey/create', {
    params: { userId, ...fields, passphrase },
    silent: true,
  });
  return { ...made, passphrase };
}

/** Deletes a key of the sub-account (after a step-up for `api-key-delete`). */
export async function deleteSubKey(userId: string, apiKey: string): Promise<void> {
  await api.post('/user/sub/apikey/delete', { params: { userId, apiKey }, silent: true });
}

/** The sub-account's anti-phishing code, null when none is set. */
export async function readSubAntiPhishing(userId: string): Promise<string | null> {
  return (await api.get<{ code: string | null }>('/user/sub/antiphishing', { params: { userId }, silent: true })).code;
}

/** Sets (or with null removes) the sub-account's anti-phishing code (after a step-up for `anti-phishing`). */
export async function writeSubAntiPhishing(userId: string, code: string | null): Promise<void> {
  await api.post('/user/sub/antiphishing/set', { params: { userId, code }, silent: true });
}

/** True when the session is not a main account's (a sub-account or the demo account manages nothing). */
export function isNotMainError(error: unknown): boolean {
  return error instanceof RequestError && error.details.code === SUB_CODES.mainOnly;
}

/**
 * The localized reason a sub-account call failed: the gateway's code in the user's language; texts the request layer
 * localized already (an ended session, a network failure) as they are.
 */
export function subFailureText(t: Translate, error: unknown): string {
  if (!(error instanceof RequestError)) return t('subaccounts.err.failed');
  const texts: Record<string, string> = {
    [SUB_CODES.mainOnly]: t('subaccounts.err.mainOnly'),
    [SUB_CODES.limit]: t('subaccounts.err.limit'),
    [SUB_CODES.nameTaken]: t('subaccounts.err.nameTaken'),
    [SUB_CODES.transferRefused]: t('subaccounts.err.transferRefused'),
    [SUB_CODES.notFound]: t('subaccounts.err.notFound'),
    [SUB_CODES.frozen]: t('subaccounts.err.frozen'),
    [SUB_CODES.notEmpty]: t('subaccounts.err.notEmpty'),
    [SUB_CODES.insufficient]: t('subaccounts.err.insufficient'),
    [SUB_CODES.keyLimit]: t('subaccounts.err.keyLimit'),
    [SUB_CODES.keyNotFound]: t('subaccounts.err.keyNotFound'),
  };
  const code = error.details.code;
  if (code !== undefined && texts[code] !== undefined) return texts[code];
  return error.message || t('subaccounts.err.failed');
}
