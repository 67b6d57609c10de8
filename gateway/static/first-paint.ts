import { createFeedFormat } from '../../engine/market/feed-format';
import { matchBrowserLanguage } from '../../engine/rules/browser-language';
import { isLocale, type Locale, localeEntryOf } from '../../engine/rules/locales';
import { routeLanguageToLocale, splitLanguagePrefix } from '../../engine/rules/route-languages';
import { formatDecimal } from '../../engine/format/number-format';
import { COOKIE_PREFERENCES } from '../../engine/rules/settings';
import { valuationPlacesOf, valuationUnitOf } from '../../engine/rules/valuation';
import { FIRST_PAINT_STYLE } from '../http/first-paint-style';
import type { InstType } from '../market/instruments';
import { formatScaled, parseScaled } from '../market/scaled-decimal';
import type { MarketSimulator } from '../market/simulator';

/**
 * The in-app pages' first paint, written into the page by the gateway so a phone shows what it came for once the
 * page and its styles arrive, instead of after the app's code, its texts and its data (issue 20's low-end budget):
 * on the trading pages the pair, its last price and 24 h change and the top of its book as the market stands; on
 * `/trade-asset` the signed-in user's total and accounts in their valuation unit (or masked, as they chose).
 * Figures only, formatted for the page's language; what would be words is a placeholder bar. The page's script
 * hands over to the live page and removes it (src/ui/first-paint.ts); without script it goes after a while.
 */

/** The in-app trading pages, by path after the language prefix, and the market each opens. */
const PAGES: Readonly<Record<string, InstType>> = { '/trade-spot': 'SPOT', '/trade-swap': 'USDT-FUTURES' };

/** The in-app assets page (spec §2.1). */
const ASSET_PAGE = '/trade-asset';

/** What a hidden amount shows (src/settings/asset-display.ts). */
const HIDDEN_AMOUNT = '****';

/** The pair an in-app page opens without a well-formed `symbol` (src/in-app/in-app-search.ts). */
const DEFAULT_SYMBOL = 'BTCUSDT';

/** Levels per side, as the in-app book paints them (src/trade/TradePage.tsx MOBILE_DEPTH). */
const LEVELS = 10;

/** What a first paint reads of a request. */
export interface FirstPaintRequest {
  url: URL;
  /** A preference cookie's value (spec §3: language, show asset, valuation unit). */
  cookie: (name: string) => string | undefined;
  acceptLanguage: string | undefined;
}

/** The signed-in user's asset totals as `/v1/asset/overview` gives them (gateway/asset/asset-api.md). */
export interface FirstPaintAssets {
  totalUsdt: string;
  totalBtc: string;
  accounts: readonly { usdt: string; btc: string }[];
}

/** Where a first paint's figures come from. */
export interface FirstPaintSources {
  market: Pick<MarketSimulator, 'getInstrument' | 'getTicker' | 'getBook'>;
  /** The signed-in user's totals, or null when signed out. */
  assets: () => FirstPaintAssets | null;
}

/** The first paint's markup and style, to put in the page; null for any page but the in-app trading ones. */
export interface FirstPaint {
  /** For `<head>`. */
  style: string;
  /** For the start of `<body>`, before `#root`. */
  body: string;
}

/** The first paint of the page a request asks for, or null (another page, an unknown pair, signed out). */
export function firstPaintOf(request: FirstPaintRequest, sources: FirstPaintSources): FirstPaint | null {
  const { language, rest } = splitLanguagePrefix(request.url.pathname);
  const locale = language ? routeLanguageToLocale(language) : localeOf(request);
  const intl = localeEntryOf(locale).intl;
  if (rest === ASSET_PAGE) {
    const assets = sources.assets();
    return assets && { style: STYLE_TAG, body: assetPaint(assets, request, intl) };
  }
  const instType = Object.hasOwn(PAGES, rest) ? PAGES[rest] : undefined;
  if (!instType) return null;
  const body = tradePaint(instType, symbolOf(request.url.searchParams.get('symbol')), sources.market, intl);
  return body === null ? null : { style: STYLE_TAG, body };
}

const STYLE_TAG = `<style>${FIRST_PAINT_STYLE}</style>`;

/** A trading page's: the pair, its price and change, ten levels a side of its book. */
function tradePaint(
  instType: InstType,
  symbol: string,
  market: FirstPaintSources['market'],
  intl: string,
): string | null {
  const spec = market.getInstrument(instType, symbol);
  const ticker = market.getTicker(instType, symbol);
  const book = market.getBook(instType, symbol, LEVELS);
  if (!spec || !ticker || !book) return null;
  const format = createFeedFormat(intl, spec.pricePlace, spec.volumePlace);
  const tone = (sign: number) => (sign > 0 ? ' first-paint--up' : sign < 0 ? ' first-paint--down' : '');
  // Price, amount and the running total from the best level out, as the live book shows them.
  const side = (levels: readonly (readonly [string, string])[], tone: 'up' | 'down') => {
    let total = 0;
    return levels.slice(0, LEVELS).map(([price, size]) => {
      total += parseScaled(size, spec.volumePlace);
      const sum = format.size(formatScaled(total, spec.volumePlace));
      return `<div class="first-paint__row"><span class="first-paint--${tone}">${format.price(price)}</span> ${format.size(size)} ${sum}</div>`;
    });
  };
  // Asks above with the best nearest the middle, bids below.
  const asks = side(book.asks, 'down').reverse().join('');
  const bids = side(book.bids, 'up').join('');
  const change = tone(Math.sign(Number(ticker.change24h)));
  const last = format.price(ticker.lastPr);
  return (
    `<div id="first-paint" class="first-paint" aria-hidden="true" data-market="${instType === 'SPOT' ? 'spot' : 'futures'}" data-symbol="${symbol}">` +
    '<div class="first-paint__nav"></div>' +
    `<div class="first-paint__ticker"><div class="first-paint__pair">${spec.baseCoin}/${spec.quoteCoin}</div>` +
    `<span class="first-paint__last${change}">${last}</span>` +
    `<span class="${change.trim()}">${format.change(ticker.change24h)}</span></div>` +
    `<div class="first-paint__book">${asks}<div class="first-paint__spread${change}">${last}</div>${bids}</div></div>`
  );
}

/**
 * `/trade-asset`'s: the total and each account's value in the user's valuation unit, as the page shows them, or
 * masked when they hide balances (a cookie kept with the setting). The accounts' figures are one block of lines,
 * as the list reads them, beside placeholder bars where their names go.
 */
function assetPaint(assets: FirstPaintAssets, request: FirstPaintRequest, intl: string): string {
  const shown = request.cookie(COOKIE_PREFERENCES.showAsset.name) !== 'false';
  const unit = valuationUnitOf(Number(request.cookie(COOKIE_PREFERENCES.valuationUnit.name) ?? '1'));
  const places = valuationPlacesOf(unit);
  const inUnit = (figures: { usdt: string; btc: string }) =>
    shown
      ? `${formatDecimal(unit === 'BTC' ? figures.btc : figures.usdt, { intl, minFraction: places, maxFraction: places })} ${unit}`
      : HIDDEN_AMOUNT;
  const bar = '<span class="first-paint__bar"></span>';
  return (
    '<div id="first-paint" class="first-paint" aria-hidden="true" data-page="asset">' +
    `<div class="first-paint__nav"></div><div class="first-paint__title">${bar}</div>` +
    `<div class="first-paint__card">${bar}<p class="first-paint__total">${inUnit({ usdt: assets.totalUsdt, btc: assets.totalBtc })}</p></div>` +
    `<div class="first-paint__card first-paint__accounts"><div class="first-paint__names">${assets.accounts.map(() => bar).join('')}</div>` +
    `<div class="first-paint__figures">${assets.accounts.map(inUnit).join('<br>')}</div></div></div>`
  );
}

/** The page's pair as the app reads `?symbol=` (upper-cased, 2–20 letters and digits), else the default pair. */
function symbolOf(raw: string | null): string {
  if (raw === null) return DEFAULT_SYMBOL;
  const symbol = raw.toUpperCase();
  return /^[A-Z0-9]{2,20}$/.test(symbol) ? symbol : DEFAULT_SYMBOL;
}

/** The language of a page without a prefix: the language cookie, else the browser's (src/app/locale-sync.ts). */
function localeOf(request: FirstPaintRequest): Locale {
  const cookie = request.cookie(COOKIE_PREFERENCES.language.name);
  if (cookie && isLocale(cookie)) return cookie;
  const languages = (request.acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter((tag) => tag !== '');
  return matchBrowserLanguage(languages);
}
