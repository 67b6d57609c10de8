import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { estimateFee, type Liquidity, likelyLiquidity } from '../../../engine/rules/order-fee';
import {
  type OrderMaxInput,
  orderSizeFor,
  percentOfMax,
  quoteFromSize,
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
import type { OrderFormState } from './order-form-model';

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

/** The inputs of the Max / percentage sizing for this form, account and side. */
export function maxInputOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  available: string | null,
  lastPrice: string | null,
  leverage: number,
  side: 'buy' | 'sell' = form.side,
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
  };
}

/** Futures: the largest size a long and a short could open now at the form's price (base coin). */
export function maxOpenOf(
  form: OrderFormState,
  instrument: TradeInstrument,
  available: string | null,
  lastPrice: string | null,
  leverage: number,
): { long: string | null; short: string | null } {
  return {
    long: orderSizeFor(maxInputOf(form, instrument, available, lastPrice, leverage, 'buy'), 100),
    short: orderSizeFor(maxInputOf(form, instrument, available, lastPrice, leverage, 'sell'), 100),
  };
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
