import { memo } from 'react';
import type { DisplayRow } from '../../../engine/maths/row-frame';
import { useT } from '../../i18n/i18n';
import type { PositionRowsSnapshot } from '../../trade/position-rows';
import type { FuturesPositionRow } from '../../trade/trade-replies';
import { Button } from '../../ui/Button';

export interface PositionsTableProps {
  rows: PositionRowsSnapshot;
  /** Stable across renders (a row repaints only when its own cells change). */
  onClose(position: FuturesPositionRow, sizeText: string): void;
}

/** Up or down colour of a signed figure the maths worker formatted (`-12.50`, `+3.10%`, `--`). */
function toneOf(text: string): 'up' | 'down' | undefined {
  if (text.includes('-') && /\d/.test(text)) return 'down';
  return /[1-9]/.test(text) ? 'up' : undefined;
}

/**
 * Every open position of the account: static figures from the book, live ones (mark, uPnL, ROE, liquidation) from
 * the maths worker. A row re-renders only when the worker changed its cells: the table keeps one decoded object
 * per unchanged row, so with 20 positions a mark tick of one symbol repaints two rows, not twenty.
 */
export function PositionsTable({ rows, onClose }: PositionsTableProps) {
  const t = useT();
  return (
    <div className="account-panels__scroll">
      <table className="account-table">
        <caption className="trade-visually-hidden">{t('trade.acct.positions')}</caption>
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
            <th scope="col">{t('trade.acct.leverage')}</th>
            <th scope="col">
              <span className="trade-visually-hidden">{t('trade.acct.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.positions.map((position, index) => {
            const row = rows.table.row(index);
            return row ? <PositionRow key={row.id} position={position} row={row} onClose={onClose} /> : null;
          })}
        </tbody>
      </table>
    </div>
  );
}

interface PositionRowProps {
  position: FuturesPositionRow;
  row: DisplayRow;
  onClose(position: FuturesPositionRow, sizeText: string): void;
}

const PositionRow = memo(function PositionRow({ position, row, onClose }: PositionRowProps) {
  const t = useT();
  const side = position.holdSide === 'long' ? t('trade.acct.long') : t('trade.acct.short');
  return (
    <tr data-position-id={row.id}>
      <th scope="row">
        {position.symbol} <span data-tone={position.holdSide === 'long' ? 'up' : 'down'}>{side}</span>
        <span className="account-table__sub">{position.marginMode === 1 ? t('trade.form.isolated') : t('trade.form.cross')}</span>
      </th>
      <td className="account-table__num">
        <bdi dir="ltr">{`${row.size} ${position.baseCoin}`}</bdi>
      </td>
      <td className="account-table__num">
        <bdi dir="ltr">{row.entry}</bdi>
      </td>
      <td className="account-table__num" data-cell="mark">
        <bdi dir="ltr">{row.mark}</bdi>
      </td>
      <td className="account-table__num" data-cell="upnl" data-tone={toneOf(row.upnl)}>
        <bdi dir="ltr">{row.upnl}</bdi>
      </td>
      <td className="account-table__num" data-cell="roe" data-tone={toneOf(row.roePercent)}>
        <bdi dir="ltr">{row.roePercent}</bdi>
      </td>
      <td className="account-table__num" data-cell="liquidation">
        <bdi dir="ltr">{row.liquidation}</bdi>
      </td>
      <td className="account-table__num">
        <bdi dir="ltr">{row.margin}</bdi>
      </td>
      <td className="account-table__num">
        <bdi dir="ltr">{`${position.positionsLevel}×`}</bdi>
      </td>
      <td className="account-table__action">
        <Button size="sm" variant="secondary" onClick={() => onClose(position, row.size)} aria-label={t('trade.acct.closeNamed', { side, symbol: position.symbol })}>
          {t('trade.acct.close')}
        </Button>
      </td>
    </tr>
  );
});
