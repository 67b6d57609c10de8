import type { Reply } from '../api/request';
import { api } from '../security/secured-api';

/** The asset tabs of spec §3, in its order, as the overview's accounts (gateway/asset/asset-api.md). */
export const ASSET_ACCOUNTS = ['spot', 'futures', 'margin', 'p2p', 'financial', 'swap', 'reward'] as const;
export type AssetAccount = (typeof ASSET_ACCOUNTS)[number];

export interface AssetOverview {
  totalUsdt: string;
  totalBtc: string;
  btcPrice: string;
  /** Units of each display currency per 1 USDT. */
  rates: Readonly<Record<string, string>>;
  accounts: readonly { account: AssetAccount; usdt: string; btc: string }[];
}

export interface SpotAsset {
  coin: string;
  available: string;
  frozen: string;
  usdtValue: string;
  btcValue: string;
  places: number;
}

export interface FuturesAssets {
  marginCoin: string;
  wallet: string;
  available: string;
  marginInUse: string;
  orderMargin: string;
  unrealizedPL: string;
  equity: string;
  transferable: string;
}

export interface ValuationPoint {
  day: string;
  time: string;
  usdt: string;
  /** At that day's BTC price. */
  btc: string;
}

export type TransferAccount = 'spot' | 'futures';

export interface TransferReply {
  transferId: string;
  from: TransferAccount;
  to: TransferAccount;
  coin: string;
  amount: string;
  cTime: string;
}

/** The one coin a transfer between accounts moves (gateway/asset/asset-api.md: `coin: "USDT"`). */
export const TRANSFER_COIN = 'USDT';

/** How often an open asset page reads its figures again while visible (prices move the valuations). */
export const ASSET_REFRESH_MS = 15_000;

// Reads are silent: each page shows its own state for a failure instead of a toast per poll.
export const loadOverview = (): Promise<Reply<AssetOverview>> =>
  api.getReply<AssetOverview>('/asset/overview', { silent: true });
export const loadSpotAssets = (): Promise<Reply<SpotAsset[]>> =>
  api.getReply<SpotAsset[]>('/asset/spot', { silent: true });
export const loadFuturesAssets = (): Promise<Reply<FuturesAssets>> =>
  api.getReply<FuturesAssets>('/asset/futures', { silent: true });
export const loadValuationHistory = (): Promise<Reply<ValuationPoint[]>> =>
  api.getReply<ValuationPoint[]>('/asset/valuation-history', { params: { days: 30 }, silent: true });

/** Moves USDT between the spot and futures accounts; `clientOid` makes a retried click a refused duplicate, not a second move. */
export const transfer = (input: {
  from: TransferAccount;
  to: TransferAccount;
  coin: string;
  amount: string;
  clientOid: string;
}): Promise<TransferReply> => api.post<TransferReply>('/asset/transfer', { params: input, silent: true });

/** A transfer between two accounts of the family (main and sub-accounts), as `POST /v1/asset/sub-transfer` answers it. */
export interface SubTransferReply extends TransferReply {
  fromUserId: string;
  toUserId: string;
}

/**
 * Moves USDT from one account of the family to another's spot or futures account (gateway/asset/asset-api.md,
 * "Transfer between sub-accounts"); an account outside the family is refused with `40305`.
 */
export const subTransfer = (input: {
  fromUserId: string;
  toUserId: string;
  from: TransferAccount;
  to: TransferAccount;
  coin: string;
  amount: string;
  clientOid: string;
}): Promise<SubTransferReply> => api.post<SubTransferReply>('/asset/sub-transfer', { params: input, silent: true });
