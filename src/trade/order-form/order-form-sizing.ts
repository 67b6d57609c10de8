import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { estimateFee, type Liquidity, likelyLiquidity } from '../../../engine/rules/order-fee';
import {
  type OrderMaxInput,
  orderSizeFor,
  percentOfMax,
  quoteFromSize,
  roomUnder,
  sizeFromQuote,
} from '../../../engine/rules/order-max';
import {
  accountStampOf,
  type RefusalStamps,
  refusalCauseOf,
  type ShownRefusal,
} from '../../../engine/rules/refusal-standing';
import { RequestError } from '../../api/request';
import type { AccountSnapshot } from '../account-panels/account-store';
import { errorText } from '../trade-api';
import type { FuturesPositionRow } from '../trade-replies';
import { isClosing, type OrderFormState } from './order-form-model';

/** Decimals of an amount typed in the quote coin (and of the fee shown): the price places, at least cents. */
export function quotePlacesOf(instrument: TradeInstrument): number {
  return Math.max(2, instrument.pricePlaces);
}

/** The unit price the form values and sizes an order at: its limit price, or the last price for a market order. */
export function unitPriceOf(form: OrderFormState, lastPrice: string | null): string | null {
  return form.type === 'market' ? lastPrice : form.price;
}

/**
 * The base size the order sends: what was typed in the base coin, or the quote amount ÷ price floored to the lot
 * (this is also the size the form shows under a quote amount, so what is sent is what was shown).
 */
export function sendSizeOf(form: OrderFormState, instrument: TradeInstrument, lastPrice: string | null): string {
  if (form.sizeUnit === 'base') return form.size;
  return sizeFromQuote(form.quoteAmount, unitPriceOf(form, lastPrice), instrument.sizeStep) ?? '';
}

/** The position a futures order closes before it opens anything, as the gateway counts it (see {@link closingOf}). */
export interface OrderClosing {
  closable: string;
  isCloseOnly: boolean;
}

const OPENS_ONLY: OrderClosing = { closable: '0', isCloseOnly: false };

/**
 * Futures: what an order of `side` closes first, as the gateway counts it. Hedge mode: a closing order closes the
 * position of its side (buy the long, sell the short), an opening one nothing. One-way mode: any order reduces the
 * opposite position before it opens, and a reduce-only one does nothing else.
 */
export function closingOf(
  form: OrderFormState,
  side: 'buy' | 'sell',
  positions: readonly FuturesPositionRow[],
  symbol: string,
  hedge: boolean,
): OrderClosing {
  const isCloseOnly = isClosing(form, hedge);
  if (hedge && !isCloseOnly) return OPENS_ONLY;
  const own = side === 'buy' ? 'long' : 'short';
  const holdSide = hedge ? own : own === 'long' ? 'short' : 'long';
  const position = positions.find((row) => row.symbol === symbol && row.holdSide === holdSide);
  return { closable: position?.positionsCount ?? '0', isCloseOnly };
}

/**
 * Futures: how much the position an order of `side` opens into may still grow under the margin tiers (see
 * `maxPositionSize`): the tiers are chosen on the side's own isolated position, or on every cross leg of the symbol
 * together, as the gateway counts them. Undefined when the gateway gave no cap.
 */
export function positionRoomOf(
  maxPositionSize: string | null,
  marginMode: 'isolated' | 'crossed',
  side: 'buy' | 'sell',
  positions: readonly FuturesPositionRow[],
  symbol: string,
): string | undefined {
  if (maxPositionSize === null) return undefined;
  const own = side === 'buy' ? 'long' : 'short';
  const isolated = marginMode === 'isolated';
  const counted = positions.filter(
    (row) => row.symbol === symbol && (isolated ? row.marginMode === 1 && row.holdSide === own : row.marginMode === 2),
  );
  return roomUnder(
    maxPositionSize,
    counted.map((row) => row.positionsCount),
  );
}

/** The inputs of the Max / percentage sizing for this form, account and side. */
export function maxInputOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  available: string | null,
  lastPrice: string | null,
  leverage: number,
  side: 'buy' | 'sell' = form.side,
  closing: OrderClosing = OPENS_ONLY,
  positionRoom?: string,
): OrderMaxInput {
  return {
    market: instrument.market,
    side,
    available,
    price: unitPriceOf(form, lastPrice),
    isMarket: form.type === 'market',
    leverage: instrument.market === 'futures' ? leverage : 1,
    takerFeeRate: instrument.takerFeeRate,
    sizeStep: instrument.sizeStep,
    reservePlaces: instrument.pricePlaces,
    ...(instrument.market === 'futures' ? { ...closing, positionRoom } : {}),
  };
}

/**
 * Futures: the largest buy and sell an opening order could have now at the form's price (base coin); in one-way
 * mode each counts the opposite position it would close first.
 */
export function maxOpenOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  available: string | null,
  lastPrice: string | null,
  leverage: number,
  positions: readonly FuturesPositionRow[],
  hedge: boolean,
  roomOf: (side: 'buy' | 'sell') => string | undefined = () => undefined,
): { long: string | null; short: string | null } {
  const opening = { ...form, tradeSide: 'open' as const, reduceOnly: false };
  const maxOf = (side: 'buy' | 'sell') =>
    orderSizeFor(
      maxInputOf(
        form,
        instrument,
        available,
        lastPrice,
        leverage,
        side,
        closingOf(opening, side, positions, instrument.symbol, hedge),
        roomOf(side),
      ),
      100,
    );
  return { long: maxOf('buy'), short: maxOf('sell') };
}

/** The fields a slider move or Max writes: the share's size in the base coin, or its value in the quote coin. */
export function percentPatch(
  form: OrderFormState,
  instrument: TradeInstrument,
  input: OrderMaxInput,
  percent: number,
): Partial<OrderFormState> | null {
  const size = percent <= 0 ? '' : orderSizeFor(input, percent);
  if (size === null) return null;
  const isEmpty = size === '' || Number(size) === 0;
  if (form.sizeUnit === 'base') return { size: isEmpty ? '' : size };
  return { quoteAmount: isEmpty ? '' : (quoteFromSize(size, input.price, quotePlacesOf(instrument)) ?? '') };
}

/** Where the slider stands for the size the form would send. */
export function sliderPercentOf(sendSize: string, input: OrderMaxInput): number {
  return percentOfMax(sendSize, orderSizeFor(input, 100));
}

/** The unit switch: the amount carries over, converted at the form's price. */
export function unitPatch(
  form: OrderFormState,
  instrument: TradeInstrument,
  lastPrice: string | null,
  unit: OrderFormState['sizeUnit'],
): Partial<OrderFormState> {
  if (unit === form.sizeUnit) return {};
  const price = unitPriceOf(form, lastPrice);
  if (unit === 'quote')
    return { sizeUnit: unit, quoteAmount: quoteFromSize(form.size, price, quotePlacesOf(instrument)) ?? '' };
  return { sizeUnit: unit, size: sendSizeOf(form, instrument, lastPrice) };
}

/** The fee preview: the rate the order will likely pay and the fee in the quote coin (null while unknown). */
export function feePreviewOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  lastPrice: string | null,
  sendSize: string,
): { liquidity: Liquidity; rate: string; value: string | null } {
  const liquidity = likelyLiquidity({ ...form, lastPrice });
  const rate = liquidity === 'maker' ? instrument.makerFeeRate : instrument.takerFeeRate;
  const value = estimateFee(unitPriceOf(form, lastPrice) ?? '', sendSize, rate, quotePlacesOf(instrument));
  return { liquidity, rate, value };
}

/** Fingerprints of what refusals depend on: positions and open orders, and the balances. */
export function refusalStampsOf(account: AccountSnapshot): RefusalStamps {
  const balances = account.spotAssets.data.map((asset) => `${asset.coin}:${asset.available}`).join(',');
  return {
    account: accountStampOf(account.positions.data, account.openOrders.data),
    balance: `${balances}|${account.futuresAccount.data?.available ?? ''}`,
  };
}

/** A failed call as the form shows it, tied to the state its cause depended on at that moment. */
export function refusalOf(error: unknown, stamps: RefusalStamps): ShownRefusal {
  const cause = refusalCauseOf(error instanceof RequestError ? error.details.code : undefined);
  return { text: errorText(error), cause, stamp: cause === 'input' ? '' : stamps[cause] };
}
