import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { formatMoney } from '../money/money-units';
import type { PaperTrading } from '../trading/paper-trading';
import { belowFundsMinimum } from '../trading/trade-errors';
import { readTradeBody } from '../trading/trade-input';
import { requireTrader } from '../trading/trade-session';
import { DepositAddresses } from './deposit-addresses';
import { type DepositRecord, Deposits } from './deposits';
import { readChainQuery, readDevDeposit, readFundsQuery } from './funds-input';
import { COIN_NETWORKS, chainUnits } from '../market/coin-networks';
import { pageView } from './record-page';

/** Path of the local-mode simulated deposit (assets contract, "Deposit"). */
export const DEV_DEPOSIT_PATH = '/v1/asset/dev/deposit';

/** A deposit as the contract sends it. */
export function depositView(deposit: DepositRecord) {
  return {
    id: deposit.id,
    coin: deposit.coin,
    chain: deposit.chain,
    address: deposit.address,
    memo: deposit.memo,
    amount: formatMoney(deposit.amount),
    txId: deposit.txId,
    confirmations: deposit.confirmations,
    required: deposit.required,
    status: deposit.status,
    cTime: String(deposit.cTime),
    uTime: String(deposit.uTime),
  };
}

/**
 * The coins and networks, the user's deposit addresses and deposits (assets contract, "Coins and networks",
 * "Deposit"); in local mode also the simulated deposit, which outside it is not routed at all (404).
 */
export function depositRoutes(
  trading: PaperTrading,
  deps: { localMode: boolean; depositKey: Buffer },
): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { ctx } = trading;
  const addresses = new DepositAddresses(ctx.db, deps.depositKey);
  const deposits = new Deposits(ctx);

  routes.get('/v1/asset/coins', (c) => {
    requireTrader(c, ctx);
    return replyOk(
      c,
      COIN_NETWORKS.map((entry) => ({ coin: entry.coin, chains: entry.chains.map((spec) => ({ ...spec })) })),
    );
  });

  routes.get('/v1/asset/deposit-address', (c) => {
    const userId = requireTrader(c, ctx);
    const { coin, spec } = readChainQuery(c, 'deposit');
    return replyOk(c, addresses.addressOf(userId, coin, spec, ctx.now()));
  });

  routes.get('/v1/asset/deposits', (c) => {
    const userId = requireTrader(c, ctx);
    return replyOk(c, pageView(deposits.page(userId, readFundsQuery(c)), depositView));
  });

  if (deps.localMode) {
    routes.post(DEV_DEPOSIT_PATH, async (c) => {
      const userId = requireTrader(c, ctx);
      const { coin, spec, amount } = readDevDeposit(await readTradeBody(c));
      if (amount < chainUnits(spec.minDeposit))
        throw belowFundsMinimum(`The least a ${coin} deposit on ${spec.chain} may be is ${spec.minDeposit}`);
      const to = addresses.addressOf(userId, coin, spec, ctx.now());
      return replyOk(c, depositView(deposits.simulate(userId, to, spec, amount)));
    });
  }

  return routes;
}
