export type { BusinessLine, MarginMode, PositionMode, Side } from './futures-enums';
export {
  type LiquidationInput,
  type LiquidationReason,
  type LiquidationResult,
  liquidationPrice,
} from './liquidation-price';
export { type MaintenanceMarginRateInput, type MarginTier, maintenanceMarginRate } from './maintenance-margin-rate';
export {
  CROSS_MAINTENANCE_MARGIN_RATIO,
  CROSS_MARGIN_LEVERAGE,
  hoursCharged,
  type IsolatedLiquidationInput,
  type IsolatedLiquidationReason,
  type IsolatedLiquidationResult,
  isolatedLiquidationPrice,
  MARGIN_LIQUIDATION_RATIO,
  MARGIN_RESTORE_RATIO,
  MARGIN_WARNING_RATIO,
  type MarginAccountTotals,
  type MarginCoinInput,
  type MarginInterestInput,
  type MarginRiskInput,
  type MarginRiskLevel,
  type MarginRiskResult,
  type MaxBorrowableInput,
  marginAccountTotals,
  marginInterest,
  marginRiskRatio,
  marginYearlyRate,
  maxBorrowable,
} from './margin-risk';
export { type MathsErrorCode, MathsInputError } from './maths-input-error';
export {
  type FuturesPosition,
  type FuturesPositionMetrics,
  type FuturesPositionMetricsInput,
  futuresPositionMetrics,
  type LivePosition,
  type PositionRecord,
} from './position-metrics';
export type { DecimalInput, EnumInput } from './read-input';
export { type SpotHoldingInput, type SpotHoldingMetrics, spotHoldingMetrics } from './spot-holding';
