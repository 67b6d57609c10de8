import { api } from '../security/secured-api';

import type { FeeMarket, FeeRates, VipLevel } from '../../engine/rules/vip-schedule';

export type { FeeMarket, FeeRates, VipLevel, VipMarketTerms } from '../../engine/rules/vip-schedule';

/** `GET /v1/public/vip/levels` (gateway/fees/vip-api.md). */
export interface VipSchedule {
  windowDays: number;
  basis: 'max';
  quoteCoin: string;
  levels: VipLevel[];
}

/** What the next level still needs: either market's volume reaching its threshold is enough. */
export interface VipNext {
  level: number;
  spotVolume: string;
  futuresVolume: string;
  spotRemaining: string;
  futuresRemaining: string;
  /** 0 … 1, decimal string. */
  progress: string;
}

/** `GET /v1/user/vip/overview`: the signed-in account's level, 30-day volumes, rates and next level. */
export interface VipOverview {
  level: number;
  windowDays: number;
  quoteCoin: string;
  volumes: Record<FeeMarket, string>;
  rates: Record<FeeMarket, FeeRates>;
  next: VipNext | null;
  isDemo: boolean;
  updatedAt: string;
}

/** The public schedule; failures are thrown for the page to show (not toasted). */
export function fetchVipSchedule(): Promise<VipSchedule> {
  return api.get<VipSchedule>('/public/vip/levels', { silent: true });
}

/** The signed-in account's overview; `00005` when nobody is signed in. */
export function fetchVipOverview(): Promise<VipOverview> {
  return api.get<VipOverview>('/user/vip/overview', { silent: true });
}
