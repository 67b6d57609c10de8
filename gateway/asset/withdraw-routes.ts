import { Hono } from 'hono';
import { sessionIdOf } from '../auth/sessions/session-middleware';
import type { AuthContext } from '../auth/auth-context';
import { withStepUp } from '../auth/second-factors/step-up';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { formatMoney } from '../money/money-units';
import type { PaperTrading } from '../trading/paper-trading';
import { readTradeBody } from '../trading/trade-input';
import { requireTrader } from '../trading/trade-session';
import { AddressBook, type SavedAddress } from './address-book';
import { assertRealFunds } from './funds';
import {
  readAddressId,
  readChainQuery,
  readCoinQuery,
  readFundsQuery,
  readNewAddress,
  readWithdrawal,
} from './funds-input';
import { pageView } from './record-page';
import { usdtFigure } from './valuation';
import { type WithdrawalRecord, Withdrawals } from './withdrawals';

/** A withdrawal as the contract sends it. */
export function withdrawalView(withdrawal: WithdrawalRecord) {
  return {
    id: withdrawal.id,
    coin: withdrawal.coin,
    chain: withdrawal.chain,
    address: withdrawal.address,
    memo: withdrawal.memo,
    amount: formatMoney(withdrawal.amount),
    fee: formatMoney(withdrawal.fee),
    txId: withdrawal.txId,
    status: withdrawal.status,
    cTime: String(withdrawal.cTime),
    uTime: String(withdrawal.uTime),
  };
}

/** An address-book entry as the contract sends it. */
function addressView(entry: SavedAddress) {
  return { ...entry, cTime: String(entry.cTime) };
}

/**
 * The address book, the withdraw screen's figures, withdrawals and their list (assets contract, "Withdraw"). A
 * withdrawal needs this session's fresh `withdraw` step-up, used up in the same transaction as the withdrawal, so a
 * refused one keeps it; the risk token is checked before any route runs (the app's §7.6 check). A demo account
 * gets 40305 on the figures and the withdrawal: its money stays in the simulation.
 */
export function withdrawRoutes(trading: PaperTrading, auth: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { ctx } = trading;
  const book = new AddressBook(ctx.db, ctx.now);
  const withdrawals = new Withdrawals(ctx);

  routes.get('/v1/asset/address/list', (c) => {
    const userId = requireTrader(c, ctx);
    return replyOk(c, book.entries(userId, readCoinQuery(c)).map(addressView));
  });

  routes.post('/v1/asset/address/add', async (c) => {
    const userId = requireTrader(c, ctx);
    const entry = readNewAddress(await readTradeBody(c));
    return replyOk(c, addressView(book.add(userId, entry)));
  });

  routes.post('/v1/asset/address/delete', async (c) => {
    const userId = requireTrader(c, ctx);
    const id = readAddressId(await readTradeBody(c));
    book.delete(userId, id);
    return replyOk(c, { id: String(id) });
  });

  routes.get('/v1/asset/withdraw/info', (c) => {
    const userId = requireTrader(c, ctx);
    assertRealFunds(ctx, userId);
    const { coin, spec } = readChainQuery(c, 'withdraw');
    const info = withdrawals.info(userId, spec, coin);
    return replyOk(c, {
      coin,
      chain: spec.chain,
      available: formatMoney(info.available),
      fee: spec.withdrawFee,
      minWithdraw: spec.minWithdraw,
      dailyLimitUsdt: usdtFigure(info.limit),
      usedTodayUsdt: usdtFigure(info.used),
      remainingUsdt: usdtFigure(info.remaining),
    });
  });

  routes.post('/v1/asset/spot/withdraw', async (c) => {
    const userId = requireTrader(c, ctx);
    // Before the step-up: a demo account is not asked for a second factor it could never use here.
    assertRealFunds(ctx, userId);
    const request = readWithdrawal(await readTradeBody(c));
    const made = withStepUp(auth, sessionIdOf(c), 'withdraw', () => withdrawals.make(userId, request));
    ctx.changes.notify(userId, ['assets']);
    return replyOk(c, withdrawalView(made));
  });

  routes.get('/v1/asset/withdrawals', (c) => {
    const userId = requireTrader(c, ctx);
    return replyOk(c, pageView(withdrawals.page(userId, readFundsQuery(c)), withdrawalView));
  });

  return routes;
}
