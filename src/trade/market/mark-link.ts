import { type Remote, transfer } from 'comlink';
import type { LedgerInput, MarkTick } from '../../../engine/maths/position-ledger';
import type { RowsFrame } from '../../../engine/format/rows-table';
import type { MarketApi } from '../../../workers/market.api';
import type { MathsApi, MathsFailure } from '../../../workers/maths.api';
import { marketWorker, mathsWorker } from '../../workers';

/** What the positions panel asks of the maths worker: set the ledger and get its rows, deltas on `rowsPort`. */
export interface MathsLink {
  setLedger(
    input: { ledger: LedgerInput; tick: MarkTick; intl: string },
    rowsPort: MessagePort,
  ): Promise<RowsFrame | MathsFailure>;
  /** Has the market worker send the marks of these USDT-M symbols to the maths worker; `[]` stops. Never rejects. */
  watchMarks(symbols: readonly string[]): Promise<void>;
}

/** The pair of workers the current mark channel joins; a restarted worker needs a new channel. */
let linked: { maths: Remote<MathsApi>; market: Remote<MarketApi> } | null = null;
let linking: Promise<void> | null = null;

/**
 * Joins the market worker's futures marks to the maths worker's feed over a MessageChannel (ARCHITECTURE: marks go
 * worker to worker; the main thread only creates the channel and hands one port to each side).
 */
export function ensureMarkLink(): Promise<void> {
  const maths = mathsWorker.remote();
  const market = marketWorker.remote();
  if (linked?.maths === maths && linked.market === market) return Promise.resolve();
  if (linking) return linking;
  const channel = new MessageChannel();
  linking = (async () => {
    try {
      await mathsWorker.call((api) => api.attachMarkFeed(transfer(channel.port2, [channel.port2])));
      await marketWorker.call((api) => api.attachMarkPort(transfer(channel.port1, [channel.port1])));
      linked = { maths, market };
    } catch {
      // Without marks the rows show their static figures and `--`; the next ledger tries again.
      channel.port1.close();
      linked = null;
    } finally {
      linking = null;
    }
  })();
  return linking;
}

/** The app's maths link: the lazily started maths worker, fed marks by the market worker. */
export const mathsLink: MathsLink = {
  async setLedger(input, rowsPort) {
    await ensureMarkLink();
    return mathsWorker.call(
      (api) => api.setLedger(transfer({ ...input, rowsPort }, [rowsPort])) as Promise<RowsFrame | MathsFailure>,
    );
  },
  async watchMarks(symbols) {
    try {
      await marketWorker.call((api) => api.watchMarks([...symbols]));
    } catch {
      // Without a symbol's marks its rows keep their static figures and `--`; the next ledger asks again.
    }
  },
};
