/** The coin and network a deposit or withdrawal page opens on (`coin/recharge` defaults to USDT). */
export interface CoinSearch {
  coin?: string;
  chain?: string;
}

const NAME = /^[A-Z0-9]{1,20}$/;

/** Keeps a well-formed coin and network from the address bar; every key named, so nothing malformed passes through. */
export function coinSearch(search: Record<string, unknown>): CoinSearch {
  return {
    coin: typeof search.coin === 'string' && NAME.test(search.coin) ? search.coin : undefined,
    chain: typeof search.chain === 'string' && NAME.test(search.chain) ? search.chain : undefined,
  };
}
