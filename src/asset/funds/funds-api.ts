import type { Reply } from '../../api/request';
import { api } from '../../security/secured-api';
import type { RecordPage } from '../records/records-api';

/** One network a coin moves on (gateway/asset/asset-api.md "Coins and networks"). */
export interface CoinChain {
  chain: string;
  name: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  minDeposit: string;
  confirmations: number;
  withdrawFee: string;
  minWithdraw: string;
  memoRequired: boolean;
  /** The regex source both sides check addresses with. */
  addressPattern: string;
}

export interface CoinNetworks {
  coin: string;
  chains: CoinChain[];
}

export interface DepositAddress {
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
}

export interface DepositRow {
  id: string;
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
  amount: string;
  txId: string;
  confirmations: number;
  required: number;
  status: 'pending' | 'credited';
  cTime: string;
  uTime: string;
}

export interface SavedAddress {
  id: string;
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
  label: string;
  cTime: string;
}

export interface WithdrawInfo {
  coin: string;
  chain: string;
  available: string;
  fee: string;
  minWithdraw: string;
  dailyLimitUsdt: string;
  usedTodayUsdt: string;
  remainingUsdt: string;
}

export interface WithdrawalRow {
  id: string;
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
  amount: string;
  fee: string;
  txId: string;
  status: 'processing' | 'completed';
  cTime: string;
  uTime: string;
}

export const loadCoins = (): Promise<Reply<CoinNetworks[]>> =>
  api.getReply<CoinNetworks[]>('/asset/coins', { silent: true });
export const loadDepositAddress = (coin: string, chain: string): Promise<Reply<DepositAddress>> =>
  api.getReply<DepositAddress>('/asset/deposit-address', { params: { coin, chain }, silent: true });
export const loadDeposits = (coin?: string): Promise<Reply<RecordPage<DepositRow>>> =>
  api.getReply<RecordPage<DepositRow>>('/asset/deposits', {
    params: { ...(coin ? { coin } : {}), limit: 10 },
    silent: true,
  });
export const sendTestDeposit = (input: { coin: string; chain: string; amount: string }): Promise<DepositRow> =>
  api.post<DepositRow>('/asset/dev/deposit', { params: input, silent: true });

export const loadSavedAddresses = (coin?: string): Promise<Reply<SavedAddress[]>> =>
  api.getReply<SavedAddress[]>('/asset/address/list', { params: coin ? { coin } : {}, silent: true });
export const saveAddress = (input: {
  coin: string;
  chain: string;
  address: string;
  memo?: string;
  label: string;
}): Promise<SavedAddress> => api.post<SavedAddress>('/asset/address/add', { params: input, silent: true });
export const deleteAddress = (id: string): Promise<{ id: string }> =>
  api.post<{ id: string }>('/asset/address/delete', { params: { id }, silent: true });

export const loadWithdrawInfo = (coin: string, chain: string): Promise<Reply<WithdrawInfo>> =>
  api.getReply<WithdrawInfo>('/asset/withdraw/info', { params: { coin, chain }, silent: true });
export const loadWithdrawals = (coin?: string): Promise<Reply<RecordPage<WithdrawalRow>>> =>
  api.getReply<RecordPage<WithdrawalRow>>('/asset/withdrawals', {
    params: { ...(coin ? { coin } : {}), limit: 10 },
    silent: true,
  });
/** The body of `POST /v1/asset/spot/withdraw`: `amount` is what arrives; the network fee is charged on top. */
export interface WithdrawRequest {
  coin: string;
  chain: string;
  address: string;
  memo?: string;
  amount: string;
  clientOid: string;
}

/** A withdrawal (a §7.6 risk-token endpoint; it needs a fresh second factor, asked for by the caller's step-up). */
export const withdraw = (input: WithdrawRequest): Promise<WithdrawalRow> =>
  api.post<WithdrawalRow>('/asset/spot/withdraw', { params: { ...input }, silent: true });
