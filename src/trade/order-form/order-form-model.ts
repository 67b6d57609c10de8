import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { numericValue, sanitizeNumericInput } from '../../../engine/rules/numeric-input';

export type FormOrderType = 'limit' | 'market' | 'stop-limit';

/** What the user typed and chose: view state only, every number as sanitized text. */
export interface OrderFormState {
  side: 'buy' | 'sell';
  type: FormOrderType;
  price: string;
  trigger: string;
  /** The amount in the base coin (what is sent when `sizeUnit` is base). */
  size: string;
  /** Which coin the amount is typed in; in the quote coin the form sends quote ÷ price floored to the lot. */
  sizeUnit: 'base' | 'quote';
  /** The amount typed in the quote coin. */
  quoteAmount: string;
  postOnly: boolean;
  /** A limit order's time in force when it is not post-only: good till cancelled, immediate or cancel, fill or kill. */
  timeInForce: 'gtc' | 'ioc' | 'fok';
  /** One-way futures mode. */
  reduceOnly: boolean;
  /** Hedge futures mode. */
  tradeSide: 'open' | 'close';
  /** Attach take-profit / stop-loss presets (spot, or an opening futures order). */
  hasPresets: boolean;
  takeProfit: string;
  stopLoss: string;
}

export const INITIAL_FORM: OrderFormState = {
  side: 'buy',
  type: 'limit',
  price: '',
  trigger: '',
  size: '',
  sizeUnit: 'base',
  quoteAmount: '',
  postOnly: false,
  timeInForce: 'gtc',
  reduceOnly: false,
  tradeSide: 'open',
  hasPresets: false,
  takeProfit: '',
  stopLoss: '',
};

/** Fields whose message may show: after the field was left, or after a submit attempt. */
export type FormField = 'price' | 'trigger' | 'size' | 'takeProfit' | 'stopLoss';

/** Spec §5 on a keystroke of a price field: decimals are the instrument's price places. */
export function sanitizePrice(typed: string, instrument: TradeInstrument): string {
  return sanitizeNumericInput(typed, instrument.pricePlaces);
}

/** Spec §5 on a keystroke of the amount field: decimals are the instrument's size places. */
export function sanitizeSize(typed: string, instrument: TradeInstrument): string {
  return sanitizeNumericInput(typed, instrument.sizePlaces);
}

/** Whether the order only reduces a position (so it spends no margin and takes no presets). */
export function isClosing(form: OrderFormState, hedge: boolean): boolean {
  return hedge ? form.tradeSide === 'close' : form.reduceOnly;
}

/** A fresh client order id for one send (never one per render: a retried send is a new order). */
export function newClientOid(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return `w${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Leverage as typed, checked against `[1, maxLever]` (contract `set-leverage`); null when it is not allowed. */
export function leverageValue(typed: string, maxLever: number): number | null {
  const value = numericValue(typed);
  if (value === null) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= maxLever ? n : null;
}
