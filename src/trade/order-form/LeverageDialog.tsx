import { useId, useState } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { isRefusalStanding, type RefusalStamps, type ShownRefusal } from '../../../engine/rules/refusal-standing';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { useNumericTyping } from '../../ui/use-numeric-typing';
import type { FuturesSettings, HoldSide } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { useNumberText } from '../use-number-text';
import { refusalOf } from './form-refusal';
import { HIGH_LEVERAGE, leveragePresetsUpTo, sideLeverage, sideMaxPosition, sliderLeverage } from './leverage-choice';
import { leverageValue } from './order-form-model';
import { OrderFormSegmented } from './OrderFormSegmented';

export interface LeverageDialogProps {
  instrument: TradeInstrument;
  /** The symbol's settings as the server last gave them: the leverage the dialog starts from. */
  settings: FuturesSettings;
  maxLever: number;
  /** Fingerprints of positions, open orders and balances: a refusal about them goes when they change. */
  stamps: RefusalStamps;
  onClose(): void;
}

/**
 * Chooses the symbol's leverage (contract `set-leverage`, 1 … maxLever): a slider, preset chips, the exact figure
 * typed by the spec §5 rule, the margin tiers' largest position, and a warning above {@link HIGH_LEVERAGE}×. In
 * isolated margin each side has its own leverage: a Long / Short choice picks the one edited, sent as `holdSide`.
 * Confirm applies it; a refusal shows here and keeps what was chosen.
 */
export function LeverageDialog({ instrument, settings, maxLever, stamps, onClose }: LeverageDialogProps) {
  const t = useT();
  const numberText = useNumberText();
  const { api, store } = useTradeServices();
  const sliderId = useId();
  const isIsolated = settings.marginMode === 'isolated';
  const [side, setSide] = useState<HoldSide>('long');
  const current = sideLeverage(settings, side);
  const maxPosition = sideMaxPosition(settings, side);
  const [typed, setTyped] = useState(String(current));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ShownRefusal | null>(null);
  const choose = (value: string) => {
    setTyped(value);
    setTouched(true);
    // A refusal concerned the leverage chosen then: choosing another clears it.
    setFailure(null);
  };
  const typing = useNumericTyping(typed, 0, choose);
  const chooseSide = (next: HoldSide) => {
    // Each side starts from its own leverage; what was typed or refused for the other side does not carry over.
    setSide(next);
    setTyped(String(sideLeverage(settings, next)));
    setTouched(false);
    setFailure(null);
  };

  const chosen = leverageValue(typed, maxLever);
  const shown = sliderLeverage(typed, maxLever, current);
  const rangeError = touched && chosen === null ? t('trade.form.leverageRange', { max: maxLever }) : null;
  const shownFailure = failure && isRefusalStanding(failure, stamps) ? failure.text : null;

  const confirm = async () => {
    setTouched(true);
    if (busy || chosen === null) return;
    if (chosen === current) {
      onClose();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (isIsolated) await api.setLeverage(instrument.symbol, chosen, side);
      else await api.setLeverage(instrument.symbol, chosen);
      const done = !isIsolated
        ? 'trade.form.leverageSet'
        : side === 'long'
          ? 'trade.form.leverageLongSet'
          : 'trade.form.leverageShortSet';
      showToast({ type: 'success', message: t(done, { leverage: chosen }) });
      store.refresh('settings', 'futuresAccount');
      onClose();
    } catch (error) {
      setFailure(refusalOf(error, stamps));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      className="trade-leverage"
      title={t('trade.form.leverageTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void confirm()} data-testid="leverage-confirm">
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      {isIsolated && (
        <>
          <OrderFormSegmented<HoldSide>
            label={t('trade.form.leverageSide')}
            value={side}
            disabled={busy}
            tone={(value) => (value === 'long' ? 'buy' : 'sell')}
            className="trade-leverage__sides"
            options={[
              // The leverage after the side stays "10×" in Arabic too, as the big figure reads.
              { value: 'long', label: t('trade.form.long'), figure: `${settings.longLeverage}×` },
              { value: 'short', label: t('trade.form.short'), figure: `${settings.shortLeverage}×` },
            ]}
            onChange={chooseSide}
          />
          <p className="trade-leverage__note">{t('trade.form.leverageIsolatedNote')}</p>
        </>
      )}
      <p className="trade-leverage__shown" aria-hidden="true">
        <bdi dir="ltr">{`${shown}×`}</bdi>
      </p>
      <label htmlFor={sliderId} className="trade-visually-hidden">
        {t('trade.form.leverageLabel')}
      </label>
      <input
        id={sliderId}
        type="range"
        min={1}
        max={maxLever}
        step={1}
        value={shown}
        aria-valuetext={`${shown}×`}
        className="trade-leverage__slider"
        data-autofocus
        onChange={(event) => choose(event.currentTarget.value)}
      />
      <fieldset className="trade-leverage__presets">
        <legend className="trade-visually-hidden">{t('trade.form.leveragePresets')}</legend>
        {leveragePresetsUpTo(maxLever).map((preset) => (
          <button
            key={preset}
            type="button"
            className="trade-leverage__preset"
            aria-pressed={chosen === preset}
            onClick={() => choose(String(preset))}
          >
            <bdi dir="ltr">{`${preset}×`}</bdi>
          </button>
        ))}
      </fieldset>
      <Field
        label={t('trade.form.leverage', { max: maxLever })}
        name="leverage"
        value={typing.value}
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        className="trade-leverage__field"
        error={rangeError}
        hint={typing.hint}
        onChange={typing.onChange}
        onCompositionStart={typing.onCompositionStart}
        onCompositionEnd={typing.onCompositionEnd}
        onBlur={typing.onBlur}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void confirm();
          }
        }}
      />
      {maxPosition !== null && (
        <dl className="trade-leverage__facts">
          <div>
            <dt>{t('trade.form.leverageMaxPosition', { leverage: String(current) })}</dt>
            <dd data-testid="leverage-max-position">
              <bdi dir="ltr">{`${numberText(maxPosition)} ${instrument.base}`}</bdi>
            </dd>
          </div>
        </dl>
      )}
      {/* Always in the page, so a screen reader hears the warning when the chosen leverage crosses the line. */}
      <p className="trade-leverage__risk" aria-live="polite" data-testid="leverage-risk">
        {shown > HIGH_LEVERAGE ? t('trade.form.leverageRisk', { high: HIGH_LEVERAGE }) : null}
      </p>
      {shownFailure && (
        <p className="trade-form__error" role="alert" data-testid="leverage-failure">
          {shownFailure}
        </p>
      )}
    </Dialog>
  );
}
