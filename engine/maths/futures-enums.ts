/** Position side of spec §3: long 1, short 2 (the `position` field). */
export type Side = 1 | 2;
/** Margin mode of spec §3: fixed/isolated 1, cross 2. */
export type MarginMode = 1 | 2;
/** Position mode of spec §3: one-way 1, two-way/hedge 2. */
export type PositionMode = 1 | 2;
/** Contract business line of spec §3: usdt 10, coin 11, usdc 12. */
export type BusinessLine = 10 | 11 | 12;

/** The side codes of spec §3. */
export const SIDES: readonly Side[] = [1, 2];
/** The margin mode codes of spec §3. */
export const MARGIN_MODES: readonly MarginMode[] = [1, 2];
/** The position mode codes of spec §3. */
export const POSITION_MODES: readonly PositionMode[] = [1, 2];
/** The contract business line codes of spec §3. */
export const BUSINESS_LINES: readonly BusinessLine[] = [10, 11, 12];

/** Long side code (spec §3). */
export const LONG: Side = 1;
/** Isolated ("fixed") margin mode code (spec §3). */
export const ISOLATED: MarginMode = 1;
/** One-way position mode code (spec §3). */
export const ONE_WAY: PositionMode = 1;
/** Coin-margined (inverse) business line code (spec §3). */
export const COIN_MARGINED: BusinessLine = 11;
