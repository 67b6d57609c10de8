import { transfer } from 'comlink';
import { isLanguageTag } from '../engine/format/language-tag';
import { MathsInputError } from '../engine/maths';
import { AccountFigures, type AccountFiguresInput, type AccountFiguresReply } from '../engine/maths/account-figures';
import { LedgerFrames } from '../engine/maths/ledger-frames';
import { type MarginPreview, type MarginPreviewInput, marginPreview } from '../engine/maths/margin-preview';
import { type OrderValuesInput, orderValues } from '../engine/maths/order-value';
import { type TpslPreview, type TpslPreviewInput, tpslPreview } from '../engine/maths/tpsl-preview';
import type { LedgerInput, MarkTick } from '../engine/maths/position-ledger';
import type { RowsFrame } from '../engine/format/rows-table';
import { frameTransfer } from '../engine/maths/row-frame';

/** What a mark feed port carries: mark prices per symbol and the stream time they belong to. */
export interface MarkMessage extends MarkTick {
  type: 'marks';
  /** Stream time of the marks (ms), passed on as the frame's `tickTs`. */
  ts: number;
}

/** What an account watch's port receives when a tick moves the account's figures. */
export interface AccountMessage {
  type: 'account';
  figures: AccountFiguresReply;
}

/** A refusal of the maths worker, with the engine's field and code so the page can say what was wrong. */
export interface MathsFailure {
  ok: false;
  field: string;
  code: string;
  message: string;
}

function failure(error: unknown): MathsFailure {
  if (error instanceof MathsInputError)
    return { ok: false, field: error.field, code: error.code, message: error.message };
  throw error;
}

/**
 * Builds the maths worker's API (contracts/maths.md): one positions ledger and its rows, the port the rows go to and
 * the port marks come from, all in the object it returns; the worker entry exposes one.
 */
export function createMathsApi() {
  const frames = new LedgerFrames(() => performance.now());
  let out: MessagePort | null = null;
  let feed: MessagePort | null = null;
  /** The futures account whose live figures the asset page shows, and the port they go to. */
  let account: { figures: AccountFigures; port: MessagePort | null } | null = null;

  const tickAccount = (tick: MarkTick): void => {
    if (!account) return;
    try {
      const figures = account.figures.apply(tick);
      if (figures) account.port?.postMessage({ type: 'account', figures } satisfies AccountMessage);
    } catch (error) {
      if (!(error instanceof MathsInputError)) throw error;
      // As for the rows: a bad mark keeps the last good figures; the next good tick replaces them.
    }
  };

  const send = (frame: RowsFrame): void => {
    out?.postMessage(frame, frameTransfer(frame));
  };

  const onMarks = (event: MessageEvent): void => {
    const message = event.data as Partial<MarkMessage> | null;
    // The feed is another worker; still, a malformed message is dropped, never turned into a wrong number.
    if (message?.type !== 'marks' || typeof message.marks !== 'object' || message.marks === null) return;
    tickAccount({ marks: message.marks, indexPrices: message.indexPrices });
    if (!frames.hasLedger) return;
    try {
      const frame = frames.applyMarks(
        { marks: message.marks, indexPrices: message.indexPrices },
        Number(message.ts) || 0,
      );
      if (frame.indices.length > 0) send(frame);
    } catch (error) {
      if (!(error instanceof MathsInputError)) throw error;
      // A bad mark keeps the last good rows on screen; the next good tick replaces them.
    }
  };

  return {
    /**
     * Takes a ledger (positions plus account inputs) and its first marks, checks it all, and returns every row
     * display-ready. `rowsPort`, when given, then receives a frame of only the changed rows after each tick.
     */
    async setLedger(input: {
      ledger: LedgerInput;
      tick: MarkTick;
      intl: string;
      rowsPort?: MessagePort;
    }): Promise<RowsFrame | MathsFailure> {
      if (!isLanguageTag(input?.intl)) throw new TypeError('intl must be a BCP 47 language tag');
      try {
        frames.setLedger(input.ledger, input.intl);
        // Marks are market facts, not part of a ledger: a new set of positions starts from the marks already known,
        // so a position change never blanks the mark column until the next tick.
        if (input.rowsPort) {
          out?.close();
          out = input.rowsPort;
        }
        const frame = frames.fullFrame(input.tick);
        return transfer(frame, frameTransfer(frame));
      } catch (error) {
        return failure(error);
      }
    },

    /** Applies new marks and returns only the rows that changed (for callers without a feed port). */
    async applyMarks(tick: MarkTick, tickTs = 0): Promise<RowsFrame | MathsFailure> {
      if (!frames.hasLedger) throw new Error('setLedger first');
      try {
        const frame = frames.applyMarks(tick, tickTs);
        return transfer(frame, frameTransfer(frame));
      } catch (error) {
        return failure(error);
      }
    },

    /** The margin and isolated liquidation price after adding or taking out margin (the margin dialog's preview). */
    async marginPreview(input: MarginPreviewInput): Promise<MarginPreview | MathsFailure> {
      try {
        return marginPreview(input);
      } catch (error) {
        return failure(error);
      }
    },

    /** The PnL and ROE a take-profit or stop-loss would realize at its price for its size (the TP/SL dialog's preview). */
    async tpslPreview(input: TpslPreviewInput): Promise<TpslPreview | MathsFailure> {
      try {
        return tpslPreview(input);
      } catch (error) {
        return failure(error);
      }
    },

    /** Each open order's value at its own price, in the quote coin (the open-orders table's Value column). */
    async orderValues(input: OrderValuesInput): Promise<(string | null)[] | MathsFailure> {
      try {
        return orderValues(input);
      } catch (error) {
        return failure(error);
      }
    },

    /**
     * Takes a futures account (its positions and wallet per margin coin) and its first marks, and answers with its
     * live equity and unrealized PnL; `port`, when given, then receives an {@link AccountMessage} whenever a tick of
     * the mark feed moves them. A new watch replaces the last one.
     */
    async watchAccount(input: {
      account: AccountFiguresInput;
      tick: MarkTick;
      port?: MessagePort;
    }): Promise<AccountFiguresReply | MathsFailure> {
      account?.port?.close();
      account = null;
      try {
        const figures = new AccountFigures(input?.account);
        const first = figures.apply(input?.tick ?? { marks: {} }, true) ?? {};
        account = { figures, port: input?.port instanceof MessagePort ? input.port : null };
        return first;
      } catch (error) {
        return failure(error);
      }
    },

    /** Ends the account watch: its port closes and ticks no longer work its figures out. */
    async stopAccountWatch(): Promise<void> {
      account?.port?.close();
      account = null;
    },

    /**
     * Listens for marks on a port, typically one end of a MessageChannel whose other end the market worker holds,
     * so marks reach this worker without the main thread in between. Frames go to the ledger's `rowsPort`.
     */
    async attachMarkFeed(port: MessagePort): Promise<void> {
      if (!(port instanceof MessagePort)) throw new TypeError('a MessagePort is required');
      feed?.close();
      feed = port;
      port.onmessage = onMarks;
    },
  };
}

/** What the maths worker exposes. */
export type MathsApi = ReturnType<typeof createMathsApi>;
