import { transfer } from 'comlink';
import type { AccountFiguresReply } from '../../engine/maths/account-figures';
import type { AccountMessage, MathsFailure } from '../../workers/maths.api';
import { ledgerInputOf } from '../trade/account-panels/ledger-input';
import { ensureMarkLink, mathsLink } from '../trade/market/mark-link';
import { tradeApi } from '../trade/trade-api';
import { mathsWorker } from '../workers';

/** The futures account's figures that move with the marks, as the maths worker works them out. */
export interface LiveFuturesFigures {
  equity: string;
  unrealizedPL: string;
}

/**
 * Follows the futures account's equity and unrealized PnL at live marks: the account's positions go to the maths
 * worker with the wallet balance (equity without uPnL), the market worker sends it their marks, and `onFigures`
 * receives the figures whenever a tick moves them, once every position has a mark. Without positions nothing moves
 * and nothing is sent. A failure leaves the gateway's figures on the page. Returns the stop function.
 */
export function watchFuturesFigures(
  account: { marginCoin: string; wallet: string },
  onFigures: (figures: LiveFuturesFigures) => void,
): () => void {
  let stopped = false;
  let port: MessagePort | null = null;
  const take = (reply: AccountFiguresReply | MathsFailure | undefined): void => {
    if (stopped || !reply || 'ok' in reply) return;
    const coin = (reply as AccountFiguresReply)[account.marginCoin];
    if (coin && coin.unpriced === 0) onFigures({ equity: coin.equity, unrealizedPL: coin.unrealizedPL });
  };

  void (async () => {
    const positions = await tradeApi.positions();
    if (stopped || positions.length === 0) return;
    await ensureMarkLink();
    if (stopped) return;
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = (event: MessageEvent<AccountMessage>) => {
      if (event.data?.type === 'account') take(event.data.figures);
    };
    const answer = await mathsWorker.call(
      (api) =>
        api.watchAccount(
          transfer(
            {
              account: {
                ledger: ledgerInputOf(positions, null),
                wallets: { [account.marginCoin]: account.wallet },
              },
              tick: { marks: {} },
              port: channel.port2,
            },
            [channel.port2],
          ),
        ) as Promise<AccountFiguresReply | MathsFailure>,
    );
    take(answer);
    if (!stopped) await mathsLink.watchMarks([...new Set(positions.map((position) => position.symbol))]);
  })().catch(() => {
    // The gateway's figures stay on the page; the next refresh of the account tries again.
  });

  return () => {
    stopped = true;
    port?.close();
    void mathsLink.watchMarks([]);
    void mathsWorker.call((api) => api.stopAccountWatch()).catch(() => undefined);
  };
}
