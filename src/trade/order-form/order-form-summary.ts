import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { numericValue } from '../../../engine/rules/numeric-input';
import {
  estimateOrderValue,
  type PresetSideProblem,
  presetSideProblem,
  pricePresetProblem,
} from '../../../engine/rules/order-estimate';
import { MONEY_PLACES_FALLBACK } from '../../../engine/rules/coin-places';
import { estimateBaseFee, estimateFee, type Liquidity, likelyLiquidity } from '../../../engine/rules/order-fee';
import { type OrderMaxInput, orderSizeFor, percentOfMax, roomUnder } from '../../../engine/rules/order-max';
import {
  type OrderDraft,
  type OrderField,
  type OrderProblemCode,
  orderRulesOf,
  validateOrder,
} from '../../../engine/rules/order-validation';
import type { AccountSnapshot } from '../account-panels/account-store';
import type { FuturesOrderRequest, SpotOrderRequest } from '../trade-api';
import type { FuturesPositionRow, FuturesSettings } from '../trade-replies';
import { sideLeverage, sideMaxPosition } from './leverage-choice';
import { type FormField, isClosing, type OrderFormState } from './order-form-model';
import { quotePlacesOf, type SizingContext, sendSizeOf, unitPriceOf } from './order-form-sizing';

/** What the form reads of the account: the session, the balances, the futures settings and the open positions. */
export type OrderFormAccount = Pick<
  AccountSnapshot,
  'session' | 'spotAssets' | 'futuresAccount' | 'settings' | 'positions'
>;

/** Everything besides the typed fields that the form's figures depend on. */
export interface OrderFormContext extends SizingContext {
  /** The feed's last price at this moment, which the fee preview weighs a limit against; absent or null: `lastPrice`. */
  lastPriceNow?: string | null;
  account: OrderFormAccount;
}

/** The position a futures order closes before it opens anything, as the gateway counts it. */
export interface OrderClosing {
  closable: string;
  isCloseOnly: boolean;
}

/** The figure the form shows under the amount: spot cost (buy) or proceeds (sell), futures margin. */
export interface OrderEstimate {
  kind: 'cost' | 'proceeds' | 'margin';
  /** Plain decimal in the quote coin, or null while price or amount is missing. */
  value: string | null;
}

/**
 * The fee preview: the rate the order will likely pay and the fee (null while unknown) in the coin it is paid in: a
 * spot buy's in the base coin it receives, every other order's in the quote coin.
 */
export interface FeePreview {
  liquidity: Liquidity;
  rate: string;
  value: string | null;
  coin: string;
}

/** One reason the order cannot be sent, under the field it concerns (`params` fill the message). */
export interface FormProblem {
  field: FormField;
  code: OrderProblemCode | PresetSideProblem;
  params?: Record<string, string>;
}

/** The place-order call the form makes; its `clientOid` is left for the send to fill. */
export type OrderRequest =
  | { market: 'spot'; order: SpotOrderRequest }
  | { market: 'futures'; order: FuturesOrderRequest };

/** What the order form shows and sends for what was typed, in its context. */
export interface FormSummary {
  isSignedOut: boolean;
  /** Futures hedge position mode (open / close) rather than one-way (reduce-only). */
  isHedge: boolean;
  /** A futures form whose settings have not arrived: nothing can be sent yet. */
  isWaitingForSettings: boolean;
  /** What the order may spend (plain decimal), null while unknown (not a zero balance). */
  available: string | null;
  /** The base size the order sends (see {@link sendSizeOf}). */
  sendSize: string;
  /** Futures: the position the order closes before it opens anything. */
  closing: OrderClosing;
  /** The inputs of the Max / percentage sizing for the form's side. */
  maxInput: OrderMaxInput;
  /** The size Max writes; null while the balance or the price is unknown (the slider is off). */
  maxSize: string | null;
  /** Where the slider stands for `sendSize` (0 … 100). */
  percentOfMax: number;
  /** Futures: the largest long and short an opening order could have now (base coin). */
  maxOpen?: { long: string | null; short: string | null };
  estimate: OrderEstimate;
  fee: FeePreview;
  /** Every reason the order cannot be sent, validated fields first, then the take-profit / stop-loss presets. */
  problems: readonly FormProblem[];
  /** No problem, signed in and, for futures, the settings known: a submit may send `request`. */
  canSend: boolean;
  /** The call a send makes (null while the futures settings are unknown). */
  request: OrderRequest | null;
}

/** The context as each part of the summary reads it, resolved once. */
interface Frame {
  form: OrderFormState;
  instrument: TradeInstrument;
  lastPrice: string | null;
  isFutures: boolean;
  settings: FuturesSettings | null;
  isHedge: boolean;
  available: string | null;
  positions: readonly FuturesPositionRow[];
}

/** Spot screens have no positions for the futures sizing to count. */
const NO_POSITIONS: readonly FuturesPositionRow[] = [];

const OPENS_ONLY: OrderClosing = { closable: '0', isCloseOnly: false };

const FIELD_OF: Record<OrderField, FormField> = { price: 'price', triggerPrice: 'trigger', size: 'size' };

/**
 * The order form as one pure function: from the typed fields and the context (instrument, last price, account) to
 * the size it sends, its Max, estimate, fee and problems, and the request a send makes.
 */
export function summarizeOrderForm(form: OrderFormState, context: OrderFormContext): FormSummary {
  const { instrument, lastPrice, account } = context;
  const isFutures = instrument.market === 'futures';
  const settings = isFutures ? account.settings.data : null;
  const frame: Frame = {
    form,
    instrument,
    lastPrice,
    isFutures,
    settings,
    isHedge: settings?.posMode === 'hedge_mode',
    // Until the session is known there is no balance to show (not a zero one).
    available: account.session === 'signedIn' ? availableOf(instrument, form.side, account) : null,
    positions: isFutures ? account.positions.data : NO_POSITIONS,
  };
  const sendSize = sendSizeOf(form, context);
  const sent = { ...form, size: sendSize };
  const closing = closingOf(frame, form, form.side);
  const maxInput = maxInputOf(frame, form.side, closing);
  const maxSize = orderSizeFor(maxInput, 100);
  const problems = problemsOf(frame, sent, closing);
  const isSignedOut = account.session === 'signedOut';
  const isWaitingForSettings = isFutures && !settings;
  return {
    isSignedOut,
    isHedge: frame.isHedge,
    isWaitingForSettings,
    available: frame.available,
    sendSize,
    closing,
    maxInput,
    maxSize,
    percentOfMax: percentOfMax(sendSize, maxSize),
    maxOpen: isFutures ? maxOpenOf(frame) : undefined,
    estimate: estimateOf(frame, sent),
    fee: feeOf(form, instrument, context.lastPriceNow ?? lastPrice, sendSize),
    problems,
    canSend: problems.length === 0 && !isSignedOut && !isWaitingForSettings,
    request: requestOf(sent, instrument, settings),
  };
}

/** What an order may spend: spot buy → quote available, spot sell → base available, futures → available margin. */
function availableOf(instrument: TradeInstrument, side: 'buy' | 'sell', account: OrderFormAccount): string | null {
  if (instrument.market === 'futures') {
    const value = account.futuresAccount.data?.available ?? null;
    if (value === null) return null;
    return value.startsWith('-') ? '0' : value;
  }
  if (account.spotAssets.status !== 'ready' && account.spotAssets.data.length === 0) return null;
  const coin = side === 'buy' ? instrument.quote : instrument.base;
  return account.spotAssets.data.find((asset) => asset.coin === coin)?.available ?? '0';
}

/**
 * The leverage an order of `side` opens at: in isolated margin its own side's (buy opens long, sell short), in cross
 * the one leverage; 1 for spot and while the settings are unknown.
 */
function leverageFor({ settings }: Frame, side: 'buy' | 'sell'): number {
  return settings === null ? 1 : sideLeverage(settings, side === 'buy' ? 'long' : 'short');
}

/**
 * Futures: what an order of `side` closes first, as the gateway counts it. Hedge mode: a closing order closes the
 * position of its side (buy the long, sell the short), an opening one nothing. One-way mode: any order reduces the
 * opposite position before it opens, and a reduce-only one does nothing else.
 */
function closingOf(
  { isHedge, positions, instrument }: Frame,
  form: OrderFormState,
  side: 'buy' | 'sell',
): OrderClosing {
  const isCloseOnly = isClosing(form, isHedge);
  if (isHedge && !isCloseOnly) return OPENS_ONLY;
  const own = side === 'buy' ? 'long' : 'short';
  const holdSide = isHedge ? own : own === 'long' ? 'short' : 'long';
  const position = positions.find((row) => row.symbol === instrument.symbol && row.holdSide === holdSide);
  return { closable: position?.positionsCount ?? '0', isCloseOnly };
}

/**
 * Futures: how much the position an order of `side` opens into may still grow under the margin tiers (the settings'
 * largest position at that side's leverage): the tiers are chosen on the side's own isolated position, or on every
 * cross leg of the symbol together, as the gateway counts them. Undefined without settings or when the gateway gave
 * no cap.
 */
function positionRoomOf({ settings, positions, instrument }: Frame, side: 'buy' | 'sell'): string | undefined {
  const own = side === 'buy' ? 'long' : 'short';
  const maxSize = settings === null ? null : sideMaxPosition(settings, own);
  if (settings === null || maxSize === null) return undefined;
  const isolated = settings.marginMode === 'isolated';
  const counted = positions.filter(
    (row) =>
      row.symbol === instrument.symbol &&
      (isolated ? row.marginMode === 1 && row.holdSide === own : row.marginMode === 2),
  );
  return roomUnder(
    maxSize,
    counted.map((row) => row.positionsCount),
  );
}

/** The inputs of the Max / percentage sizing for an order of `side` that closes `closing` first. */
function maxInputOf(frame: Frame, side: 'buy' | 'sell', closing: OrderClosing): OrderMaxInput {
  const { form, instrument } = frame;
  return {
    market: instrument.market,
    side,
    available: frame.available,
    price: unitPriceOf(form, frame.lastPrice),
    isMarket: form.type === 'market',
    leverage: frame.isFutures ? leverageFor(frame, side) : 1,
    takerFeeRate: instrument.takerFeeRate,
    sizeStep: instrument.sizeStep,
    reservePlaces: instrument.pricePlaces,
    ...(frame.isFutures ? { ...closing, positionRoom: positionRoomOf(frame, side) } : {}),
  };
}

/**
 * Futures: the largest buy and sell an opening order could have now at the form's price (base coin); in one-way
 * mode each counts the opposite position it would close first.
 */
function maxOpenOf(frame: Frame): { long: string | null; short: string | null } {
  const opening = { ...frame.form, tradeSide: 'open' as const, reduceOnly: false };
  const maxOf = (side: 'buy' | 'sell') => orderSizeFor(maxInputOf(frame, side, closingOf(frame, opening, side)), 100);
  return { long: maxOf('buy'), short: maxOf('sell') };
}

/**
 * The validation problems of the order as sent (`validateOrder` on the instrument's rules), then those of the
 * take-profit and stop-loss presets of a spot or opening futures order: when given, positive multiples of the tick,
 * and for spot on the profit / loss side of the order's price.
 */
function problemsOf(frame: Frame, sent: OrderFormState, closing: OrderClosing): FormProblem[] {
  const { instrument, isFutures } = frame;
  const draft: OrderDraft = {
    market: instrument.market,
    side: sent.side,
    type: sent.type,
    price: sent.type === 'market' ? undefined : sent.price,
    triggerPrice: sent.type === 'stop-limit' ? sent.trigger : undefined,
    size: sent.size,
    available: frame.available,
    referencePrice: frame.lastPrice ?? undefined,
    leverage: isFutures ? leverageFor(frame, sent.side) : undefined,
    reduceOnly: isFutures && isClosing(sent, frame.isHedge),
    closable: isFutures ? closing.closable : undefined,
  };
  const problems: FormProblem[] = validateOrder(draft, orderRulesOf(instrument)).map((problem) => ({
    ...problem,
    field: FIELD_OF[problem.field],
  }));
  if (!hasPresetsOf(sent, instrument, frame.isHedge)) return problems;
  // Spot presets are checked against the price the gateway checks them against (its limit price, or the last price of
  // a market order); futures presets are left to the gateway, which weighs a market order at its last fill.
  const reference = unitPriceOf(sent, frame.lastPrice);
  for (const field of ['takeProfit', 'stopLoss'] as const) {
    const code = pricePresetProblem(sent[field], instrument.priceStep);
    if (code) problems.push({ field, code, params: { step: instrument.priceStep } });
    const side = code || isFutures ? null : presetSideProblem(field, sent.side, sent[field], reference);
    if (side) problems.push({ field, code: side, params: { price: reference ?? '' } });
  }
  return problems;
}

/** Whether the order sends its take-profit / stop-loss presets: when ticked, on spot or an opening futures order. */
function hasPresetsOf(sent: OrderFormState, instrument: TradeInstrument, hedge: boolean): boolean {
  return sent.hasPresets && !(instrument.market === 'futures' && isClosing(sent, hedge));
}

/** A preset as the request sends it: its plain decimal, or left out when empty or not sent. */
function presetOf(sent: OrderFormState, field: 'takeProfit' | 'stopLoss', isSent: boolean): string | undefined {
  return isSent ? (numericValue(sent[field]) ?? undefined) : undefined;
}

/**
 * Values the order at its limit price (a market order at the last price): one multiplication per keystroke, exact
 * in decimal; futures margin is value / leverage rounded up to the price places (never shown lower than it is).
 */
function estimateOf(frame: Frame, sent: OrderFormState): OrderEstimate {
  const { instrument, isFutures, lastPrice } = frame;
  const kind = isFutures ? 'margin' : sent.side === 'buy' ? 'cost' : 'proceeds';
  const price = sent.type === 'market' ? (lastPrice ?? '') : sent.price;
  const margin =
    kind === 'margin' ? { leverage: leverageFor(frame, sent.side), places: quotePlacesOf(instrument) } : null;
  return { kind, value: estimateOrderValue(price, sent.size, margin) };
}

/** The fee preview of `size` at the form's price, the last price being `lastPriceNow`. */
function feeOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  lastPriceNow: string | null,
  size: string,
): FeePreview {
  const liquidity = likelyLiquidity({ ...form, lastPrice: lastPriceNow });
  const rate = liquidity === 'maker' ? instrument.makerFeeRate : instrument.takerFeeRate;
  if (instrument.market === 'spot' && form.side === 'buy')
    return { liquidity, rate, value: estimateBaseFee(size, rate, MONEY_PLACES_FALLBACK), coin: instrument.base };
  const value = estimateFee(unitPriceOf(form, lastPriceNow) ?? '', size, rate, quotePlacesOf(instrument));
  return { liquidity, rate, value, coin: instrument.quote };
}

/**
 * The place-order request: plain decimals as the contract wants them, optional fields left out; spot adds its presets,
 * futures the margin mode from the settings, open/close (hedge) or reduce-only (one-way) and the presets of an opening
 * order. Null while those settings are unknown.
 */
function requestOf(
  sent: OrderFormState,
  instrument: TradeInstrument,
  settings: FuturesSettings | null,
): OrderRequest | null {
  const isMarket = sent.type === 'market';
  const order: SpotOrderRequest = {
    symbol: instrument.symbol,
    side: sent.side,
    orderType: isMarket ? 'market' : 'limit',
    force: isMarket ? undefined : sent.type === 'limit' && sent.postOnly ? 'post_only' : sent.timeInForce,
    price: isMarket ? undefined : (numericValue(sent.price) ?? undefined),
    size: numericValue(sent.size) ?? '',
    triggerPrice: sent.type === 'stop-limit' ? (numericValue(sent.trigger) ?? undefined) : undefined,
    // Its place in the body, for the send to fill: each send is a new order.
    clientOid: undefined,
  };
  if (instrument.market !== 'futures') {
    if (!hasPresetsOf(sent, instrument, false)) return { market: 'spot', order };
    const presets = {
      presetTakeProfitPrice: presetOf(sent, 'takeProfit', true),
      presetStopLossPrice: presetOf(sent, 'stopLoss', true),
    };
    return { market: 'spot', order: { ...order, ...presets } };
  }
  if (settings === null) return null;
  const hedge = settings.posMode === 'hedge_mode';
  const presets = hasPresetsOf(sent, instrument, hedge);
  return {
    market: 'futures',
    order: {
      ...order,
      productType: 'USDT-FUTURES',
      marginMode: settings.marginMode,
      tradeSide: hedge ? sent.tradeSide : undefined,
      reduceOnly: hedge ? undefined : sent.reduceOnly ? 'YES' : 'NO',
      presetStopSurplusPrice: presetOf(sent, 'takeProfit', presets),
      presetStopLossPrice: presetOf(sent, 'stopLoss', presets),
    },
  };
}
