/**
 * Native-app deep links (spec §2.2, contracts/bridge.md §6), pure: the table of every path the app opens, and the
 * builder, parser and platform check the UI uses to link into the app or hide an entry it cannot open.
 */

/** Which platforms' apps open a path: spec "Android only" → android-only, "not on Android" → not-android. */
export type DeepLinkPlatformRule = 'both' | 'android-only' | 'not-android';
/** Where a link is built: inside the app on Android or iOS, or on the web where the device's app is unknown. */
export type DeepLinkPlatform = 'android' | 'ios' | 'web';
/** A value a caller may put in a link's query; numbers and booleans are written as `String(value)`. */
export type DeepLinkValue = string | number | boolean;
/** A link's query as the caller gives it: key → value. */
export type DeepLinkQuery = Readonly<Record<string, DeepLinkValue>>;

/** One path of spec §2.2: its query keys as the spec spells them, defaults, allowed values and platform rule. */
export interface DeepLinkPathRule<P extends string = string> {
  readonly path: P;
  /** The path's query keys, in the order the link writes them. */
  readonly keys: readonly string[];
  /** Values written (and filled in on parse) when the key is absent. */
  readonly defaults: Readonly<Record<string, string>>;
  /** Keys that take one of a fixed list of values. */
  readonly values: Readonly<Record<string, readonly string[]>>;
  readonly platform: DeepLinkPlatformRule;
  /** True only for `main/H5Router`, whose link carries extra parameters beside `url`. */
  readonly extraKeys: boolean;
}

/** The scheme inside the app (contract §6); outside it the alternative scheme replaces it. */
export const APP_SCHEME = 'app';
/** The host when the build sets none (contract §6). */
export const DEFAULT_DEEP_LINK_HOST = 'exchange';
/** The scheme outside the app when the build sets none (contract §6). */
export const DEFAULT_ALT_SCHEME = 'exchangeapp';
/** Longer links are refused by both builder and parser, so a hostile link cannot cost unbounded work. */
export const MAX_DEEP_LINK_LENGTH = 4096;

/** The tabs `home/asset`'s `type` takes (spec §2.2, and the asset tabs of §3). */
export const HOME_ASSET_TYPES = ['overview', 'spot', 'contract', 'p2p', 'financial', 'swap', 'reward'] as const;

interface EntryOptions {
  defaults?: Readonly<Record<string, string>>;
  values?: Readonly<Record<string, readonly string[]>>;
  platform?: DeepLinkPlatformRule;
  extraKeys?: boolean;
}

const entry = <P extends string>(path: P, keys: readonly string[] = [], options: EntryOptions = {}) => ({
  path,
  keys,
  defaults: options.defaults ?? {},
  values: options.values ?? {},
  platform: options.platform ?? 'both',
  extraKeys: options.extraKeys ?? false,
});

const ANDROID_ONLY = { platform: 'android-only' } as const;
const NOT_ANDROID = { platform: 'not-android' } as const;
const FIAT_BUY_KEYS = ['type', 'incomingSource', 'incomingTarget'];

/** Every path of spec §2.2 in the spec's order (98), each "a and b" pair as two paths. */
// biome-ignore format: a table, one line per path, in the spec's order.
export const DEEP_LINK_PATHS = [
  entry('security/login', ['closeGuide', 'referralCode', 'inviteCode']),
  entry('security/regist', ['closeGuide', 'referralCode', 'inviteCode']),
  entry('home/home'),
  entry('home/coin', ['symbol', 'type', 'spotLine', 'positionType', 'spotArea', 'symbolId', 'fromCoinName', 'toCoinName', 'from']),
  entry('home/contract', ['symbolId', 'bizLine']),
  entry('home/market', ['type', 'subType', 'symbolId', 'from', 'couponId', 'bizLine']),
  entry('home/follow', ['from']),
  entry('home/asset', ['type'], { values: { type: HOME_ASSET_TYPES } }),
  entry('home/community', ['tabPos']),
  entry('follow/trader/detail', ['traderId', 'followType']),
  entry('follow/followtracer/detail', ['followType', 'followTab', 'selectMixType', 'from']),
  entry('follow/trader/apply', ['source']),
  entry('follow/trader/signal/apply', ['source']),
  entry('follow/userinfo/setting', ['followType']),
  entry('follow/my_follow_trade', ['followType', 'isHistory']),
  entry('follow/leadOrderManage', ['showSpotTrace', 'tabIndex']),
  entry('follow/trader_medal_wall', ['traderId', 'followType', 'traderName', 'headerImg', 'whiteListFlag']),
  entry('strategy/platform/trader/detail', ['traderId', 'index']),
  entry('strategy/platform/income_statistics'),
  entry('strategy/platform/my/strategy', ['strategyFlag']),
  entry('strategy/platform/user/setting'),
  entry('strategy/platform/my/subscription'),
  entry('strategy/apply/trader', [], ANDROID_ONLY),
  entry('strategy/home', ['tab', 'oneStrategyType', 'businessLine', 'autoInvestSymbolId', 'couponId']),
  entry('strategy/tradeMain', ['tab', 'isShareActivity', 'inviteCode', 'myStrategyTab', 'oneStrategyType', 'timeFilter']),
  entry('strategy/user/setting', ['tabIndex']),
  entry('kyc/identify', ['source']),
  entry('kyc/manually_review', [], NOT_ANDROID),
  entry('coin/recharge', ['coinName', 'coinId'], { defaults: { coinName: 'USDT', coinId: '2' } }),
  entry('coin/withdraw', ['coinId', 'chainCoinId', 'tabType']),
  entry('capital/transfer', ['from', 'to', 'coinId']),
  entry('spot/smallAmountBGB'),
  entry('spot/deal_record', ['strategy', 'symbolId', 'toDetail']),
  entry('spot/transaction/details', ['businessLine', 'tokenId']),
  entry('contract/transaction/details', ['businessLine', 'tokenId', 'page']),
  entry('p2p/trade', ['pageType', 'operationType', 'incomingSource', 'incomingTarget']),
  entry('p2p/orderDetail', ['orderNo']),
  entry('p2p/manage'),
  entry('otc/trade', ['isSpeed', 'isBuy']),
  entry('overseas/otc_main', ['fiatCode', 'coinCode', 'paymentMethodId', 'businessNo']),
  entry('fiat/cko_main_page', FIAT_BUY_KEYS),
  entry('fiat/fiat_quick_buy_main', FIAT_BUY_KEYS),
  entry('fiat/recordPage'),
  entry('fiat/fiat_record_page', ['recordType']),
  entry('fiat/card/fiat_card_manage_page'),
  entry('fiat/card/fiat_card_transaction_detail', ['orderId']),
  entry('main/choose_coin_list', ['type', 'chooseType']),
  entry('coupon/coupon_center', ['tab']),
  entry('earn/main'),
  entry('earn/savings_info', ['coinName', 'productId', 'productLevel', 'secondBizLine']),
  entry('earn/launchpool_info'),
  entry('earn/saving_products'),
  entry('earn/bgb_staking_main'),
  entry('earn/earn_record', ['secondBizLine']),
  entry('earn/earn_trade_detail', ['secondBizLine', 'orderId']),
  entry('earn/pos_staking_list'),
  entry('earn/pos_staking_sub', ['productId']),
  entry('earn/dual_invest_list', ['productTokenName']),
  entry('earn/new_crypto_area'),
  entry('financial/products/position', ['secondBizLine']),
  entry('assets/financial', ['coinId', 'type'], { defaults: { type: '2' } }),
  entry('loan/home'),
  entry('community/personal', ['id']),
  entry('community/content_detail', ['detailId']),
  entry('community/interact_notifies'),
  entry('community/topic_square'),
  entry('community/topic_detail', ['topic_id_key'], ANDROID_ONLY),
  entry('community/user_rank_list', [], ANDROID_ONLY),
  entry('kline/main', ['pagetype', 'symbolcode', 'subTab', 'shareKline']),
  entry('kline/signal', ['pagetype', 'symbolid']),
  entry('copy/signaler/page', ['traderUserId']),
  entry('copy/signaler/cokepit/page', ['routeSource']),
  entry('user/safe/setting_login_pwd'),
  entry('user/safe/bind', ['type']),
  entry('user/safe/reset_bund_pwd'),
  entry('user/safe/setting_bund_pwd'),
  entry('security/biometricAuth', ['from']),
  entry('user/account/qrcode'),
  entry('user/profile', ['userId']),
  entry('user/profile/fanspage', ['userId']),
  entry('user/apikey'),
  entry('user/helpCenter'),
  entry('user/serviceCenter'),
  entry('user/adaServiceCenter'),
  entry('settings/address'),
  entry('settings/pricetip'),
  entry('common/setting'),
  entry('floating/setting'),
  entry('web3/splash'),
  entry('mega_swap'),
  entry('red_packet/guidance', [], NOT_ANDROID),
  entry('base/messages'),
  entry('subaccount/contract', ['userTicketId', 'businessLine']),
  entry('accounts/pnl', ['account_type', 'margin_type']),
  entry('asset/buyCoin', ['buriedSource']),
  entry('main/h5', ['url']),
  entry('main/safety_h5', ['safetyUrlKey']),
  entry('main/H5Router', ['url'], { extraKeys: true }),
] as const satisfies readonly DeepLinkPathRule[];

/** A path of spec §2.2, e.g. `coin/recharge`. */
export type DeepLinkPath = (typeof DEEP_LINK_PATHS)[number]['path'];

const RULES: ReadonlyMap<string, DeepLinkPathRule> = new Map(DEEP_LINK_PATHS.map((rule) => [rule.path, rule]));

/** Where and how `buildDeepLink` writes a link (contract §6). */
export interface DeepLinkOptions {
  inApp: boolean;
  platform: DeepLinkPlatform;
  /** Build setting (contract §6); `exchange` when absent. */
  host?: string;
  /** Build setting (contract §6); `exchangeapp` when absent. */
  altScheme?: string;
}

/** The build settings `parseDeepLink` accepts links for (contract §6); defaults as for building. */
export interface ParseDeepLinkOptions {
  host?: string;
  altScheme?: string;
}

/** A link `parseDeepLink` accepted, its values decoded. */
export interface ParsedDeepLink {
  scheme: string;
  host: string;
  path: DeepLinkPath;
  /** Decoded values, defaults filled in, in the link's key order (table keys, then any extra keys sorted). */
  query: Record<string, string>;
  /** True when the scheme is `app`, false for the alternative scheme. */
  inApp: boolean;
}

/**
 * True when the app on this platform opens the path (spec §2.2), so the UI may show an entry for it. On 'web' the
 * device's app is unknown and the link is handed to whichever app the device has, so platform-limited paths count
 * as available there rather than being hidden from every browser user.
 */
export function isDeepLinkAvailable(path: string, platform: DeepLinkPlatform): boolean {
  const rule = RULES.get(path);
  return rule !== undefined && allowsPlatform(rule, platform);
}

/**
 * Builds the link for a path of spec §2.2 (contract §6): `app://{host}/{path}?{query}` inside the app, the
 * alternative scheme outside it; null for an unknown path, a path the platform's app does not open, an unknown key,
 * a value that is not a string, a finite number or a boolean, a value outside a key's list, or a link over 4096
 * characters. Absent keys with a default get it.
 */
export function buildDeepLink(path: string, query: DeepLinkQuery, options: DeepLinkOptions): string | null {
  const { host, altScheme } = settings(options);
  const rule = RULES.get(path);
  if (rule === undefined || !allowsPlatform(rule, options.platform)) return null;

  const values = new Map<string, string>();
  for (const key of Object.keys(query)) {
    const value = textOf(query[key]);
    if (value === null || !isKeyOf(rule, key)) return null;
    values.set(key, value);
  }
  const ordered = canonicalEntries(rule, values);
  if (ordered === null) return null;

  let search: string;
  try {
    search = ordered.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  } catch {
    // encodeURIComponent throws on a lone UTF-16 surrogate, which no app could decode either.
    return null;
  }
  const scheme = options.inApp ? APP_SCHEME : altScheme;
  const link = `${scheme}://${host}/${rule.path}${search === '' ? '' : `?${search}`}`;
  return link.length > MAX_DEEP_LINK_LENGTH ? null : link;
}

/**
 * Reads a link built by `buildDeepLink` or by the app (spec §2.2): null for anything but `app` or the alternative
 * scheme, the configured host, a known path, and a query of that path's keys, each once, in strict percent-encoding,
 * with no fragment, whitespace, control or non-ASCII characters, at most 4096 characters. Defaults are filled in.
 */
export function parseDeepLink(link: string, options: ParseDeepLinkOptions = {}): ParsedDeepLink | null {
  const { host, altScheme } = settings(options);
  if (typeof link !== 'string' || link.length > MAX_DEEP_LINK_LENGTH || !PRINTABLE_ASCII.test(link)) return null;
  const match = LINK_SHAPE.exec(link);
  if (match === null) return null;
  const [, scheme, linkHost, path, search] = match;
  if ((scheme !== APP_SCHEME && scheme !== altScheme) || linkHost !== host) return null;
  const rule = RULES.get(path!);
  if (rule === undefined) return null;

  const values = new Map<string, string>();
  for (const part of search === undefined ? [] : search.split('&')) {
    const pair = QUERY_PAIR.exec(part);
    if (pair === null) return null;
    const key = decode(pair[1]!);
    const value = decode(pair[2]!);
    if (key === null || value === null || values.has(key) || !isKeyOf(rule, key)) return null;
    values.set(key, value);
  }
  const ordered = canonicalEntries(rule, values);
  if (ordered === null) return null;
  return {
    scheme: scheme!,
    host: linkHost!,
    path: rule.path as DeepLinkPath,
    // fromEntries defines own properties, so an extra H5Router key such as `__proto__` stays plain data.
    query: Object.fromEntries(ordered),
    inApp: scheme === APP_SCHEME,
  };
}

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
// A `?` with no query after it does not match: the builder never writes one, so such a link is not ours.
const LINK_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]+)\/([^?#]+)(?:\?([^#]+))?$/;
// RFC 3986 query characters less the separators `&` and `=`, and `+`, which form encoding reads as a space.
const QUERY_TEXT = String.raw`(?:[A-Za-z0-9\-._~!$'()*,;:@/?]|%[0-9A-Fa-f]{2})`;
const QUERY_PAIR = new RegExp(`^(${QUERY_TEXT}+)=(${QUERY_TEXT}*)$`);
const SCHEME_SHAPE = /^[a-z][a-z0-9+.-]*$/;
const HOST_SHAPE = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

function settings(options: ParseDeepLinkOptions): { host: string; altScheme: string } {
  const host = options.host ?? DEFAULT_DEEP_LINK_HOST;
  const altScheme = options.altScheme ?? DEFAULT_ALT_SCHEME;
  // Bad build settings are a programming error, not a bad link; an alternative scheme of `app` would make
  // inside-the-app links indistinguishable from outside ones.
  if (!HOST_SHAPE.test(host)) throw new RangeError(`deep link host is not a plain host name: ${host}`);
  if (!SCHEME_SHAPE.test(altScheme) || altScheme === APP_SCHEME) {
    throw new RangeError(`deep link alternative scheme is not a lowercase scheme other than app: ${altScheme}`);
  }
  return { host, altScheme };
}

function allowsPlatform(rule: DeepLinkPathRule, platform: DeepLinkPlatform): boolean {
  if (rule.platform === 'android-only') return platform !== 'ios';
  if (rule.platform === 'not-android') return platform !== 'android';
  return true;
}

function isKeyOf(rule: DeepLinkPathRule, key: string): boolean {
  return rule.keys.includes(key) || (rule.extraKeys && key !== '');
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  // NaN and the infinities would reach the app as words no page expects.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The query with defaults filled in, table keys first then extra keys sorted; null when a value is off its list. */
function canonicalEntries(rule: DeepLinkPathRule, values: ReadonlyMap<string, string>): [string, string][] | null {
  const entries: [string, string][] = [];
  for (const key of rule.keys) {
    const value = values.get(key) ?? rule.defaults[key];
    if (value === undefined) continue;
    const allowed = rule.values[key];
    if (allowed !== undefined && !allowed.includes(value)) return null;
    entries.push([key, value]);
  }
  const extras = [...values.keys()].filter((key) => !rule.keys.includes(key)).sort();
  for (const key of extras) entries.push([key, values.get(key)!]);
  return entries;
}
