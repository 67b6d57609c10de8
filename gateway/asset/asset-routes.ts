import { Hono } from 'hono';
import type { AuthContext } from '../auth/auth-context';
import { requireSession } from '../auth/sessions/session-middleware';
import { createSubAccountStore } from '../auth/sub-accounts/sub-account-store';
import { businessErrorHandler, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { formatMoney } from '../money/money-units';
import type { PaperTrading } from '../trading/paper-trading';
import { readTradeBody } from '../trading/trade-input';
import { requireTrader } from '../trading/trade-session';
import { AssetFigures } from './asset-figures';
import { readBillQuery, readHistoryDays, readSubTransfer, readTransfer } from './asset-input';
import { AssetLedger } from './asset-ledger';
import { depositRoutes } from './deposit-routes';
import { recordRoutes } from './record-routes';
import { SubTransfers } from './sub-transfers';
import { Transfers } from './transfers';
import { valuationHistory } from './valuation-history';
import { withdrawRoutes } from './withdraw-routes';

/** What the asset routes need besides paper trading. */
export interface AssetRouteDeps {
  /** The auth module's context: a withdrawal uses up the session's `withdraw` step-up; family transfers read its users. */
  auth: AuthContext;
  /** Local mode serves the simulated deposit (`POST /v1/asset/dev/deposit`); elsewhere it does not exist. */
  localMode: boolean;
  /** The key deposit addresses are derived with (`depositAddressKey`). */
  depositKey: Buffer;
}

/**
 * Every `/v1/asset/` route of the assets contract (`gateway/asset/asset-api.md`): the overview, the spot and futures
 * accounts, the valuation history, the records, transfers between spot and futures and between family accounts,
 * deposits, withdrawals and the order and fill records. Each touches the signed-in user's own accounts only, except
 * the family transfer: the one route that takes user ids, and it accepts only the accounts of the session's family.
 */
export function assetRoutes(trading: PaperTrading, deps: AssetRouteDeps): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  const { ctx } = trading;
  const figures = new AssetFigures(trading);
  const ledger = new AssetLedger(ctx.db);
  const transfers = new Transfers(trading, figures);
  const subTransfers = new SubTransfers(trading, figures, {
    users: deps.auth.users,
    family: createSubAccountStore(deps.auth.db, deps.auth.users),
  });

  routes.get('/v1/asset/overview', (c) => {
    const userId = requireTrader(c, ctx);
    return replyOk(c, figures.overview(userId));
  });

  routes.get('/v1/asset/spot', (c) => {
    const userId = requireTrader(c, ctx);
    return replyOk(c, figures.spot(userId));
  });

  routes.get('/v1/asset/futures', (c) => {
    const userId = requireTrader(c, ctx);
    const account = figures.futures(userId);
    return replyOk(c, {
      marginCoin: 'USDT',
      wallet: formatMoney(account.wallet),
      available: formatMoney(account.available),
      marginInUse: formatMoney(account.marginInUse),
      orderMargin: formatMoney(account.orderMargin),
      unrealizedPL: formatMoney(account.unrealized),
      equity: formatMoney(account.equity),
      transferable: formatMoney(account.transferable),
    });
  });

  routes.get('/v1/asset/valuation-history', (c) => {
    const userId = requireTrader(c, ctx);
    const days = readHistoryDays(c);
    const overview = figures.overview(userId);
    const history = valuationHistory({
      ledger,
      simulator: ctx.simulator,
      userId,
      now: ctx.now(),
      days,
      todayUsdt: overview.totalUsdt,
      todayBtc: overview.totalBtc,
    });
    return replyOk(c, history);
  });

  routes.get('/v1/asset/bills', (c) => {
    const userId = requireTrader(c, ctx);
    const page = ledger.bills(userId, readBillQuery(c));
    return replyOk(c, {
      rows: page.bills.map((bill) => ({
        id: `${bill.seq}-${bill.account}-${bill.coin}`,
        time: String(bill.at),
        kind: bill.kind,
        account: bill.account,
        coin: bill.coin,
        amount: formatMoney(bill.amount),
        symbol: bill.symbol,
        ref: bill.ref,
      })),
      next: page.next === null ? null : String(page.next),
    });
  });

  routes.post('/v1/asset/transfer', async (c) => {
    const userId = requireTrader(c, ctx);
    const request = readTransfer(await readTradeBody(c));
    const made = transfers.make(userId, request);
    return replyOk(c, {
      transferId: made.transferId,
      from: made.from,
      to: made.to,
      coin: made.coin,
      amount: formatMoney(made.amount),
      cTime: String(made.cTime),
    });
  });

  routes.post('/v1/asset/sub-transfer', async (c) => {
    const session = requireSession(c);
    // The session's right to move family money is settled before its body is read.
    const mainId = subTransfers.familyOf(session);
    const made = subTransfers.make(session, mainId, readSubTransfer(await readTradeBody(c)));
    return replyOk(c, {
      transferId: made.transferId,
      fromUserId: made.fromUserId,
      toUserId: made.toUserId,
      from: made.from,
      to: made.to,
      coin: made.coin,
      amount: formatMoney(made.amount),
      cTime: String(made.cTime),
    });
  });

  for (const area of [depositRoutes(trading, deps), withdrawRoutes(trading, deps.auth), recordRoutes(trading)]) {
    area.onError(businessErrorHandler);
    routes.route('/', area);
  }

  return routes;
}
