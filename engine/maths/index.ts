export type { BusinessLine, MarginMode, PositionMode, Side } from './futures-enums';
export {
  type LiquidationInput,
  type LiquidationReason,
  type LiquidationResult,
  liquidationPrice,
} from './liquidation-price';
export { type MaintenanceMarginRateInput, type MarginTier, maintenanceMarginRate } from './maintenance-margin-rate';
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
