import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { numericValue, sanitizeNumericInput } from '../../../engine/rules/numeric-input';
import { estimateOrderValue, pricePresetProblem } from '../../../engine/rules/order-estimate';
import type { OrderDraft, OrderField, OrderProblem } from '../../../engine/rules/order-validation';
import type { Translate } from '../../i18n/i18n';
import type { AccountSnapshot } from '../account-panels/account-store';
import type { FuturesOrderRequest, SpotOrderRequest } from '../trade-api';
import type { FuturesSettings } from '../trade-replies';

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
  /** One-way futures mode. */
  reduceOnly: boolean;
  /** Hedge futures mode. */
  tradeSide: 'open' | 'close';
  /** Futures: attach take-profit / stop-loss presets. */
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
  reduceOnly: false,
  tradeSide: 'open',
  hasPresets: false,
  takeProfit: '',
  stopLoss: '',
};

export type PriceField = 'price' | 'trigger' | 'takeProfit' | 'stopLoss';

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

/** What an order may spend: spot buy → quote available, spot sell → base available, futures → available margin. */
export function availableFor(
  instrument: TradeInstrument,
  side: 'buy' | 'sell',
  account: AccountSnapshot,
): string | null {
  if (instrument.market === 'futures') {
    const value = account.futuresAccount.data?.available ?? null;
    if (value === null) return null;
    return value.startsWith('-') ? '0' : value;
  }
  if (account.spotAssets.status !== 'ready' && account.spotAssets.data.length === 0) return null;
  const coin = side === 'buy' ? instrument.quote : instrument.base;
  return account.spotAssets.data.find((asset) => asset.coin === coin)?.available ?? '0';
}

/** The draft `validateOrder` checks. */
export function draftOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  available: string | null,
  lastPrice: string | null,
  leverage: number,
  hedge: boolean,
  closable?: string,
): OrderDraft {
  return {
    market: instrument.market,
    side: form.side,
    type: form.type,
    price: form.type === 'market' ? undefined : form.price,
    triggerPrice: form.type === 'stop-limit' ? form.trigger : undefined,
    size: form.size,
    available,
    referencePrice: lastPrice ?? undefined,
    leverage: instrument.market === 'futures' ? leverage : undefined,
    reduceOnly: instrument.market === 'futures' && isClosing(form, hedge),
    closable: instrument.market === 'futures' ? closable : undefined,
  };
}

/** A take-profit or stop-loss price, when given, must be a positive multiple of the tick. */
export function presetProblem(typed: string, instrument: TradeInstrument): OrderProblem['code'] | null {
  return pricePresetProblem(typed, instrument.priceStep);
}

/** The localized message of one validation problem (texts `order.*`). */
export function problemText(
  problem: { field: OrderField | PriceField; code: OrderProblem['code']; params?: Record<string, string> },
  t: Translate,
): string {
  switch (problem.code) {
    case 'required':
      return t(
        problem.field === 'price'
          ? 'order.priceRequired'
          : problem.field === 'triggerPrice'
            ? 'order.triggerRequired'
            : 'order.sizeRequired',
      );
    case 'not-positive':
      return t('order.notPositive');
    case 'tick':
      return t('order.tick', problem.params);
    case 'lot':
      return t('order.lot', problem.params);
    case 'min-size':
      return t('order.minSize', problem.params);
    case 'min-notional':
      return t('order.minNotional', problem.params);
    case 'balance':
      return t('order.balance', problem.params);
  }
}

/** The figure the form shows under the amount: spot cost (buy) or proceeds (sell), futures margin. */
export interface OrderEstimate {
  kind: 'cost' | 'proceeds' | 'margin';
  /** Plain decimal in the quote coin, or null while price or amount is missing. */
  value: string | null;
}

/**
 * Values the order at its limit price (a market order at the last price): one multiplication per keystroke, exact
 * in decimal; futures margin is value / leverage rounded up to the price places (never shown lower than it is).
 */
export function estimateOrder(
  form: OrderFormState,
  instrument: TradeInstrument,
  lastPrice: string | null,
  leverage: number,
): OrderEstimate {
  const kind = instrument.market === 'futures' ? 'margin' : form.side === 'buy' ? 'cost' : 'proceeds';
  const price = form.type === 'market' ? (lastPrice ?? '') : form.price;
  const margin = kind === 'margin' ? { leverage, places: Math.max(2, instrument.pricePlaces) } : null;
  return { kind, value: estimateOrderValue(price, form.size, margin) };
}

function newClientOid(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return `w${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The place-order request of the form: plain decimals as the contract wants them, optional fields left out. */
export function spotRequestOf(form: OrderFormState, instrument: TradeInstrument): SpotOrderRequest {
  const isMarket = form.type === 'market';
  return {
    symbol: instrument.symbol,
    side: form.side,
    orderType: isMarket ? 'market' : 'limit',
    force: form.type === 'limit' && form.postOnly ? 'post_only' : isMarket ? undefined : 'gtc',
    price: isMarket ? undefined : (numericValue(form.price) ?? undefined),
    size: numericValue(form.size) ?? '',
    triggerPrice: form.type === 'stop-limit' ? (numericValue(form.trigger) ?? undefined) : undefined,
    clientOid: newClientOid(),
  };
}

/** The futures place-order request: margin mode from the settings, open/close or reduce-only by position mode. */
export function futuresRequestOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  settings: FuturesSettings,
): FuturesOrderRequest {
  const hedge = settings.posMode === 'hedge_mode';
  const closing = isClosing(form, hedge);
  const presets = form.hasPresets && !closing;
  return {
    ...spotRequestOf(form, instrument),
    productType: 'USDT-FUTURES',
    marginMode: settings.marginMode,
    tradeSide: hedge ? form.tradeSide : undefined,
    reduceOnly: hedge ? undefined : form.reduceOnly ? 'YES' : 'NO',
    presetStopSurplusPrice: presets ? (numericValue(form.takeProfit) ?? undefined) : undefined,
    presetStopLossPrice: presets ? (numericValue(form.stopLoss) ?? undefined) : undefined,
  };
}

/** Leverage as typed, checked against `[1, maxLever]` (contract `set-leverage`); null when it is not allowed. */
export function leverageValue(typed: string, maxLever: number): number | null {
  const value = numericValue(typed);
  if (value === null) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= maxLever ? n : null;
}
