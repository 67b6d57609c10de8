import type { Random } from './random';

/** Mark, index and funding of one perpetual, in integer price ticks and funding rate in millionths. */
export interface FundingState {
  markPrice: number;
  indexPrice: number;
  /** Funding rate of the current interval, in 10^-6 (100 = 0.0001 = 0.01 %). */
  fundingMicros: number;
  /** Start of the next funding settlement, ms since the epoch. */
  nextFundingTime: number;
}

/** Funding settles every 8 hours at 00:00, 08:00 and 16:00 UTC (contract `fundInterval` "8"). */
export const FUNDING_INTERVAL_MS = 8 * 3_600_000;
/** The interest component of the funding rate per interval: 0.01 %. */
export const INTEREST_MICROS = 100;
/** The premium may move funding at most this far from the interest rate before the cap (±0.05 %). */
export const INTEREST_CLAMP_MICROS = 500;
/** Hard cap of the funding rate (±0.3 %). */
export const FUNDING_CAP_MICROS = 3000;
/** Typical gap between the perpetual's last price and the spot index, as a fraction of the price (2 bps). */
const INDEX_GAP_SCALE = 0.0002;
/** How fast the index gap reverts to zero. */
const INDEX_GAP_REVERSION_SECONDS = 30;
/** How long funding takes to pull a perpetual's basis (its premium over the index) most of the way back to zero. */
const BASIS_REVERSION_SECONDS = 3600;
/** The basis's typical size in steady state, as a fraction of the index (3 bps): a few times that at the very most. */
const BASIS_SCALE = 0.0003;
/** How long the mark price takes to follow the traded premium (the exchange's fair-price smoothing). */
const MARK_SMOOTHING_SECONDS = 10;

/**
 * A perpetual's index, mark and funding model (market-data contract, futures ticker): the index is the spot pair's
 * price when the perpetual has one (else a spot reference that wanders a few basis points around the last price and
 * reverts); the perpetual trades at the index times one plus a basis that funding pulls back towards zero; the mark is the index plus a smoothed premium
 * (so it sits between index and last and moves calmly); funding is the time-weighted premium of the current 8-hour
 * interval plus the interest rate, clamped as the public rules describe. Prices stay on the tick grid.
 */
export class FundingModel {
  private indexGap = 0;
  private basis = 0;
  private basisStep = { seconds: Number.NaN, decay: 1, noise: 0 };
  private premium = 0;
  private premiumSum = 0;
  private premiumSeconds = 0;
  private state: FundingState;

  /** Starts the model at a last price `last` (ticks) and time `nowMs`. */
  constructor(
    private readonly rng: Random,
    private readonly tick: number,
    last: number,
    nowMs: number,
  ) {
    this.state = {
      markPrice: last,
      indexPrice: last,
      fundingMicros: INTEREST_MICROS,
      nextFundingTime: nextFundingTime(nowMs),
    };
  }

  /**
   * Moves the basis on by `seconds` (an Ornstein–Uhlenbeck step: decays towards zero with funding's pull, plus noise
   * that keeps its spread at {@link BASIS_SCALE}) and returns it, as a fraction of the index.
   */
  stepBasis(seconds: number): number {
    if (seconds !== this.basisStep.seconds) {
      // Steps mostly repeat one length (the warm-up's 20 s, the pace's 250 ms): keep its decay and noise scale.
      const decay = Math.exp(-Math.max(seconds, 0) / BASIS_REVERSION_SECONDS);
      this.basisStep = { seconds, decay, noise: BASIS_SCALE * Math.sqrt(1 - decay * decay) };
    }
    const { decay, noise } = this.basisStep;
    this.basis = this.basis * decay + noise * this.rng.normal();
    return this.basis;
  }

  /**
   * Advances by `seconds` to `nowMs` with the perpetual last traded at `last` ticks and the spot index at `index`
   * ticks (when the perpetual has a spot pair); returns the new state.
   */
  update(last: number, seconds: number, nowMs: number, spotIndex?: number): FundingState {
    let index: number;
    if (spotIndex === undefined) {
      const reversion = Math.min(1, seconds / INDEX_GAP_REVERSION_SECONDS);
      const noise =
        INDEX_GAP_SCALE * last * Math.sqrt(Math.max(seconds, 0) / INDEX_GAP_REVERSION_SECONDS) * this.rng.normal();
      this.indexGap += -this.indexGap * reversion + noise;
      index = Math.max(this.tick, this.snap(last + this.indexGap));
    } else index = Math.max(this.tick, this.snap(spotIndex));
    this.premium += (last - index - this.premium) * Math.min(1, seconds / MARK_SMOOTHING_SECONDS);
    const mark = Math.max(this.tick, this.snap(index + this.premium));
    if (nowMs >= this.state.nextFundingTime) {
      // A settlement happened: the next interval averages its own premium from scratch.
      this.premiumSum = 0;
      this.premiumSeconds = 0;
    }
    const premiumMicros = ((mark - index) / index) * 1e6;
    this.premiumSum += premiumMicros * seconds;
    this.premiumSeconds += seconds;
    const average = this.premiumSeconds > 0 ? this.premiumSum / this.premiumSeconds : 0;
    this.state = {
      markPrice: mark,
      indexPrice: index,
      fundingMicros: fundingMicrosOf(average),
      nextFundingTime: nextFundingTime(nowMs),
    };
    return this.state;
  }

  /** The state as of the last update. */
  current(): FundingState {
    return this.state;
  }

  private snap(units: number): number {
    return Math.round(units / this.tick) * this.tick;
  }
}

/** The first funding settlement strictly after `nowMs`. */
export function nextFundingTime(nowMs: number): number {
  return (Math.floor(nowMs / FUNDING_INTERVAL_MS) + 1) * FUNDING_INTERVAL_MS;
}

/**
 * The funding rate (10^-6, rounded) of an interval whose average premium was `premiumMicros` (10^-6): the premium plus
 * the interest rate's pull clamped to ±{@link INTEREST_CLAMP_MICROS}, capped at ±{@link FUNDING_CAP_MICROS}, as the
 * public funding rules describe.
 */
export function fundingMicrosOf(premiumMicros: number): number {
  return Math.round(
    clamp(premiumMicros + clamp(INTEREST_MICROS - premiumMicros, INTEREST_CLAMP_MICROS), FUNDING_CAP_MICROS),
  );
}

function clamp(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}
