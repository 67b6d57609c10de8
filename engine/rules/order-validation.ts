import { MathsDecimal, type MathsDecimalValue } from '../maths/maths-decimal';
import { numericValue } from './numeric-input';

/** What an instrument allows (from `/api/v2/spot/public/symbols` or `/api/v2/mix/market/contracts`). */
export interface OrderRules {
  /** Decimals of a price; the tick is 10^-pricePlaces unless `priceStep` says otherwise. */
  pricePlaces: number;
  /** Price step when it is not one unit of the last decimal (futures `priceEndStep`, e.g. "0.5"). */
  priceStep?: string;
  /** Decimals of a size; the lot is 10^-sizePlaces unless `sizeStep` says otherwise. */
  sizePlaces: number;
  /** Size step when it is not one unit of the last decimal (futures `sizeMultiplier`). */
  sizeStep?: string;
  /** Smallest size (`minTradeAmount` / `minTradeNum`); "0" when there is none. */
  minSize: string;
  /** Smallest order value in the quote coin (`minTradeUSDT`), when the instrument has one. */
  minNotional?: string;
}

/** The figures of an instrument order validation reads (a `TradeInstrument` has them all). */
export interface InstrumentSteps {
  pricePlaces: number;
  /** Price step as a plain decimal (tick). */
  priceStep: string;
  sizePlaces: number;
  /** Size step as a plain decimal (lot). */
  sizeStep: string;
  minSize: string;
  /** Smallest order value in the quote coin; "0" when none. */
  minNotional: string;
}

/** An instrument's rules in the shape {@link validateOrder} takes: its steps, and no minimum value when it is "0". */
export function orderRulesOf(instrument: InstrumentSteps): OrderRules {
  return {
    pricePlaces: instrument.pricePlaces,
    priceStep: instrument.priceStep,
    sizePlaces: instrument.sizePlaces,
    sizeStep: instrument.sizeStep,
    minSize: instrument.minSize,
    minNotional: instrument.minNotional === '0' ? undefined : instrument.minNotional,
  };
}

/** An order as the form holds it: the fields as typed (sanitized), plus what the page knows about the account. */
export interface OrderDraft {
  market: 'spot' | 'futures';
  side: 'buy' | 'sell';
  type: 'limit' | 'market' | 'stop-limit';
  /** Limit price (limit and stop-limit). */
  price?: string;
  /** Trigger price (stop-limit). */
  triggerPrice?: string;
  /** Size in the base coin (contracts' base coin for futures). */
  size: string;
  /**
   * What the order may spend: spot buy → quote balance, spot sell → base balance, futures → available margin.
   * Null while the balance is not known (then it is not checked; the server checks it anyway).
   */
  available: string | null;
  /** Last price, to value a market order. */
  referencePrice?: string;
  /** Futures leverage (margin = value / leverage). */
  leverage?: number;
  /** A reduce-only futures order only closes, so it spends no margin. */
  reduceOnly?: boolean;
  /**
   * Futures: the position the order closes before it opens (one-way mode's opposite position, base coin); margin is
   * needed only for the size beyond it.
   */
  closable?: string;
}

export type OrderField = 'price' | 'triggerPrice' | 'size';
export type OrderProblemCode = 'required' | 'not-positive' | 'tick' | 'lot' | 'min-size' | 'min-notional' | 'balance';

/** One reason an order cannot be sent, for a localized message next to its field (`params` fill the message). */
export interface OrderProblem {
  field: OrderField;
  code: OrderProblemCode;
  params?: Record<string, string>;
}

function stepOf(step: string | undefined, places: number): MathsDecimalValue {
  const value = step === undefined ? null : numericValue(step);
  const parsed = value === null ? null : new MathsDecimal(value);
  return parsed?.gt(0) ? parsed : new MathsDecimal(1).div(new MathsDecimal(10).pow(places));
}

/**
 * Checks an order against the instrument's tick, lot and minimums and against the balance, exactly in decimal
 * (never binary floats). Returns every problem, field by field; an empty list means the order may be sent.
 */
export function validateOrder(draft: OrderDraft, rules: OrderRules): OrderProblem[] {
  const problems: OrderProblem[] = [];
  const read = (
    field: OrderField,
    typed: string | undefined,
    step: MathsDecimalValue,
    stepCode: 'tick' | 'lot',
  ): MathsDecimalValue | null => {
    const value = typed === undefined ? null : numericValue(typed);
    if (value === null) {
      problems.push({ field, code: 'required' });
      return null;
    }
    const number = new MathsDecimal(value);
    if (number.lte(0)) {
      problems.push({ field, code: 'not-positive' });
      return null;
    }
    if (!number.mod(step).isZero()) {
      problems.push({ field, code: stepCode, params: { step: step.toFixed() } });
      return null;
    }
    return number;
  };

  const tick = stepOf(rules.priceStep, rules.pricePlaces);
  const price = draft.type === 'market' ? null : read('price', draft.price, tick, 'tick');
  if (draft.type === 'stop-limit') read('triggerPrice', draft.triggerPrice, tick, 'tick');
  const size = read('size', draft.size, stepOf(rules.sizeStep, rules.sizePlaces), 'lot');
  if (size === null) return problems;

  const minSize = numericValue(rules.minSize);
  if (minSize !== null && size.lt(minSize)) {
    problems.push({ field: 'size', code: 'min-size', params: { min: minSize } });
    return problems;
  }
  const unitPrice =
    price ??
    (draft.referencePrice !== undefined && numericValue(draft.referencePrice) !== null
      ? new MathsDecimal(numericValue(draft.referencePrice) as string)
      : null);
  if (unitPrice === null) return problems;
  const notional = unitPrice.times(size);
  const minNotional = rules.minNotional === undefined ? null : numericValue(rules.minNotional);
  if (minNotional !== null && notional.lt(minNotional)) {
    problems.push({ field: 'size', code: 'min-notional', params: { min: minNotional } });
    return problems;
  }

  const available = draft.available === null ? null : numericValue(draft.available);
  if (available === null || draft.reduceOnly) return problems;
  let needed: MathsDecimalValue;
  if (draft.market === 'futures') {
    const leverage =
      draft.leverage !== undefined && Number.isInteger(draft.leverage) && draft.leverage > 0 ? draft.leverage : 1;
    const closable = draft.closable === undefined ? null : numericValue(draft.closable);
    const opening = closable === null ? size : MathsDecimal.max(0, size.minus(closable));
    needed = unitPrice.times(opening).div(leverage);
  } else {
    needed = draft.side === 'buy' ? notional : size;
  }
  if (needed.gt(available)) problems.push({ field: 'size', code: 'balance', params: { available } });
  return problems;
}
