import { memo, useEffect, useRef } from 'react';
import type { DisplayRow } from '../../../engine/format/rows-table';
import { useT } from '../../i18n/i18n';
import { useAssetDisplay } from '../../settings/asset-display';
import type { PositionRowsSnapshot } from './position-rows';
import type { FuturesPositionRow, TpslTriggerType } from '../trade-replies';
import { useNumberText } from '../use-number-text';
import { Button } from '../../ui/Button';
import { PanelScroll } from './PanelScroll';

/** What a row's buttons open: the close dialog, the TP/SL dialog, or the margin dialog (isolated only). */
export type PositionAction = 'close' | 'flash' | 'reverse' | 'tpsl' | 'margin';

export interface PositionsTableProps {
  rows: PositionRowsSnapshot;
  /** Stable across renders (a row repaints only when its own cells change). */
  onAction(action: PositionAction, position: FuturesPositionRow, sizeText: string): void;
}

/** Up or down colour of a signed figure the maths worker formatted (`-12.50`, `+3.10%`, `--`). */
function toneOf(text: string): 'up' | 'down' | undefined {
  if (text.includes('-') && /\d/.test(text)) return 'down';
  return /[1-9]/.test(text) ? 'up' : undefined;
}

/** The live cells of a row, as the maths worker formats them, and the tone each one takes. */
const LIVE_CELLS = [
  { cell: 'mark', value: (row: DisplayRow) => row.mark, isToned: false },
  { cell: 'upnl', value: (row: DisplayRow) => row.upnl, isToned: true },
  { cell: 'roe', value: (row: DisplayRow) => row.roePercent, isToned: true },
  { cell: 'liquidation', value: (row: DisplayRow) => row.liquidation, isToned: false },
] as const;

/** Writes a row's live figures into its cells, touching only the text that changed. */
function writeLiveCells(tr: HTMLTableRowElement, row: DisplayRow): void {
  for (const { cell, value, isToned } of LIVE_CELLS) {
    const td = tr.querySelector<HTMLElement>(`[data-cell="${cell}"]`);
    const bdi = td?.firstElementChild;
    if (!td || !bdi) continue;
    const text = value(row);
    if (bdi.textContent !== text) bdi.textContent = text;
    if (!isToned) continue;
    const tone = toneOf(text);
    if (tone === undefined) td.removeAttribute('data-tone');
    else if (td.dataset.tone !== tone) td.dataset.tone = tone;
  }
}

/**
 * Every open position of the account: static figures from the book, live ones (mark, uPnL, ROE, liquidation) from
 * the maths worker. React renders the rows when the book is set; the live figures are written straight into their
 * cells as they change (a few times a second), so a mark tick costs a few text writes, not a render of 20 rows.
 * Rows scrolled out of view are not written at all (no layout, no paint) until they come back into view.
 */
export function PositionsTable({ rows, onAction }: PositionsTableProps) {
  const t = useT();
  // Hidden balances hide the money of each position too (its margin and uPnL), by CSS over the live cells, so the
  // live writes below stay as they are.
  const masked = !useAssetDisplay().amountsShown;
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const rowAt = (index: number) => element.querySelector<HTMLTableRowElement>(`tr[data-row-index="${index}"]`);
    const write = (index: number) => {
      const row = rows.table.row(index);
      const tr = rowAt(index);
      if (row && tr) writeLiveCells(tr, row);
    };
    const visible = new Set<number>();
    const stale = new Set<number>();
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            for (const entry of entries) {
              const index = Number((entry.target as HTMLElement).dataset.rowIndex);
              if (!entry.isIntersecting) {
                visible.delete(index);
                continue;
              }
              visible.add(index);
              if (stale.delete(index)) write(index);
            }
          })
        : null;
    for (const tr of element.querySelectorAll<HTMLTableRowElement>('tr[data-row-index]')) observer?.observe(tr);
    const stop = rows.onCells((indices) => {
      for (const index of indices) {
        if (observer && !visible.has(index)) stale.add(index);
        else write(index);
      }
    });
    return () => {
      stop();
      observer?.disconnect();
    };
  }, [rows]);
  return (
    <PanelScroll label={t('trade.acct.positions')}>
      <table className="account-table account-table--positions account-table--cards" data-masked={masked || undefined}>
        <caption className="trade-visually-hidden">{t('trade.acct.positions')}</caption>
        <colgroup>
          <col className="col-symbol" />
          <col className="col-wide" span={8} />
          <col className="col-narrow" />
          <col className="col-action" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('trade.acct.symbol')}</th>
            <th scope="col">{t('trade.form.amount')}</th>
            <th scope="col">{t('trade.acct.entry')}</th>
            <th scope="col">{t('trade.acct.mark')}</th>
            <th scope="col">{t('trade.acct.upnl')}</th>
            <th scope="col">{t('trade.acct.roe')}</th>
            <th scope="col">{t('trade.acct.liqPrice')}</th>
            <th scope="col">{t('trade.acct.margin')}</th>
            <th scope="col">{t('trade.pos.tpsl')}</th>
            <th scope="col">{t('trade.acct.leverage')}</th>
            <th scope="col">
              <span className="trade-visually-hidden">{t('trade.acct.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.positions.map((position, index) => {
            const row = rows.table.row(index);
            return row ? (
              <PositionRow key={row.id} index={index} position={position} row={row} onAction={onAction} />
            ) : null;
          })}
        </tbody>
      </table>
    </PanelScroll>
  );
}

interface PositionRowProps {
  index: number;
  position: FuturesPositionRow;
  row: DisplayRow;
  onAction(action: PositionAction, position: FuturesPositionRow, sizeText: string): void;
}

const PositionRow = memo(function PositionRow({ index, position, row, onAction }: PositionRowProps) {
  const t = useT();
  const number = useNumberText();
  const side = position.holdSide === 'long' ? t('trade.acct.long') : t('trade.acct.short');
  return (
    <tr data-position-id={row.id} data-row-index={index}>
      <th scope="row">
        {position.symbol} <span data-tone={position.holdSide === 'long' ? 'up' : 'down'}>{side}</span>
        <span className="account-table__sub">
          {position.marginMode === 1 ? t('trade.form.isolated') : t('trade.form.cross')}
        </span>
      </th>
      <td className="account-table__num" data-label={t('trade.form.amount')}>
        <bdi dir="ltr">{`${row.size} ${position.baseCoin}`}</bdi>
      </td>
      <td className="account-table__num" data-label={t('trade.acct.entry')}>
        <bdi dir="ltr">{row.entry}</bdi>
      </td>
      <td className="account-table__num" data-cell="mark" data-label={t('trade.acct.mark')}>
        <bdi dir="ltr">{row.mark}</bdi>
      </td>
      <td
        className="account-table__num"
        data-cell="upnl"
        data-money=""
        data-tone={toneOf(row.upnl)}
        data-label={t('trade.acct.upnl')}
      >
        <bdi dir="ltr">{row.upnl}</bdi>
      </td>
      <td
        className="account-table__num"
        data-cell="roe"
        data-tone={toneOf(row.roePercent)}
        data-label={t('trade.acct.roe')}
      >
        <bdi dir="ltr">{row.roePercent}</bdi>
      </td>
      <td className="account-table__num" data-cell="liquidation" data-label={t('trade.acct.liqPrice')}>
        <bdi dir="ltr">{row.liquidation}</bdi>
      </td>
      <td className="account-table__num" data-money="" data-label={t('trade.acct.margin')}>
        <bdi dir="ltr">{row.margin}</bdi>
        {position.marginMode === 1 && (
          <Button
            size="sm"
            variant="plain"
            className="account-table__edit"
            onClick={() => onAction('margin', position, row.size)}
            aria-label={t('trade.pos.marginNamed', { side, symbol: position.symbol })}
          >
            ±
          </Button>
        )}
      </td>
      <td className="account-table__num" data-cell="tpsl" data-label={t('trade.pos.tpsl')}>
        <bdi dir="ltr">{`${number(position.presetStopSurplusPrice || null)} / ${number(position.presetStopLossPrice || null)}`}</bdi>
        <PresetNote
          label={t('trade.pos.tpShort')}
          price={position.presetStopSurplusPrice}
          trigger={position.presetStopSurplusTriggerType}
          size={position.presetStopSurplusSize}
          coin={position.baseCoin}
        />
        <PresetNote
          label={t('trade.pos.slShort')}
          price={position.presetStopLossPrice}
          trigger={position.presetStopLossTriggerType}
          size={position.presetStopLossSize}
          coin={position.baseCoin}
        />
        <Button
          size="sm"
          variant="plain"
          className="account-table__edit"
          onClick={() => onAction('tpsl', position, row.size)}
          aria-label={t('trade.pos.tpslNamed', { side, symbol: position.symbol })}
        >
          ✎
        </Button>
      </td>
      <td className="account-table__num" data-label={t('trade.acct.leverage')}>
        <bdi dir="ltr">{`${position.positionsLevel}×`}</bdi>
      </td>
      <td className="account-table__action">
        <div className="account-table__actions">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('close', position, row.size)}
            aria-label={t('trade.acct.closeNamed', { side, symbol: position.symbol })}
          >
            {t('trade.acct.close')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('flash', position, row.size)}
            aria-label={t('trade.pos.flashCloseNamed', { side, symbol: position.symbol })}
            title={t('trade.pos.flashCloseHint')}
          >
            {t('trade.pos.flashClose')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('reverse', position, row.size)}
            aria-label={t('trade.pos.reverseNamed', { side, symbol: position.symbol })}
          >
            {t('trade.pos.reverse')}
          </Button>
        </div>
      </td>
    </tr>
  );
});

/**
 * What a preset watches and closes when it is not the default (the mark, the whole position): "TP: Last, 0.0100 BTC".
 * Nothing for a preset that is not set or is the default, so the common row stays one line.
 */
function PresetNote(props: { label: string; price: string; trigger: TpslTriggerType; size: string; coin: string }) {
  const t = useT();
  const number = useNumberText();
  if (!props.price || (props.trigger === 'mark_price' && !props.size)) return null;
  const trigger = props.trigger === 'fill_price' ? t('trade.pos.triggerLast') : t('trade.pos.triggerMark');
  return (
    <span className="account-table__note" data-preset-note="">
      {props.size
        ? t('trade.pos.presetNote', { preset: props.label, trigger, size: number(props.size), coin: props.coin })
        : t('trade.pos.presetNoteWhole', { preset: props.label, trigger })}
    </span>
  );
}
