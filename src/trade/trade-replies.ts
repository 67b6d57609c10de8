/**
 * Readers for the paper trading API's replies (gateway/trading/paper-trading-api.md). Every field is checked:
 * money stays a plain decimal string, enums are one of the contract's values, and anything else makes the whole
 * reply unreadable (a {@link ReplyShapeError}), so a malformed reply can never show a wrong number.
 * Pure: no I/O, no React; unit-tested in Node with hostile replies.
 */
import { coinPlacesOf } from '../../engine/rules/coin-places';
import { ReplyShapeError } from '../api/reply-shape';

/** Decimals a plain decimal string carries. */
const placesOf = (value: string) => (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);

export type OrderSide = 'buy' | 'sell';
export type OrderStatus = 'live' | 'partially_filled' | 'filled' | 'cancelled';
export type PlanStatus = 'none' | 'untriggered' | 'triggered';
export type ReplyOrderType = 'limit' | 'market' | 'liquidation';
export type MarginModeName = 'isolated' | 'crossed';
export type PosModeName = 'one_way_mode' | 'hedge_mode';
export type HoldSide = 'long' | 'short';
/** The price a position's TP or SL watches: the mark, or the last trade (`fill_price`). */
export type TpslTriggerType = 'mark_price' | 'fill_price';
export type ChangeTopic = 'orders' | 'positions' | 'assets';

/** A spot order (contract "Spot orders"); empty strings where the contract has no value (a market order's price). */
export interface TradeOrder {
  orderId: string;
  clientOid: string;
  symbol: string;
  side: OrderSide;
  orderType: ReplyOrderType;
  force: string;
  price: string;
  size: string;
  triggerPrice: string;
  planStatus: PlanStatus;
  status: OrderStatus;
  baseVolume: string;
  quoteVolume: string;
  priceAvg: string;
  fee: string;
  feeCoin: string;
  cTime: string;
  uTime: string;
  /** Spot: the preset a closing trigger order carries out (contract "Spot orders"); absent on other orders. */
  tpslKind?: 'tp' | 'sl';
  /** Futures only (contract "Futures orders"); absent on spot orders. */
  futures?: {
    marginMode: MarginModeName;
    tradeSide: string;
    reduceOnly: boolean;
    leverage: string;
    presetStopSurplusPrice: string;
    presetStopLossPrice: string;
    totalProfits: string;
  };
}

/** One spot balance. */
export interface SpotAsset {
  coin: string;
  available: string;
  frozen: string;
  /** Decimals the coin is shown with (engine/rules/coin-places.ts); its balances carry every place they have. */
  places: number;
}

/** The futures account (`GET /v1/trade/mix/account`). */
export interface FuturesAccount {
  marginCoin: string;
  available: string;
  locked: string;
  equity: string;
  unrealizedPL: string;
  crossedMaxAvailable: string;
  posMode: PosModeName;
  isDemo: boolean;
}

/** Futures settings of one symbol (`GET /v1/trade/mix/settings`). */
export interface FuturesSettings {
  symbol: string;
  /** The current margin mode's leverage: the one cross leverage, or the long side's when isolated. */
  leverage: number;
  /** The leverage of an isolated long and of an isolated short position (contract `set-leverage` with `holdSide`). */
  longLeverage: number;
  shortLeverage: number;
  marginMode: MarginModeName;
  posMode: PosModeName;
  maxLever: number;
  /** The largest position the margin tiers allow at this leverage (base coin); null when the gateway does not say. */
  maxPositionSize: string | null;
  /** The same at each side's leverage (both `maxPositionSize` in cross margin). */
  maxLongPositionSize: string | null;
  maxShortPositionSize: string | null;
}

/** An open position in the spec's live-position shape (maths contract), enums as numbers. */
export interface FuturesPositionRow {
  symbol: string;
  /** The coin the size is counted in (a screen lists every symbol's positions). */
  baseCoin: string;
  holdSide: HoldSide;
  position: 1 | 2;
  marginMode: 1 | 2;
  positionMode: 1 | 2;
  positionsCount: string;
  positionsOpenAvgPrice: string;
  positionsOpenMarginCount: string;
  positionsLevel: string;
  achievedProfits: string;
  businessLine: 10;
  pricePlace: number;
  /** Decimal places of the size. */
  volumePlace: number;
  mm: string;
  feeRate: string;
  liquidationPrice: string;
  /** Value of the symbol's open cross opening orders (maths contract `totalDelegateValue`); "0" when none. */
  totalDelegateValue?: string;
  presetStopSurplusPrice: string;
  presetStopLossPrice: string;
  /** The price each preset watches (the mark from a gateway that does not say). */
  presetStopSurplusTriggerType: TpslTriggerType;
  presetStopLossTriggerType: TpslTriggerType;
  /** The size each preset closes; "" for the whole position. */
  presetStopSurplusSize: string;
  presetStopLossSize: string;
  cTime: string;
  uTime: string;
}

/** What the long poll answers. */
export interface ChangesReply {
  cursor: number;
  topics: ChangeTopic[];
}

/** More rows than any list of the contract can hold (history ≤ 100); a longer list is not a real reply. */
const MAX_ROWS = 500;
const UNSIGNED = /^\d{1,30}(\.\d{1,18})?$/;
const SIGNED = /^-?\d{1,30}(\.\d{1,18})?$/;
const ID = /^[\w\-:.]{1,64}$/;
const SYMBOL = /^[A-Z0-9]{2,20}$/;
const COIN = /^[A-Z0-9]{1,12}$/;
const TIME = /^\d{1,16}$/;
const TOPICS: readonly ChangeTopic[] = ['orders', 'positions', 'assets'];

type Row = Record<string, unknown>;

function object(value: unknown, field: string): Row {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ReplyShapeError(field);
  return value as Row;
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value) || value.length > MAX_ROWS) throw new ReplyShapeError(field);
  return value;
}

function text(value: unknown, pattern: RegExp, field: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw new ReplyShapeError(field);
  return value;
}

/** A non-negative plain decimal string. */
function amount(row: Row, key: string, at: string): string {
  return text(row[key], UNSIGNED, `${at}.${key}`);
}

/** A signed plain decimal string (profits, equity). */
function signed(row: Row, key: string, at: string): string {
  return text(row[key], SIGNED, `${at}.${key}`);
}

/** A non-negative decimal or "" (absent: a market order's price, no trigger); null and undefined read as "". */
function optionalAmount(row: Row, key: string, at: string): string {
  const value = row[key];
  if (value === undefined || value === null || value === '') return '';
  return text(value, UNSIGNED, `${at}.${key}`);
}

function optionalSigned(row: Row, key: string, at: string): string {
  const value = row[key];
  if (value === undefined || value === null || value === '') return '';
  return text(value, SIGNED, `${at}.${key}`);
}

/** A preset's trigger type; a gateway from before the field watched the mark. */
function triggerType(row: Row, key: string, at: string): TpslTriggerType {
  const value = row[key];
  if (value === undefined || value === null || value === '') return 'mark_price';
  return oneOf(value, ['mark_price', 'fill_price'] as const, `${at}.${key}`);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new ReplyShapeError(field);
  return value as T;
}

/** An enum code sent as a number or a numeric string (spec §3 `1`, `"1"`). */
function code<T extends number>(value: unknown, allowed: readonly T[], field: string): T {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,3}$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!(allowed as readonly number[]).includes(n)) throw new ReplyShapeError(field);
  return n as T;
}

/** A whole number in a range, sent as a number or a digit string. */
function whole(value: unknown, min: number, max: number, field: string): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,16}$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new ReplyShapeError(field);
  return n;
}

function id(value: unknown, field: string, optional = false): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (optional && (value === undefined || value === null || value === '')) return '';
  return text(value, ID, field);
}

function time(value: unknown, field: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return text(value, TIME, field);
}

function yesNo(value: unknown, field: string): boolean {
  if (value === undefined || value === null || value === '' || value === 'NO' || value === false) return false;
  if (value === 'YES' || value === true) return true;
  throw new ReplyShapeError(field);
}

/** Reads one order, spot or futures (futures orders carry `marginMode`). */
export function parseOrder(value: unknown, at = 'order'): TradeOrder {
  const row = object(value, at);
  const order: TradeOrder = {
    orderId: id(row.orderId, `${at}.orderId`),
    clientOid: id(row.clientOid, `${at}.clientOid`, true),
    symbol: text(row.symbol, SYMBOL, `${at}.symbol`),
    side: oneOf(row.side, ['buy', 'sell'] as const, `${at}.side`),
    orderType: oneOf(row.orderType, ['limit', 'market', 'liquidation'] as const, `${at}.orderType`),
    force:
      row.force === undefined || row.force === null || row.force === ''
        ? 'gtc'
        : oneOf(row.force, ['gtc', 'post_only', 'ioc', 'fok'] as const, `${at}.force`),
    price: optionalAmount(row, 'price', at),
    size: amount(row, 'size', at),
    triggerPrice: optionalAmount(row, 'triggerPrice', at),
    planStatus:
      row.planStatus === undefined || row.planStatus === null
        ? 'none'
        : oneOf(row.planStatus, ['none', 'untriggered', 'triggered'] as const, `${at}.planStatus`),
    status: oneOf(row.status, ['live', 'partially_filled', 'filled', 'cancelled'] as const, `${at}.status`),
    baseVolume: optionalAmount(row, 'baseVolume', at) || '0',
    quoteVolume: optionalAmount(row, 'quoteVolume', at) || '0',
    priceAvg: optionalAmount(row, 'priceAvg', at),
    fee: optionalSigned(row, 'fee', at) || '0',
    feeCoin:
      row.feeCoin === undefined || row.feeCoin === null || row.feeCoin === ''
        ? ''
        : text(row.feeCoin, COIN, `${at}.feeCoin`),
    cTime: time(row.cTime, `${at}.cTime`),
    uTime: time(row.uTime ?? row.cTime, `${at}.uTime`),
  };
  if (row.tpslKind !== undefined && row.tpslKind !== null && row.tpslKind !== '')
    order.tpslKind = oneOf(row.tpslKind, ['tp', 'sl'] as const, `${at}.tpslKind`);
  if (row.marginMode !== undefined) {
    order.futures = {
      marginMode: oneOf(row.marginMode, ['isolated', 'crossed'] as const, `${at}.marginMode`),
      tradeSide:
        row.tradeSide === undefined || row.tradeSide === null || row.tradeSide === ''
          ? ''
          : oneOf(row.tradeSide, ['open', 'close'] as const, `${at}.tradeSide`),
      reduceOnly: yesNo(row.reduceOnly, `${at}.reduceOnly`),
      leverage:
        row.leverage === undefined || row.leverage === null || row.leverage === ''
          ? ''
          : String(whole(row.leverage, 1, 1000, `${at}.leverage`)),
      presetStopSurplusPrice: optionalAmount(row, 'presetStopSurplusPrice', at),
      presetStopLossPrice: optionalAmount(row, 'presetStopLossPrice', at),
      totalProfits: optionalSigned(row, 'totalProfits', at),
    };
  }
  return order;
}

/** Reads a list of orders (open orders, history). */
export function parseOrders(value: unknown): TradeOrder[] {
  return list(value, 'orders').map((row, index) => parseOrder(row, `orders[${index}]`));
}

/** Reads a cancel-all reply: how many orders it cancelled. */
export function parseCancelAll(value: unknown): number {
  const row = object(value, 'cancel-all');
  return list(row.successList, 'successList').length;
}

/** Reads the spot balances. */
export function parseSpotAssets(value: unknown): SpotAsset[] {
  return list(value, 'assets').map((item, index) => {
    const at = `assets[${index}]`;
    const row = object(item, at);
    const coin = text(row.coin, COIN, `${at}.coin`);
    const available = amount(row, 'available', at);
    return {
      coin,
      available,
      frozen: amount(row, 'frozen', at),
      // A reply without the field shows the coin as the rule says, its own places standing for a base coin's.
      places:
        row.places === undefined ? coinPlacesOf(coin, placesOf(available)) : whole(row.places, 0, 18, `${at}.places`),
    };
  });
}

/** Reads the futures account. */
export function parseFuturesAccount(value: unknown): FuturesAccount {
  const at = 'account';
  const row = object(value, at);
  if (typeof row.isDemo !== 'boolean' && row.isDemo !== undefined) throw new ReplyShapeError(`${at}.isDemo`);
  return {
    marginCoin: text(row.marginCoin, COIN, `${at}.marginCoin`),
    available: signed(row, 'available', at),
    locked: amount(row, 'locked', at),
    equity: signed(row, 'equity', at),
    unrealizedPL: signed(row, 'unrealizedPL', at),
    crossedMaxAvailable: signed(row, 'crossedMaxAvailable', at),
    posMode: oneOf(row.posMode, ['one_way_mode', 'hedge_mode'] as const, `${at}.posMode`),
    isDemo: row.isDemo === true,
  };
}

/** Reads the futures settings of a symbol; the leverage must lie in `[1, maxLever]`. */
export function parseFuturesSettings(value: unknown): FuturesSettings {
  const at = 'settings';
  const row = object(value, at);
  const maxLever = whole(row.maxLever, 1, 1000, `${at}.maxLever`);
  const leverage = whole(row.leverage, 1, maxLever, `${at}.leverage`);
  const maxPositionSize =
    row.maxPositionSize === undefined ? null : text(row.maxPositionSize, UNSIGNED, `${at}.maxPositionSize`);
  // A gateway of the one-leverage contract gives no side figures: each side is then the one leverage.
  const sideLeverage = (field: string) =>
    row[field] === undefined ? leverage : whole(row[field], 1, maxLever, `${at}.${field}`);
  const sideMax = (field: string) =>
    row[field] === undefined ? maxPositionSize : text(row[field], UNSIGNED, `${at}.${field}`);
  return {
    symbol: text(row.symbol, SYMBOL, `${at}.symbol`),
    leverage,
    longLeverage: sideLeverage('isolatedLongLever'),
    shortLeverage: sideLeverage('isolatedShortLever'),
    marginMode: oneOf(row.marginMode, ['isolated', 'crossed'] as const, `${at}.marginMode`),
    posMode: oneOf(row.posMode, ['one_way_mode', 'hedge_mode'] as const, `${at}.posMode`),
    maxLever,
    maxPositionSize,
    maxLongPositionSize: sideMax('maxLongPositionSize'),
    maxShortPositionSize: sideMax('maxShortPositionSize'),
  };
}

/** Reads the open positions; `holdSide` and the `position` code must agree. */
export function parsePositions(value: unknown): FuturesPositionRow[] {
  return list(value, 'positions').map((item, index) => {
    const at = `positions[${index}]`;
    const row = object(item, at);
    const holdSide = oneOf(row.holdSide, ['long', 'short'] as const, `${at}.holdSide`);
    const position = code(row.position, [1, 2] as const, `${at}.position`);
    if ((holdSide === 'long') !== (position === 1)) throw new ReplyShapeError(`${at}.position`);
    return {
      symbol: text(row.symbol, SYMBOL, `${at}.symbol`),
      baseCoin: text(row.baseCoin, COIN, `${at}.baseCoin`),
      holdSide,
      position,
      marginMode: code(row.marginMode, [1, 2] as const, `${at}.marginMode`),
      positionMode: code(row.positionMode, [1, 2] as const, `${at}.positionMode`),
      positionsCount: amount(row, 'positionsCount', at),
      positionsOpenAvgPrice: amount(row, 'positionsOpenAvgPrice', at),
      positionsOpenMarginCount: amount(row, 'positionsOpenMarginCount', at),
      positionsLevel: String(whole(row.positionsLevel, 1, 1000, `${at}.positionsLevel`)),
      achievedProfits: optionalSigned(row, 'achievedProfits', at) || '0',
      businessLine: code(row.businessLine, [10] as const, `${at}.businessLine`),
      pricePlace: whole(row.pricePlace, 0, 18, `${at}.pricePlace`),
      volumePlace: whole(row.volumePlace, 0, 18, `${at}.volumePlace`),
      mm: text(row.mm, /^0(\.\d{1,18})?$/, `${at}.mm`),
      feeRate: text(row.feeRate, /^0(\.\d{1,18})?$/, `${at}.feeRate`),
      liquidationPrice: optionalAmount(row, 'liquidationPrice', at),
      totalDelegateValue: optionalAmount(row, 'totalDelegateValue', at) || '0',
      presetStopSurplusPrice: optionalAmount(row, 'presetStopSurplusPrice', at),
      presetStopLossPrice: optionalAmount(row, 'presetStopLossPrice', at),
      presetStopSurplusTriggerType: triggerType(row, 'presetStopSurplusTriggerType', at),
      presetStopLossTriggerType: triggerType(row, 'presetStopLossTriggerType', at),
      presetStopSurplusSize: optionalAmount(row, 'presetStopSurplusSize', at),
      presetStopLossSize: optionalAmount(row, 'presetStopLossSize', at),
      cTime: time(row.cTime, `${at}.cTime`),
      uTime: time(row.uTime ?? row.cTime, `${at}.uTime`),
    };
  });
}

/** Reads a long-poll answer; topics the client does not know are skipped (a newer gateway may add some). */
export function parseChanges(value: unknown): ChangesReply {
  const row = object(value, 'changes');
  const cursor = whole(row.cursor, 0, Number.MAX_SAFE_INTEGER, 'changes.cursor');
  const topics = list(row.topics, 'changes.topics');
  if (topics.some((topic) => typeof topic !== 'string')) throw new ReplyShapeError('changes.topics');
  return { cursor, topics: TOPICS.filter((topic) => topics.includes(topic)) };
}
