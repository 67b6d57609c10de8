/**
 * How many decimals a coin's amounts are shown with (issue 18: "every amount shows the coin's precision").
 *
 * Money coins, the coins balances and margins are kept in, have their own precision: USDT and USDC four places
 * (a tenth of a cent, the smallest taker fee on a 1 USDT order), fiat two. A coin traded as a pair's base shows the
 * places its sizes step by (the widest of its pairs). The wire keeps every place it has; this is the display rule,
 * shared by the gateway (balances it lists per coin) and the screens (figures they show).
 */
export const MONEY_COIN_PLACES: Readonly<Record<string, number>> = Object.freeze({
  USDT: 4,
  USDC: 4,
  BRL: 2,
  EUR: 2,
});

/** The places of a coin the screen knows nothing else about (the most any balance carries). */
export const MONEY_PLACES_FALLBACK = 8;

/** The places `coin` is shown with: a money coin's own, else `tradedPlaces` (its size places as a base coin). */
export function coinPlacesOf(coin: string, tradedPlaces: number): number {
  return Object.hasOwn(MONEY_COIN_PLACES, coin) ? (MONEY_COIN_PLACES[coin] as number) : tradedPlaces;
}

const PLAIN = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A plain decimal string cut (toward zero: a balance is never shown larger than it is) to exactly `places` decimals,
 * padded with zeros; anything that is not a plain decimal comes back unchanged for the caller to show as it is.
 * A value cut to zero loses its minus sign.
 */
export function toCoinPlaces(value: string, places: number): string {
  const match = PLAIN.exec(value);
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cut = fraction.slice(0, places).padEnd(places, '0');
  const text = places > 0 ? `${whole}.${cut}` : whole;
  return sign && /[1-9]/.test(text) ? `-${text}` : text;
}
