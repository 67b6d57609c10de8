import { Hono } from 'hono';
import { type ChainSpec, COIN_NETWORKS } from './coin-networks';
import { replyMarketOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import type { MarketSimulator } from './simulator';
import { MONEY_PLACES } from '../money/money-units';
import { badParameter, queryValue } from './market-input';

const COIN_PATTERN = /^[A-Z0-9]{1,20}$/;

/** A network of a coin as `GET /api/v2/spot/public/coins` lists it; booleans are the strings "true" and "false" there. */
export type ChainView = Record<string, string>;

/** A coin as `GET /api/v2/spot/public/coins` lists it. */
export interface CoinView {
  coinId: string;
  coin: string;
  transfer: string;
  chains: ChainView[];
  areaCoin: string;
}

/**
 * The public reference data a client library reads when it starts, in the public v2 API's shapes and envelope:
 * `GET /api/v2/public/time` (server time), `GET /api/v2/spot/public/coins` (every coin the gateway knows, with the
 * paper networks of `gateway/market/coin-networks.ts`) and `GET /api/v2/margin/currencies` (always empty: the gateway
 * has no margin trading, so no spot pair is borrowable).
 */
export function publicV2Routes(simulator: MarketSimulator): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const coins = coinViews(simulator);

  routes.get('/api/v2/public/time', (c) => replyMarketOk(c, { serverTime: String(Date.now()) }));

  routes.get('/api/v2/spot/public/coins', (c) => {
    const raw = queryValue(c, 'coin');
    if (raw === undefined) return replyMarketOk(c, coins);
    const coin = raw.toUpperCase();
    if (!COIN_PATTERN.test(coin)) throw badParameter('coin');
    // An unknown coin lists nothing rather than failing, as a filter does.
    return replyMarketOk(
      c,
      coins.filter((view) => view.coin === coin),
    );
  });

  routes.get('/api/v2/margin/currencies', (c) => replyMarketOk(c, []));

  return routes;
}

/**
 * Every coin of the paper networks (in their order) and then every other coin the spot pairs trade, numbered from 1;
 * a coin without a network (BGB, BRL…) lists no chains, so libraries read it as neither depositable nor withdrawable.
 */
export function coinViews(simulator: MarketSimulator): CoinView[] {
  const names = new Set(COIN_NETWORKS.map((entry) => entry.coin));
  for (const spec of simulator.listInstruments('SPOT')) {
    names.add(spec.baseCoin);
    names.add(spec.quoteCoin);
  }
  return [...names].map((coin, index) => ({
    coinId: String(index + 1),
    coin,
    transfer: 'true',
    chains: (COIN_NETWORKS.find((entry) => entry.coin === coin)?.chains ?? []).map(chainView),
    areaCoin: 'no',
  }));
}

/** Maps a paper network to the chain fields of the public v2 API; a paper chain has no explorer and no token contract. */
function chainView(spec: ChainSpec): ChainView {
  return {
    chain: spec.chain,
    needTag: String(spec.memoRequired),
    withdrawable: String(spec.withdrawEnabled),
    rechargeable: String(spec.depositEnabled),
    withdrawFee: spec.withdrawFee,
    extraWithdrawFee: '0',
    depositConfirm: String(spec.confirmations),
    withdrawConfirm: String(spec.confirmations),
    minDepositAmount: spec.minDeposit,
    minWithdrawAmount: spec.minWithdraw,
    browserUrl: '',
    contractAddress: '',
    withdrawStep: '0',
    // A withdrawal amount may carry as many decimals as the ledger keeps.
    withdrawMinScale: String(MONEY_PLACES),
    congestion: 'normal',
  };
}
