import { decimalSign, isDecimalString } from '../format/decimal-string';
import { formatDecimal } from '../format/number-format';

/**
 * A perpetual's information page (`/trade-info`), display-ready: its contract terms, the live mark, index and
 * funding, the funding history and the margin tiers. Built in the market worker from four public REST replies
 * (`contracts`, `tickers`, `history-fund-rate`, `query-position-lever`); every figure is already formatted.
 */
export interface ContractInfoFrame {
  symbol: string;
  base: string;
  quote: string;
  /** Every perpetual of the contract list, for the page's market picker. */
  symbols: string[];
  terms: {
    tickSize: string;
    minTradeNum: string;
    maxLeverage: string;
    makerFee: string;
    takerFee: string;
    /** Hours between funding settlements. */
    fundingHours: number;
  };
  live: {
    mark: string;
    index: string;
    fundingRate: string;
    fundingSign: -1 | 0 | 1;
    /** The next settlement, ms since the epoch (the funding grid of `fundingHours` from 00:00 UTC). */
    nextFundingTime: number;
  };
  funding: { time: number; timeText: string; rate: string; sign: -1 | 0 | 1 }[];
  tiers: { level: string; size: string; maxLeverage: string; mmr: string }[];
}

export type ContractInfoResult =
  | { ok: true; frame: ContractInfoFrame }
  | { ok: false; reason: 'not-found' | 'bad-reply' | 'api-error' };

/** The four replies the frame is built from, as the API sent them. */
export interface ContractInfoReplies {
  contracts: unknown;
  tickers: unknown;
  funding: unknown;
  tiers: unknown;
}

const SYMBOL = /^[A-Z0-9]{2,20}$/;
const COIN = /^[A-Z0-9]{1,12}$/;
const INTEGER = /^\d{1,12}$/;
/** Funding settlements listed at most (a page of the history endpoint). */
export const FUNDING_ROWS = 30;

function envelopeData(reply: unknown): Record<string, unknown>[] | null {
  if (reply === null || typeof reply !== 'object') return null;
  const { code, data } = reply as { code?: unknown; data?: unknown };
  if (code !== '00000' || !Array.isArray(data)) return null;
  return data.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object');
}

const decimal = (value: unknown): value is string => isDecimalString(value) && value.length <= 40;

/** The next settlement strictly after `now` on a grid of `hours` from 00:00 UTC. */
export function nextSettlement(now: number, hours: number): number {
  const step = hours * 3_600_000;
  return (Math.floor(now / step) + 1) * step;
}

/**
 * Builds the page's frame for `symbol` in the language `intl`, or says why not: `not-found` when the contract list
 * lacks the symbol, `api-error` when a reply is not a success envelope, `bad-reply` when a needed field is malformed.
 * A malformed row of the history or the tiers is left out rather than failing the page.
 */
export function buildContractInfo(
  symbol: string,
  replies: ContractInfoReplies,
  intl: string,
  now: number,
): ContractInfoResult {
  const contracts = envelopeData(replies.contracts);
  if (!contracts) return { ok: false, reason: 'api-error' };
  // An unknown symbol is refused by the history and tier endpoints too: the contract list says which it is.
  const contract = contracts.find((row) => row.symbol === symbol);
  if (!contract) return { ok: false, reason: 'not-found' };
  const tickers = envelopeData(replies.tickers);
  const funding = envelopeData(replies.funding);
  const tiers = envelopeData(replies.tiers);
  if (!tickers || !funding || !tiers) return { ok: false, reason: 'api-error' };

  const ticker = tickers.find((row) => row.symbol === symbol);
  const { baseCoin, quoteCoin, pricePlace, priceEndStep, minTradeNum, maxLever, makerFeeRate, takerFeeRate } = contract;
  const places = Number(pricePlace);
  const hours = Number(contract.fundInterval);
  if (
    !SYMBOL.test(symbol) ||
    typeof baseCoin !== 'string' ||
    !COIN.test(baseCoin) ||
    typeof quoteCoin !== 'string' ||
    !COIN.test(quoteCoin) ||
    !Number.isInteger(places) ||
    places < 0 ||
    places > 12 ||
    !decimal(priceEndStep) ||
    !decimal(minTradeNum) ||
    typeof maxLever !== 'string' ||
    !INTEGER.test(maxLever) ||
    !decimal(makerFeeRate) ||
    !decimal(takerFeeRate) ||
    !Number.isInteger(hours) ||
    hours < 1 ||
    hours > 24 ||
    !ticker ||
    !decimal(ticker.markPrice) ||
    !decimal(ticker.indexPrice) ||
    !decimal(ticker.fundingRate)
  )
    return { ok: false, reason: 'bad-reply' };

  const price = (value: string) => formatDecimal(value, { intl, minFraction: places, maxFraction: places });
  const plain = (value: string) => formatDecimal(value, { intl });
  const percent = (value: string, signed = false) =>
    formatDecimal(value, {
      intl,
      percent: true,
      minFraction: 4,
      maxFraction: 4,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
  const dates = new Intl.DateTimeFormat(intl, { dateStyle: 'short', timeStyle: 'short', numberingSystem: 'latn' });
  const tick = (Number(priceEndStep) || 1) * 10 ** -places;

  const fundingRows: ContractInfoFrame['funding'] = [];
  for (const row of funding) {
    const time = Number(row.fundingTime);
    if (!decimal(row.fundingRate) || !Number.isSafeInteger(time) || time <= 0) continue;
    fundingRows.push({
      time,
      timeText: dates.format(time),
      rate: percent(row.fundingRate, true),
      sign: decimalSign(row.fundingRate),
    });
    if (fundingRows.length === FUNDING_ROWS) break;
  }
  fundingRows.sort((a, b) => b.time - a.time);

  const tierRows: ContractInfoFrame['tiers'] = [];
  for (const row of tiers) {
    const { level, startUnit, endUnit, leverage, keepMarginRate } = row;
    if (
      (typeof level !== 'string' && typeof level !== 'number') ||
      !INTEGER.test(String(level)) ||
      !decimal(startUnit) ||
      !decimal(endUnit) ||
      !(typeof leverage === 'string' && INTEGER.test(leverage)) ||
      !decimal(keepMarginRate)
    )
      continue;
    tierRows.push({
      level: String(level),
      size: `${plain(startUnit)} – ${plain(endUnit)}`,
      maxLeverage: `${leverage}×`,
      mmr: formatDecimal(keepMarginRate, { intl, percent: true, maxFraction: 2 }),
    });
  }

  return {
    ok: true,
    frame: {
      symbol,
      base: baseCoin,
      quote: quoteCoin,
      symbols: contracts
        .map((row) => row.symbol)
        .filter((name): name is string => typeof name === 'string' && SYMBOL.test(name)),
      terms: {
        tickSize: formatDecimal(tick.toFixed(places), { intl, minFraction: places, maxFraction: places }),
        minTradeNum: plain(minTradeNum),
        maxLeverage: `${maxLever}×`,
        makerFee: percent(makerFeeRate),
        takerFee: percent(takerFeeRate),
        fundingHours: hours,
      },
      live: {
        mark: price(ticker.markPrice),
        index: price(ticker.indexPrice),
        fundingRate: percent(ticker.fundingRate, true),
        fundingSign: decimalSign(ticker.fundingRate),
        nextFundingTime: nextSettlement(now, hours),
      },
      funding: fundingRows,
      tiers: tierRows,
    },
  };
}
