import { useCallback, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { AccountSnapshot } from './account-store';
import { errorText } from '../trade-api';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { usePositionRows } from './use-position-rows';
import { StateView } from '../../ui/StateView';
import { showToast } from '../../ui/toast/toast-state';
import { AccountPanelsState } from './AccountPanelsState';
import { PositionCloseDialog } from './PositionCloseDialog';
import { PositionsTable } from './PositionsTable';

export interface PositionsPanelProps {
  account: AccountSnapshot;
}

/** Every open futures position of the account, with live uPnL, ROE and liquidation price from the maths worker, and a confirmed close. */
export function PositionsPanel({ account }: PositionsPanelProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  const slice = account.positions;
  const rows = usePositionRows(slice.data, account.futuresAccount.data);
  const [target, setTarget] = useState<{ position: FuturesPositionRow; size: string } | null>(null);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!target || closing) return;
    setClosing(true);
    setFailure(null);
    try {
      await api.closePosition(target.position.symbol, target.position.holdSide);
      showToast({ type: 'success', message: t('trade.acct.closed') });
      setTarget(null);
      store.refresh('positions', 'futuresAccount');
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setClosing(false);
    }
  };

  const isEmpty = slice.data.length === 0;
  const onClose = useCallback((position: FuturesPositionRow, size: string) => setTarget({ position, size }), []);
  let body = <PositionsTable rows={rows} onClose={onClose} />;
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
      {body}
      <PositionCloseDialog
        position={target?.position ?? null}
        sizeText={target?.size ?? ''}
        base={target?.position.baseCoin ?? ''}
        closing={closing}
        error={failure}
        onConfirm={() => void confirm()}
        onClose={() => {
          setTarget(null);
          setFailure(null);
        }}
      />
    </AccountPanelsState>
  );
}
