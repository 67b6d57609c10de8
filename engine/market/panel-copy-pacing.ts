/**
 * The page's side of the painted panels' accessible copies (README, trading screens): when each copy is shown, by the
 * rules and intervals of `page-pacing.ts`. The clock and the timers are passed in.
 */
import { isBookChangeUrgent, isTapeChangeUrgent, PAGE_BOOK_MS } from './page-pacing';
import type { PacerClock } from './part-pacer';

/**
 * The page's copies of the painted panels that are due, shown together in the task that brought them (the ticker
 * frame they rode), after its other listeners: the page renders and lays them out in the same frame as the ticker's
 * figures. A frame of their own every two seconds cost more main-thread time (its style, layout, paint and commit)
 * than the few rows of text it laid out.
 */
export class CopyBatch {
  private readonly due = new Set<() => void>();
  private isQueued = false;

  /** `defer` runs its callback once the current task's work is done (the page's `queueMicrotask`). */
  constructor(private readonly defer: (run: () => void) => void) {}

  /** Shows `show` with the batch. */
  add(show: () => void): void {
    this.due.add(show);
    if (this.isQueued) return;
    this.isQueued = true;
    this.defer(() => {
      this.isQueued = false;
      const due = [...this.due];
      this.due.clear();
      for (const run of due) run();
    });
  }

  /** Takes `show` out of the batch (it was shown at once, or its panel went away). */
  remove(show: () => void): void {
    this.due.delete(show);
  }
}

/** The urgency rule of each painted panel's copy on the page. */
const COPY_URGENCY = { book: isBookChangeUrgent, trades: isTapeChangeUrgent };

/** What a {@link PanelCopyPacer} paces: the panel, how to read its newest copy, how to show one, and who paces the feed. */
export interface PanelCopySetup<K extends keyof typeof COPY_URGENCY> {
  panel: K;
  read(): Parameters<(typeof COPY_URGENCY)[K]>[0];
  show(value: Parameters<(typeof COPY_URGENCY)[K]>[0]): void;
  /** The market worker paints the panel and already sends its copy seldom, riding a ticker frame: batch, no timer. */
  isPacedByFeed: boolean;
  clock: PacerClock;
  batch: CopyBatch;
}

/**
 * The page's accessible copy of one painted panel (README: refreshed every two seconds): shown at once when it
 * starts, stops or regroups; else, when the worker paces it, with the {@link CopyBatch}; else at most once per
 * {@link PAGE_BOOK_MS}, so a page that paints the panel itself does not also lay out its table every frame.
 */
export class PanelCopyPacer<K extends keyof typeof COPY_URGENCY> {
  private shown: Parameters<(typeof COPY_URGENCY)[K]>[0];
  private shownAt = 0;
  private timer: unknown = null;
  private readonly showNow = (): void => {
    this.timer = null;
    this.shown = this.setup.read();
    this.shownAt = this.setup.clock.now();
    this.setup.show(this.shown);
  };

  constructor(private readonly setup: PanelCopySetup<K>) {
    this.shown = setup.read();
  }

  /** The panel's part changed in the page's store. */
  changed(): void {
    const { setup } = this;
    const isUrgent = COPY_URGENCY[setup.panel] as (next: unknown, shown: unknown) => boolean;
    if (isUrgent(setup.read(), this.shown)) {
      if (this.timer !== null) setup.clock.clearTimeout(this.timer);
      setup.batch.remove(this.showNow);
      this.showNow();
    } else if (setup.isPacedByFeed) {
      setup.batch.add(this.showNow);
    } else if (this.timer === null) {
      this.timer = setup.clock.setTimeout(this.showNow, Math.max(0, PAGE_BOOK_MS - (setup.clock.now() - this.shownAt)));
    }
  }

  /** Drops what is pending (the panel went away). */
  close(): void {
    if (this.timer !== null) this.setup.clock.clearTimeout(this.timer);
    this.timer = null;
    this.setup.batch.remove(this.showNow);
  }
}
