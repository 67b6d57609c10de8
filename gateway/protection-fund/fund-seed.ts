/** Days of seeded history the fund starts with (its page shows at most this range). */
export const SEED_DAYS = 180;
/** The seed of the history, so every fresh gateway shows the same curve. */
export const HISTORY_SEED = 23;

/** Opening balance of the seeded history, in money units (10^-8 USDT): 1,250,000 USDT. */
const OPENING_UNITS = 125_000_000_000_000n;
/** A day's seeded step in cents: from −400 USDT to +2,600 USDT, so the curve grows with small dips. */
const STEP_LOW_CENTS = -40_000;
const STEP_SPAN_CENTS = 300_000;
const CENT_UNITS = 1_000_000n;

/** One seeded movement: its day (days since the epoch, UTC) and its amount in money units. */
export interface SeedStep {
  day: number;
  amount: bigint;
}

/** mulberry32: a small 32-bit generator, so the steps are integers and the same on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * The seeded history of the fund (issue 23 §4): an opening balance on the first of `SEED_DAYS` days before `today`,
 * then one integer step a day up to the day before `today`, deterministic from `HISTORY_SEED`.
 */
export function seededSteps(today: number, seed = HISTORY_SEED): SeedStep[] {
  const next = generator(seed);
  const first = today - SEED_DAYS;
  const steps: SeedStep[] = [{ day: first, amount: OPENING_UNITS }];
  for (let day = first + 1; day < today; day += 1) {
    const cents = STEP_LOW_CENTS + (next() % STEP_SPAN_CENTS);
    steps.push({ day, amount: BigInt(cents) * CENT_UNITS });
  }
  return steps;
}
