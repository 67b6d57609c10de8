import type { LedgerInput } from '../../../engine/maths/position-ledger';
import { RowsTable } from '../../../engine/format/rows-table';
import { t } from '../../i18n/i18n';
import { WorkerCallError } from '../../workers';
import type { MathsLink } from '../market/mark-link';
import type { FuturesPositionRow } from '../trade-replies';

/** What the positions table paints: the maths worker's rows for `positions` (same order), or why there are none. */
export interface PositionRowsSnapshot {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The positions the table's rows belong to (the ledger last set). */
  positions: readonly FuturesPositionRow[];
  table: RowsTable;
  /** Bumped when the rows are set anew (a new ledger, an error), so React renders them; live figures do not bump it. */
  version: number;
  error: string | null;
  /**
   * Listens for live figures: the indices of the rows whose cells a delta changed (the market worker sends marks
   * a few times a second). The table writes those cells itself; a React render per mark tick is what it avoids.
   */
  onCells: (listener: (indices: ReadonlySet<number>) => void) => () => void;
}

/**
 * Holds the display rows of the positions panel: sets the ledger in the maths worker and applies its frames (the
 * first full one, then deltas on a MessageChannel as marks arrive from the market worker). The main thread only
 * records where each changed row's cells are and reads the rows it paints; uPnL, ROE and liquidation prices are
 * computed in the worker.
 */
export class PositionRowsFeed {
  private readonly cellListeners = new Set<(indices: ReadonlySet<number>) => void>();
  private readonly onCells = (listener: (indices: ReadonlySet<number>) => void): (() => void) => {
    this.cellListeners.add(listener);
    return () => this.cellListeners.delete(listener);
  };
  private snapshot: PositionRowsSnapshot = {
    status: 'idle',
    positions: [],
    table: new RowsTable(),
    version: 0,
    error: null,
    onCells: this.onCells,
  };
  private readonly listeners = new Set<() => void>();
  private port: MessagePort | null = null;
  private request = 0;

  constructor(private readonly maths: MathsLink) {}

  readonly getSnapshot = (): PositionRowsSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(patch: Partial<PositionRowsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch, version: this.snapshot.version + 1 };
    for (const listener of [...this.listeners]) listener();
  }

  /** Sets a new ledger; an answer for an older ledger is dropped. */
  async setLedger(positions: readonly FuturesPositionRow[], ledger: LedgerInput, intl: string): Promise<void> {
    const id = ++this.request;
    this.port?.close();
    this.port = null;
    // Every position's symbol, not only the screen's: their marks go worker to worker while the rows are shown.
    void this.maths.watchMarks([...new Set(positions.map((position) => position.symbol))]);
    if (positions.length === 0) {
      this.emit({ status: 'ready', positions, table: new RowsTable(), error: null });
      return;
    }
    if (this.snapshot.status !== 'ready') this.emit({ status: 'loading', error: null });
    const channel = new MessageChannel();
    const table = new RowsTable();
    channel.port1.onmessage = (event: MessageEvent) => {
      if (id !== this.request || !isFrame(event.data)) return;
      const changed = table.apply(event.data);
      // Until the ledger's rows are on screen (the full answer), its deltas only update the table.
      if (changed.length === 0 || table !== this.snapshot.table) return;
      const indices = new Set(changed);
      for (const listener of [...this.cellListeners]) listener(indices);
    };
    this.port = channel.port1;
    try {
      const answer = await this.maths.setLedger({ ledger, tick: { marks: {} }, intl }, channel.port2);
      if (id !== this.request) return;
      if (!('isFull' in answer)) {
        this.emit({ status: 'error', error: t('trade.acct.mathsFailed') });
        return;
      }
      table.apply(answer);
      this.emit({ status: 'ready', positions, table, error: null });
    } catch (error) {
      if (id !== this.request) return;
      const kind = error instanceof WorkerCallError ? error.kind : 'failed';
      this.emit({ status: 'error', error: t(kind === 'timeout' ? 'error.workerTimeout' : 'error.workerFailed') });
    }
  }

  /** Lets go of the rows channel and of the marks watched for it. */
  close(): void {
    this.request += 1;
    this.port?.close();
    this.port = null;
    void this.maths.watchMarks([]);
  }
}

function isFrame(value: unknown): value is Parameters<RowsTable['apply']>[0] {
  const frame = value as { indices?: unknown; offsets?: unknown; cells?: unknown } | null;
  return (
    !!frame &&
    frame.indices instanceof Uint32Array &&
    frame.offsets instanceof Uint32Array &&
    frame.cells instanceof Uint16Array
  );
}
