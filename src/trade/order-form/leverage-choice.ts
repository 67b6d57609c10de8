import type { FuturesSettings, HoldSide } from '../trade-replies';

/** The leverages offered as one-press chips in the leverage dialog, where the contract allows them. */
const LEVERAGE_PRESETS = [1, 5, 10, 20, 50, 75, 100, 125] as const;

/** Above this leverage the dialog warns that a small move can liquidate the position. */
export const HIGH_LEVERAGE = 20;

/** The preset chips a contract of `maxLever` can take (those ≤ maxLever), lowest first. */
export function leveragePresetsUpTo(maxLever: number): number[] {
  return LEVERAGE_PRESETS.filter((preset) => preset <= maxLever);
}

/**
 * Where the slider stands for what is typed: the typed whole leverage held within `[1, maxLever]`, so a figure being
 * typed (empty, 0, above the maximum) never moves the thumb off the track; `fallback` when nothing readable is typed.
 */
export function sliderLeverage(typed: string, maxLever: number, fallback: number): number {
  const n = /^\d{1,6}$/.test(typed) ? Number(typed) : fallback;
  return Math.min(Math.max(n, 1), maxLever);
}

/** The figures of a symbol's settings the side helpers read. */
type SideSettings = Pick<
  FuturesSettings,
  | 'marginMode'
  | 'leverage'
  | 'longLeverage'
  | 'shortLeverage'
  | 'maxPositionSize'
  | 'maxLongPositionSize'
  | 'maxShortPositionSize'
>;

/**
 * The leverage a position of `side` opens at, as the gateway holds its margin: the one cross leverage, or the isolated
 * side's own (contract `set-leverage`, `holdSide`).
 */
export function sideLeverage(settings: SideSettings, side: HoldSide): number {
  if (settings.marginMode === 'crossed') return settings.leverage;
  return side === 'long' ? settings.longLeverage : settings.shortLeverage;
}

/** The largest position of `side` the margin tiers allow at its leverage (base coin); null when the gateway does not say. */
export function sideMaxPosition(settings: SideSettings, side: HoldSide): string | null {
  if (settings.marginMode === 'crossed') return settings.maxPositionSize;
  return side === 'long' ? settings.maxLongPositionSize : settings.maxShortPositionSize;
}
