import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { useIntlTag } from '../use-number-text';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { PositionFormDialog } from './PositionFormDialog';
import { usePositionSave } from './use-position-save';
import { stepOf, stepProblem, typedText, plainValue } from './position-inputs';

export interface PositionTpslDialogProps {
  /** The position whose TP/SL is edited, or null when the dialog is shut. */
  position: FuturesPositionRow | null;
  onClose(): void;
}

/** Edits the take-profit and stop-loss of an open position; an empty field clears its price. */
export function PositionTpslDialog({ position, onClose }: PositionTpslDialogProps) {
  const t = useT();
  const intl = useIntlTag();
  const { api, store } = useTradeServices();
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [checked, setChecked] = useState(false);
  const { saving, failure, clearFailure, run } = usePositionSave();
  useEffect(() => {
    setTp(position?.presetStopSurplusPrice ?? '');
    setSl(position?.presetStopLossPrice ?? '');
    setChecked(false);
    clearFailure();
  }, [position, clearFailure]);
  const places = position?.pricePlace ?? 0;
  const problemText = (text: string) => {
    const value = plainValue(text);
    if (text.trim() === '') return null;
    const problem = value === null ? 'not-positive' : stepProblem(value, places);
    if (problem === 'not-positive') return t('order.notPositive');
    return problem === 'tick' ? t('order.tick', { step: stepOf(places) }) : null;
  };
  const tpProblem = checked ? problemText(tp) : null;
  const slProblem = checked ? problemText(sl) : null;

  const save = async () => {
    if (!position || saving) return;
    setChecked(true);
    if (problemText(tp) || problemText(sl)) return;
    await run(
      () =>
        api.setPositionTpsl(position.symbol, position.holdSide, {
          takeProfit: plainValue(tp) ?? '',
          stopLoss: plainValue(sl) ?? '',
        }),
      () => {
        showToast({ type: 'success', message: t('trade.pos.tpslSaved') });
        store.refresh('positions');
        onClose();
      },
    );
  };

  return (
    <PositionFormDialog
      open={position !== null}
      title={t('trade.pos.tpslTitle')}
      saving={saving}
      onClose={onClose}
      onSave={() => void save()}
      failure={failure}
    >
      <p className="account-table__sub">{t('trade.pos.tpslHint')}</p>
      <Field
        label={t('trade.pos.takeProfit')}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={tp}
        error={tpProblem}
        onChange={(event) => setTp(typedText(event.currentTarget.value, tp, places, intl))}
      />
      <Field
        label={t('trade.pos.stopLoss')}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={sl}
        error={slProblem}
        onChange={(event) => setSl(typedText(event.currentTarget.value, sl, places, intl))}
      />
    </PositionFormDialog>
  );
}
