import { api } from '../security/secured-api';
import { ReplyShapeError } from '../api/reply-shape';
import { localizedCodeText } from '../api/code-texts';
import { RequestError } from '../api/request';
import { t } from '../i18n/i18n';
import { WorkerCallError } from '../workers';
import {
  type ChangesReply,
  type FuturesAccount,
  type FuturesPositionRow,
  type FuturesSettings,
  type HoldSide,
  type TpslTriggerType,
  type MarginModeName,
  type OrderSide,
  type PosModeName,
  parseCancelAll,
  parseChanges,
  parseFuturesAccount,
  parseFuturesSettings,
  parseOrder,
  parseOrders,
  parsePositions,
  parseSpotAssets,
  type SpotAsset,
  type TradeOrder,
} from './trade-replies';
import { type ClosedPosition, type CloseAllReply, parseCloseAll, parseClosedPositions } from './position-replies';

/** `POST /v1/trade/spot/place-order` (paper trading contract, "Spot orders"). */
export interface SpotOrderRequest {
  symbol: string;
  side: OrderSide;
  orderType: 'limit' | 'market';
  force?: 'gtc' | 'post_only' | 'ioc' | 'fok';
  price?: string;
  size: string;
  triggerPrice?: string;
  clientOid?: string;
  /** Take-profit and stop-loss: each fill places a closing trigger order at each (contract "Spot orders"). */
  presetTakeProfitPrice?: string;
  presetStopLossPrice?: string;
}

/** `POST /v1/trade/mix/place-order` (paper trading contract, "Futures orders"). */
export interface FuturesOrderRequest extends Omit<SpotOrderRequest, 'presetTakeProfitPrice' | 'presetStopLossPrice'> {
  productType: 'USDT-FUTURES';
  marginMode: MarginModeName;
  /** Hedge mode only. */
  tradeSide?: 'open' | 'close';
  /** One-way mode only. */
  reduceOnly?: 'YES' | 'NO';
  presetStopSurplusPrice?: string;
  presetStopLossPrice?: string;
}

/** Every endpoint of the paper trading contract; the screens get it through context so tests can stub it. */
export interface TradeApi {
  spotAssets(): Promise<SpotAsset[]>;
  spotOpenOrders(symbol: string): Promise<TradeOrder[]>;
  spotHistoryOrders(symbol: string, limit?: number): Promise<TradeOrder[]>;
  placeSpotOrder(order: SpotOrderRequest): Promise<TradeOrder>;
  cancelSpotOrder(symbol: string, orderId: string): Promise<void>;
  futuresAccount(): Promise<FuturesAccount>;
  futuresSettings(symbol: string): Promise<FuturesSettings>;
  futuresOpenOrders(symbol: string): Promise<TradeOrder[]>;
  futuresHistoryOrders(symbol: string, limit?: number): Promise<TradeOrder[]>;
  /** Every open futures position of the account, whatever the screen's symbol. */
  positions(): Promise<FuturesPositionRow[]>;
  placeFuturesOrder(order: FuturesOrderRequest): Promise<TradeOrder>;
  cancelFuturesOrder(symbol: string, orderId: string): Promise<void>;
  /** Cancels every open order of one pair or contract in one call; how many it cancelled. */
  cancelAllOrders(market: 'spot' | 'futures', symbol: string): Promise<number>;
  closePosition(symbol: string, holdSide?: HoldSide): Promise<void>;
  /** Closes a position whole at market and opens the same size on the other side, both or neither. */
  reversePosition(symbol: string, holdSide: HoldSide): Promise<void>;
  /** Sets the symbol's leverage; `holdSide` names the isolated side it is for (cross margin has one leverage). */
  setLeverage(symbol: string, leverage: number, holdSide?: HoldSide): Promise<void>;
  setMarginMode(symbol: string, marginMode: MarginModeName): Promise<void>;
  setPositionMode(posMode: PosModeName): Promise<void>;
  /** The long poll: answers at once when something changed after `cursor`, else after up to 8 s. */
  changes(cursor: number, signal?: AbortSignal): Promise<ChangesReply>;
  /**
   * Sets ("" clears, undefined keeps) the take-profit and stop-loss of an open position; each set price may watch the
   * last price instead of the mark and close a size instead of the whole position.
   */
  setPositionTpsl(symbol: string, holdSide: HoldSide, presets: PositionTpslPresets): Promise<void>;
  /** Adds (positive) or takes out (negative, "-25") margin of an isolated position. */
  setPositionMargin(symbol: string, holdSide: HoldSide, amount: string): Promise<void>;
  closeAllPositions(): Promise<CloseAllReply>;
  closedPositions(limit?: number): Promise<ClosedPosition[]>;
}

/**
 * A TP/SL change (paper-trading contract, place-pos-tpsl): a price ("" clears it, left out keeps it), the price it
 * watches and the base-coin size it closes. Type and size go only with a price; left out, the mark and the whole
 * position.
 */
export interface PositionTpslPresets {
  takeProfit?: string;
  takeProfitType?: TpslTriggerType;
  takeProfitSize?: string;
  stopLoss?: string;
  stopLossType?: TpslTriggerType;
  stopLossSize?: string;
}

/** History rows asked for: the contract's default page. */
export const HISTORY_LIMIT = 50;
/** The server holds a long poll up to 8 s; the request may take that plus a slow network. */
const CHANGES_TIMEOUT_MS = 20_000;

/** The failure's localized text (every failure of this module is a RequestError with a localized message). */
export function errorText(error: unknown): string {
  return error instanceof RequestError && error.message ? error.message : t('error.unknow');
}

/** Turns any failure of a call into a RequestError whose message is localized. */
function localized(error: unknown): RequestError {
  if (error instanceof RequestError) {
    // A bridge failure's code is the app's own, not the gateway's: the app's message stands.
    const text = error.kind === 'bridge' ? null : localizedCodeText(error.details.code ?? '');
    return text ? new RequestError(error.kind, text, error.details) : error;
  }
  // The signing layer runs in the crypto worker: its timeouts and crashes reach here as WorkerCallError.
  if (error instanceof WorkerCallError)
    return new RequestError('security', t(error.kind === 'timeout' ? 'error.workerTimeout' : 'error.workerFailed'), {
      shown: false,
    });
  return new RequestError('bad-reply', t('error.unknow'), { shown: false });
}

/** Runs one call and reads its data; a reply of the wrong shape becomes the localized "unreadable reply" error. */
async function call<T>(run: () => Promise<unknown>, read: (data: unknown) => T): Promise<T> {
  let data: unknown;
  try {
    data = await run();
  } catch (error) {
    throw localized(error);
  }
  try {
    return read(data);
  } catch (error) {
    if (error instanceof ReplyShapeError) throw new RequestError('bad-reply', t('error.badReply'), { shown: false });
    throw error;
  }
}

const ignore = (): void => undefined;

// Failures are shown by the screens themselves (inline, per row or per panel), so every call is silent.
const get =
  (path: string, params: Record<string, string | number> = {}) =>
  () =>
    api.get<unknown>(path, { params, silent: true });
const post = (path: string, params: object) => () =>
  api.post<unknown>(path, { params: stripUndefined(params), silent: true });

function stripUndefined(params: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value as string | number;
  return out;
}

/** The paper trading API over the app's one request layer (paths without the `/v1` prefix). */
export const tradeApi: TradeApi = {
  spotAssets: () => call(get('/trade/spot/assets'), parseSpotAssets),
  spotOpenOrders: (symbol) => call(get('/trade/spot/open-orders', { symbol }), parseOrders),
  spotHistoryOrders: (symbol, limit = HISTORY_LIMIT) =>
    call(get('/trade/spot/history-orders', { symbol, limit }), parseOrders),
  placeSpotOrder: (order) => call(post('/trade/spot/place-order', order), (data) => parseOrder(data)),
  cancelSpotOrder: (symbol, orderId) => call(post('/trade/spot/cancel-order', { symbol, orderId }), ignore),
  futuresAccount: () => call(get('/trade/mix/account'), parseFuturesAccount),
  futuresSettings: (symbol) => call(get('/trade/mix/settings', { symbol }), parseFuturesSettings),
  futuresOpenOrders: (symbol) => call(get('/trade/mix/open-orders', { symbol }), parseOrders),
  futuresHistoryOrders: (symbol, limit = HISTORY_LIMIT) =>
    call(get('/trade/mix/history-orders', { symbol, limit }), parseOrders),
  positions: () => call(get('/trade/mix/positions'), parsePositions),
  placeFuturesOrder: (order) => call(post('/trade/mix/place-order', order), (data) => parseOrder(data)),
  cancelFuturesOrder: (symbol, orderId) => call(post('/trade/mix/cancel-order', { symbol, orderId }), ignore),
  cancelAllOrders: (market, symbol) =>
    call(
      market === 'spot'
        ? post('/trade/spot/cancel-all-orders', { symbol })
        : post('/trade/mix/cancel-all-orders', { symbol, productType: 'USDT-FUTURES' }),
      parseCancelAll,
    ),
  reversePosition: (symbol, holdSide) =>
    call(post('/trade/mix/reverse-position', { symbol, holdSide, productType: 'USDT-FUTURES' }), ignore),
  closePosition: (symbol, holdSide) => call(post('/trade/mix/close-position', { symbol, holdSide }), ignore),
  setLeverage: (symbol, leverage, holdSide) =>
    call(post('/trade/mix/set-leverage', { symbol, leverage, ...(holdSide ? { holdSide } : {}) }), ignore),
  setMarginMode: (symbol, marginMode) => call(post('/trade/mix/set-margin-mode', { symbol, marginMode }), ignore),
  setPositionMode: (posMode) => call(post('/trade/mix/set-position-mode', { posMode }), ignore),
  changes: (cursor, signal) =>
    call(
      () =>
        api.get<unknown>('/trade/changes', { params: { cursor }, silent: true, signal, timeout: CHANGES_TIMEOUT_MS }),
      parseChanges,
    ),
  setPositionTpsl: (symbol, holdSide, presets) =>
    call(
      post('/trade/mix/place-pos-tpsl', {
        symbol,
        holdSide,
        productType: 'USDT-FUTURES',
        stopSurplusTriggerPrice: presets.takeProfit,
        stopSurplusTriggerType: presets.takeProfitType,
        stopSurplusSize: presets.takeProfitSize,
        stopLossTriggerPrice: presets.stopLoss,
        stopLossTriggerType: presets.stopLossType,
        stopLossSize: presets.stopLossSize,
      }),
      ignore,
    ),
  setPositionMargin: (symbol, holdSide, amount) =>
    call(post('/trade/mix/set-margin', { symbol, holdSide, amount, productType: 'USDT-FUTURES' }), ignore),
  closeAllPositions: () => call(post('/trade/mix/close-all-positions', { productType: 'USDT-FUTURES' }), parseCloseAll),
  closedPositions: (limit = HISTORY_LIMIT) => call(get('/trade/mix/history-position', { limit }), parseClosedPositions),
};
