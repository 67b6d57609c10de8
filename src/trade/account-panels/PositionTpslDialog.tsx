import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { PositionTpslPresets } from '../trade-api';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { showToast } from '../../ui/toast/toast-state';
import { PositionFormDialog } from './PositionFormDialog';
import { usePositionSave } from './use-position-save';
import { compareDecimal, stepOf, stepProblem, plainValue } from './position-inputs';
import { type TpslPresetDraft, TpslPresetFields } from './TpslPresetFields';

export interface PositionTpslDialogProps {
  /** The position whose TP/SL is edited, or null when the dialog is shut. */
  position: FuturesPositionRow | null;
  onClose(): void;
}

/** A preset as the position has it: its price, the price it watches, its size ("" for the whole position). */
function draftOf(position: FuturesPositionRow | null, kind: 'tp' | 'sl'): TpslPresetDraft {
  if (!position) return { price: '', type: 'mark_price', size: '' };
  return kind === 'tp'
    ? {
        price: position.presetStopSurplusPrice,
        type: position.presetStopSurplusTriggerType,
        size: position.presetStopSurplusSize,
      }
    : {
        price: position.presetStopLossPrice,
        type: position.presetStopLossTriggerType,
        size: position.presetStopLossSize,
      };
}

/** What one preset sends: "" clears it; a price goes with the price it watches and its size (left out: all of it). */
function sentOf(draft: TpslPresetDraft) {
  const price = plainValue(draft.price);
  if (price === null) return { price: '' };
  return { price, type: draft.type, size: plainValue(draft.size) ?? undefined };
}

/**
 * Edits the take-profit and stop-loss of an open position: each price (empty clears it), the price it watches (mark
 * or last), the size it closes (empty: the whole position) and a preview of what it would realize. A refusal stays
 * in the dialog with everything typed kept.
 */
export function PositionTpslDialog({ position, onClose }: PositionTpslDialogProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  const [tp, setTp] = useState<TpslPresetDraft>(() => draftOf(null, 'tp'));
  const [sl, setSl] = useState<TpslPresetDraft>(() => draftOf(null, 'sl'));
  const [checked, setChecked] = useState(false);
  const { saving, failure, clearFailure, run } = usePositionSave();
  useEffect(() => {
    setTp(draftOf(position, 'tp'));
    setSl(draftOf(position, 'sl'));
    setChecked(false);
    clearFailure();
  }, [position, clearFailure]);
  const pricePlaces = position?.pricePlace ?? 0;
  const sizePlaces = position?.volumePlace ?? 0;
  const priceProblem = (text: string) => {
    const value = plainValue(text);
    if (text.trim() === '') return null;
    const problem = value === null ? 'not-positive' : stepProblem(value, pricePlaces);
    if (problem === 'not-positive') return t('order.notPositive');
    return problem === 'tick' ? t('order.tick', { step: stepOf(pricePlaces) }) : null;
  };
  const sizeProblem = (text: string) => {
    if (text.trim() === '') return null;
    const value = plainValue(text);
    const problem = value === null ? 'not-positive' : stepProblem(value, sizePlaces);
    if (problem === 'not-positive') return t('order.notPositive');
    if (problem === 'tick') return t('order.lot', { step: stepOf(sizePlaces) });
    const whole = position?.positionsCount ?? '0';
    return compareDecimal(value!, whole) > 0
      ? t('trade.pos.closeTooBig', { size: whole, coin: position?.baseCoin ?? '' })
      : null;
  };
  const errorsOf = (draft: TpslPresetDraft) => ({
    price: checked ? priceProblem(draft.price) : null,
    // A size without a price is not sent, so it cannot be wrong.
    size: checked && plainValue(draft.price) !== null ? sizeProblem(draft.size) : null,
  });
  const tpErrors = errorsOf(tp);
  const slErrors = errorsOf(sl);

  const save = async () => {
    if (!position || saving) return;
    setChecked(true);
    const hasProblem = [tp, sl].some(
      (draft) => priceProblem(draft.price) || (plainValue(draft.price) !== null && sizeProblem(draft.size)),
    );
    if (hasProblem) return;
    const takeProfit = sentOf(tp);
    const stopLoss = sentOf(sl);
    const presets: PositionTpslPresets = {
      takeProfit: takeProfit.price,
      takeProfitType: takeProfit.type,
      takeProfitSize: takeProfit.size,
      stopLoss: stopLoss.price,
      stopLossType: stopLoss.type,
      stopLossSize: stopLoss.size,
    };
    await run(
      () => api.setPositionTpsl(position.symbol, position.holdSide, presets),
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
      <TpslPresetFields
        kind="tp"
        position={position}
        draft={tp}
        onChange={setTp}
        priceError={tpErrors.price}
        sizeError={tpErrors.size}
      />
      <TpslPresetFields
        kind="sl"
        position={position}
        draft={sl}
        onChange={setSl}
        priceError={slErrors.price}
        sizeError={slErrors.size}
      />
    </PositionFormDialog>
  );
}
