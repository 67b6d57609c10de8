import { GatewayError } from '../http/gateway-error';
import { TradeError } from '../trading/trade-errors';

/**
 * The refusals of the v2 private trading routes, in the exchange's codes and words (HTTP 400, `{code, msg,
 * requestTime, data:null}` as `/api/` errors are answered). Sources: the codes client libraries map (ccxt's bitget
 * `exceptions` table and the responses quoted beside it; the `bitget-api` SDK's `API_ERROR_CODE`), the public market
 * routes' 40019/40020/40034.
 */
const v2 = (code: string, message: string) => new GatewayError(400, code, message);

/** Which product line a refusal is about: some refusals have one code per line. */
export type V2Line = 'spot' | 'mix';

/** `40017`: a request the exchange's "Parameter verification failed" covers (what no narrower code names). */
export const parameterVerification = (detail: string) => v2('40017', `Parameter verification failed: ${detail}`);
/** `40019`: a required parameter is missing. */
export const parameterMissing = (name: string) => v2('40019', `Parameter ${name} cannot be empty`);
/** `40020`: a parameter has a value the route does not take. */
export const parameterWrong = (name: string, detail?: string) =>
  v2('40020', detail ? `Parameter ${name} error: ${detail}` : `Parameter ${name} error`);
/** `40034`: the symbol is not traded here. */
export const symbolUnknown = (symbol: string) => v2('40034', `Parameter ${symbol} does not exist`);
/** `40305`: a clientOid longer than 50 characters or with characters outside letters, digits and `_ . : -`. */
export const clientOidMalformed = () =>
  v2('40305', 'Client_oid length is not greater than 50, and cannot be Martian characters');
/** `40808`: a size with more decimals than the instrument's, or off its lot. */
export const sizeScaleWrong = (detail: string) =>
  v2('40808', `Parameter verification exception size checkBDScale error: ${detail}`);
/** `41103`: a price with more decimals than the instrument's, or off its tick. */
export const priceScaleWrong = (detail: string) => v2('41103', `param price scale error: ${detail}`);
/** `45110`: below the instrument's minimum size or value. */
export const belowMinimumAmount = (detail: string) => v2('45110', `less than the minimum amount: ${detail}`);
/** `43012` (spot) or `40762` (futures): not enough balance or available margin. */
export const balanceShort = (line: V2Line) =>
  line === 'spot' ? v2('43012', 'Insufficient balance') : v2('40762', 'The order amount exceeds the balance');
/** `43001` (spot) or `40768` (futures cancel): no such order of this key's account; another account's reads the same. */
export const orderMissing = (line: V2Line) =>
  line === 'spot' ? v2('43001', 'The order does not exist') : v2('40768', 'Order does not exist');
/** `40109`: the futures order detail of an id this account does not hold. */
export const orderDataMissing = () =>
  v2('40109', 'The data of the order cannot be found, please confirm the order number');
/** `22002`: a closing or reduce-only order with no position (or more than the position) to close. */
export const noPositionToClose = (detail: string) => v2('22002', `No position to close: ${detail}`);
/** `40797`: a leverage above the symbol's (or its margin tier's) maximum, or below 1. */
export const leverageTooHigh = (detail: string) => v2('40797', `Exceeded the maximum settable leverage: ${detail}`);
/** `41117`: a spot limit price outside the price band around the last price. */
export const spotPriceOutsideBand = (detail: string) => v2('41117', detail);

/** The field named in an `invalidField` message ("Invalid field price: …"). */
function fieldOf(message: string): { field: string; detail: string } {
  const match = /^Invalid field ([A-Za-z]+): (.*)$/.exec(message);
  return match ? { field: match[1]!, detail: match[2]! } : { field: 'body', detail: message };
}

const PRICE_FIELDS = new Set([
  'price',
  'triggerPrice',
  'presetStopSurplusPrice',
  'presetStopLossPrice',
  'presetTakeProfitPrice',
]);

/**
 * The v2 refusal of an error the paper-trading engine (or its input readers) threw, so one refusal reads the same
 * whichever API placed the order: its `43xxx` codes (paper-trading contract) and its field errors (40002) become the
 * exchange's codes. Anything else (already a v2 error, or a fault) passes through unchanged.
 */
export function toV2Error(error: unknown, line: V2Line): unknown {
  if (error instanceof TradeError) {
    const message = error.message;
    switch (error.code) {
      case '43001':
        return symbolUnknown(message.replace(/^Unknown symbol /, ''));
      case '43002': {
        const field = /^(\w+) must be a multiple of/.exec(message)?.[1] ?? 'size';
        return PRICE_FIELDS.has(field) ? priceScaleWrong(message) : sizeScaleWrong(message);
      }
      case '43003':
        return belowMinimumAmount(message.replace(/^Order /, ''));
      case '43004':
        return balanceShort(line);
      case '43006':
        return orderMissing(line);
      case '43007':
        return noPositionToClose(message);
      case '43008':
        return leverageTooHigh(message);
      case '43011':
        return line === 'spot' ? spotPriceOutsideBand(message) : parameterVerification(message);
      default:
        // 43005 (handled by the routes), 43009 mode locked, 43010 no liquidity, 43012/43013: no narrower code.
        return parameterVerification(message);
    }
  }
  if (error instanceof GatewayError && error.code === '40002') {
    const { field, detail } = fieldOf(error.message);
    return detail === 'is required' ? parameterMissing(field) : parameterWrong(field, detail);
  }
  return error;
}

/** Runs an engine call, turning what it refuses into the v2 refusal (see {@link toV2Error}). */
export function asV2<T>(line: V2Line, action: () => T): T {
  try {
    return action();
  } catch (error) {
    throw toV2Error(error, line);
  }
}
