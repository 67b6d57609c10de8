import type { FeeMarket, FeeRates, VipLevel } from '../../engine/rules/vip-schedule';
import { MONEY_PLACES, unitsOf } from '../money/money-units';

export type { FeeMarket, FeeRates, VipLevel, VipMarketTerms } from '../../engine/rules/vip-schedule';

/**
 * The fee schedule by VIP level, the one place it is written (issue 21 §5). Spot thresholds and rates follow the
 * exchange's public spot schedule; futures rates start at the exchange's standard USDT-M rates (0.02 % / 0.06 %) and
 * step down with futures volume as its futures schedule does. Level 0's rates are the simulated instruments' own
 * rates (`makerFeeRate`, `takerFeeRate`). The exchange's other ways to a level (asset balance, BGB holdings) are not
 * simulated: paper levels come from trading volume only.
 */
export const VIP_LEVELS: readonly VipLevel[] = [
  {
    level: 0,
    spot: { volume: '0', maker: '0.001', taker: '0.001' },
    futures: { volume: '0', maker: '0.0002', taker: '0.0006' },
  },
  {
    level: 1,
    spot: { volume: '500000', maker: '0.0008', taker: '0.0008' },
    futures: { volume: '5000000', maker: '0.00016', taker: '0.00054' },
  },
  {
    level: 2,
    spot: { volume: '2000000', maker: '0.00065', taker: '0.0007' },
    futures: { volume: '20000000', maker: '0.00014', taker: '0.0005' },
  },
  {
    level: 3,
    spot: { volume: '8000000', maker: '0.0005', taker: '0.0006' },
    futures: { volume: '50000000', maker: '0.00012', taker: '0.00045' },
  },
  {
    level: 4,
    spot: { volume: '30000000', maker: '0.0004', taker: '0.0005' },
    futures: { volume: '200000000', maker: '0.0001', taker: '0.0004' },
  },
  {
    level: 5,
    spot: { volume: '50000000', maker: '0.0003', taker: '0.0004' },
    futures: { volume: '500000000', maker: '0.00008', taker: '0.00036' },
  },
  {
    level: 6,
    spot: { volume: '75000000', maker: '0.0002', taker: '0.00035' },
    futures: { volume: '1000000000', maker: '0.00006', taker: '0.00032' },
  },
  {
    level: 7,
    spot: { volume: '100000000', maker: '0', taker: '0.0003' },
    futures: { volume: '2000000000', maker: '0', taker: '0.0003' },
  },
];

/** How many days of fills count toward a level (the window is counted in whole days of UTC+8, see vip-volumes.ts). */
export const VOLUME_WINDOW_DAYS = 30;

/** Each level's thresholds in money units (10^-8 USDT), per market, in level order. */
const THRESHOLDS: Readonly<Record<FeeMarket, readonly bigint[]>> = {
  spot: VIP_LEVELS.map((row) => unitsOf(row.spot.volume, MONEY_PLACES)),
  futures: VIP_LEVELS.map((row) => unitsOf(row.futures.volume, MONEY_PLACES)),
};

/** The highest level one market's 30-day volume (money units) reaches: the last threshold it is at or above. */
export function levelForVolume(market: FeeMarket, volume: bigint): number {
  const thresholds = THRESHOLDS[market];
  let level = 0;
  for (let i = 1; i < thresholds.length; i += 1) if (volume >= thresholds[i]!) level = i;
  return level;
}

/**
 * The user's VIP level from both markets' 30-day volumes (money units): the higher of the two, as the exchange
 * upgrades to the highest level any of its criteria reaches; that one level then sets the rates of both markets.
 */
export function vipLevelOf(volumes: Readonly<Record<FeeMarket, bigint>>): number {
  return Math.max(levelForVolume('spot', volumes.spot), levelForVolume('futures', volumes.futures));
}

/** A level's threshold for one market in money units; undefined above the highest level. */
export function thresholdOf(market: FeeMarket, level: number): bigint | undefined {
  return THRESHOLDS[market][level];
}

/** The schedule's rates of a market at a level (clamped to the table). */
export function scheduleRates(market: FeeMarket, level: number): FeeRates {
  const row = VIP_LEVELS[Math.min(Math.max(level, 0), VIP_LEVELS.length - 1)]!;
  const { maker, taker } = row[market];
  return { maker, taker };
}
