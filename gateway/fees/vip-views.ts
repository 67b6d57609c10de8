import { formatMoney, MONEY_PLACES, pow10 } from '../money/money-units';
import {
  type FeeMarket,
  type FeeRates,
  scheduleRates,
  thresholdOf,
  VIP_LEVELS,
  type VipLevel,
  VOLUME_WINDOW_DAYS,
  vipLevelOf,
} from './vip-levels';
import type { MarketVolumes } from './vip-volumes';

/** `GET /v1/public/vip/levels`: the schedule, and how a level is reached. */
export interface VipScheduleView {
  windowDays: number;
  /** The level is the higher of the levels the spot and the futures volume reach; it sets both markets' rates. */
  basis: 'max';
  quoteCoin: 'USDT';
  levels: readonly VipLevel[];
}

/** What is still needed for the next level: either market's volume reaching its threshold is enough. */
export interface VipNextView {
  level: number;
  spotVolume: string;
  futuresVolume: string;
  spotRemaining: string;
  futuresRemaining: string;
  /** How far along the nearer of the two markets is, 0 … 1 as a decimal string with 4 places. */
  progress: string;
}

/** `GET /v1/user/vip/overview`: the user's level, 30-day volumes, rates, and the next level. */
export interface VipOverviewView {
  level: number;
  windowDays: number;
  quoteCoin: 'USDT';
  volumes: Record<FeeMarket, string>;
  rates: Record<FeeMarket, FeeRates>;
  /** null at the highest level. */
  next: VipNextView | null;
  isDemo: boolean;
  updatedAt: string;
}

/** The public schedule. */
export function vipScheduleView(): VipScheduleView {
  return { windowDays: VOLUME_WINDOW_DAYS, basis: 'max', quoteCoin: 'USDT', levels: VIP_LEVELS };
}

const PROGRESS_PLACES = 4;

/** Share of `volume` in `threshold` (money units), floored to 4 places and capped at 1, in 10^-4. */
function shareOf(volume: bigint, threshold: bigint): bigint {
  const scale = pow10(PROGRESS_PLACES);
  if (threshold <= 0n) return scale;
  const share = (volume * scale) / threshold;
  return share > scale ? scale : share;
}

/** The user's overview from their family's volumes at `now`. */
export function vipOverviewView(volumes: MarketVolumes, now: number, isDemo: boolean): VipOverviewView {
  const level = vipLevelOf(volumes);
  const spotNext = thresholdOf('spot', level + 1);
  const futuresNext = thresholdOf('futures', level + 1);
  const remaining = (threshold: bigint, volume: bigint) => (threshold > volume ? threshold - volume : 0n);
  const next =
    spotNext === undefined || futuresNext === undefined
      ? null
      : {
          level: level + 1,
          spotVolume: formatMoney(spotNext, 0),
          futuresVolume: formatMoney(futuresNext, 0),
          spotRemaining: formatMoney(remaining(spotNext, volumes.spot)),
          futuresRemaining: formatMoney(remaining(futuresNext, volumes.futures)),
          progress: formatMoney(
            maxOf(shareOf(volumes.spot, spotNext), shareOf(volumes.futures, futuresNext)) *
              pow10(MONEY_PLACES - PROGRESS_PLACES),
            PROGRESS_PLACES,
          ),
        };
  return {
    level,
    windowDays: VOLUME_WINDOW_DAYS,
    quoteCoin: 'USDT',
    volumes: { spot: formatMoney(volumes.spot), futures: formatMoney(volumes.futures) },
    rates: { spot: scheduleRates('spot', level), futures: scheduleRates('futures', level) },
    next,
    isDemo,
    updatedAt: String(now),
  };
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
