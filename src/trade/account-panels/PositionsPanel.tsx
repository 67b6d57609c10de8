import { useCallback, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { AccountSnapshot } from './account-store';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { usePositionRows } from './use-position-rows';
import { StateView } from '../../ui/StateView';
import { AccountPanelsState } from './AccountPanelsState';
import { CloseAllPositions } from './CloseAllPositions';
import { PositionCloseDialog } from './PositionCloseDialog';
import { PositionMarginDialog } from './PositionMarginDialog';
import { type PositionAction, PositionsTable } from './PositionsTable';
import { PositionReverseDialog } from './PositionReverseDialog';
import { PositionTpslDialog } from './PositionTpslDialog';
import { useFlashClose } from './use-flash-close';

export interface PositionsPanelProps {
  account: AccountSnapshot;
}

/**
 * Every open futures position of the account, with live uPnL, ROE and liquidation price from the maths worker; each
 * row closes (market or limit), edits its TP/SL and, when isolated, its margin; Close all closes every one.
 */
export function PositionsPanel({ account }: PositionsPanelProps) {
  const t = useT();
  const { store } = useTradeServices();
  const slice = account.positions;
  const rows = usePositionRows(slice.data, account.futuresAccount.data);
  const [target, setTarget] = useState<{ action: PositionAction; position: FuturesPositionRow; size: string } | null>(
    null,
  );
  const shown = (action: PositionAction) => (target?.action === action ? target.position : null);
  const done = useCallback(() => setTarget(null), []);

  const isEmpty = slice.data.length === 0;
  const flashClose = useFlashClose();
  const onAction = useCallback(
    (action: PositionAction, position: FuturesPositionRow, size: string) =>
      action === 'flash' ? flashClose(position) : setTarget({ action, position, size }),
    [flashClose],
  );
  let body = <PositionsTable rows={rows} onAction={onAction} />;
  if (!isEmpty && rows.status === 'error')
    body = <StateView state="error" message={rows.error ?? undefined} onRetry={() => store.refresh('positions')} />;
  else if (!isEmpty && rows.positions !== slice.data && rows.status !== 'ready') body = <StateView state="loading" />;

  return (
    <AccountPanelsState
      session={account.session}
      slice={slice}
      isEmpty={isEmpty}
      emptyText={t('trade.acct.noPositions')}
      onRetry={() => store.refresh('positions')}
    >
      <CloseAllPositions count={slice.data.length} />
      {body}
      <PositionCloseDialog
        position={shown('close')}
        sizeText={target?.size ?? ''}
        base={target?.position.baseCoin ?? ''}
        onClose={done}
      />
      <PositionReverseDialog position={shown('reverse')} sizeText={target?.size ?? ''} onClose={done} />
      <PositionTpslDialog position={shown('tpsl')} onClose={done} />
      <PositionMarginDialog position={shown('margin')} onClose={done} />
    </AccountPanelsState>
  );
}
