import { useEffect, useState } from 'react';
import { coinPlacesOf, MONEY_PLACES_FALLBACK } from '../../../engine/rules/coin-places';
import { useT } from '../../i18n/i18n';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { useIntlTag, useNumberText } from '../use-number-text';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { useMarginPreview } from './margin-preview';
import { PositionFormDialog } from './PositionFormDialog';
import { usePositionSave } from './use-position-save';
import { stepProblem, typedText, plainValue } from './position-inputs';

export interface PositionMarginDialogProps {
  /** The isolated position whose margin moves, or null when the dialog is shut. */
  position: FuturesPositionRow | null;
  onClose(): void;
}

/** USDT amounts are typed to the cent. */
const AMOUNT_PLACES = 2;

/** Adds margin to or takes it out of an isolated position, previewing the new margin and liquidation price. */
export function PositionMarginDialog({ position, onClose }: PositionMarginDialogProps) {
  const t = useT();
  const intl = useIntlTag();
  const number = useNumberText();
  // Money at the margin coin's precision (engine/rules/coin-places.ts).
  const usdt = coinPlacesOf('USDT', MONEY_PLACES_FALLBACK);
  const { api, store } = useTradeServices();
  const [mode, setMode] = useState<'add' | 'reduce'>('add');
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const { saving, failure, clearFailure, run } = usePositionSave();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh for each position it opens on.
  useEffect(() => {
    setMode('add');
    setAmount('');
    setChecked(false);
    clearFailure();
  }, [position]);
  const value = plainValue(amount);
  const isValid = value !== null && stepProblem(value, AMOUNT_PLACES) === null;
  const delta = isValid ? (mode === 'add' ? value : `-${value}`) : null;
  const preview = useMarginPreview(position, delta);
  const problem = !checked
    ? null
    : !isValid
      ? t('order.notPositive')
      : delta !== null && preview === null && mode === 'reduce'
        ? t('trade.pos.marginInvalid')
        : null;

  const save = async () => {
    if (!position || saving) return;
    setChecked(true);
    // A take-out the maths worker found leaves no margin is refused here, beside the field, and not sent.
    if (delta === null || (mode === 'reduce' && preview === null)) return;
    await run(
      () => api.setPositionMargin(position.symbol, position.holdSide, delta),
      () => {
        showToast({ type: 'success', message: t('trade.pos.marginSaved') });
        store.refresh('positions', 'futuresAccount');
        onClose();
      },
    );
  };

  const modeButton = (id: 'add' | 'reduce', label: string) => (
    <Button
      size="sm"
      variant={mode === id ? 'primary' : 'secondary'}
      aria-pressed={mode === id}
      onClick={() => setMode(id)}
    >
      {label}
    </Button>
  );
  return (
    <PositionFormDialog
      open={position !== null}
      title={t('trade.pos.marginTitle')}
      saving={saving}
      onClose={onClose}
      onSave={() => void save()}
      failure={failure}
    >
      <div className="position-dialog__modes">
        {modeButton('add', t('trade.pos.add'))}
        {modeButton('reduce', t('trade.pos.reduce'))}
      </div>
      <Field
        label={t('trade.pos.amountUsdt')}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={amount}
        error={problem}
        onChange={(event) => setAmount(typedText(event.currentTarget.value, amount, AMOUNT_PLACES, intl))}
      />
      <dl className="position-dialog__figures">
        <dt>{t('trade.pos.marginNow')}</dt>
        <dd data-figure="margin-now">
          <bdi dir="ltr">{number(position?.positionsOpenMarginCount, usdt)}</bdi>
        </dd>
        <dt>{t('trade.pos.marginAfter')}</dt>
        <dd data-figure="margin-after">
          <bdi dir="ltr">{number(preview?.margin, usdt)}</bdi>
        </dd>
        <dt>{t('trade.pos.liqAfter')}</dt>
        <dd data-figure="liq-after">
          <bdi dir="ltr">{number(preview?.liquidation)}</bdi>
        </dd>
      </dl>
    </PositionFormDialog>
  );
}
