import { useEffect, useState } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { useT } from '../../i18n/i18n';
import type { Slice } from '../account-panels/account-store';
import { isRefusalStanding, type RefusalStamps, type ShownRefusal } from '../../../engine/rules/refusal-standing';
import type { FuturesSettings, MarginModeName, PosModeName } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { StateView } from '../../ui/StateView';
import { showToast } from '../../ui/toast/toast-state';
import { leverageValue } from './order-form-model';
import { refusalOf } from './form-refusal';
import { OrderFormSegmented } from './OrderFormSegmented';
import { useNumericTyping } from '../../ui/use-numeric-typing';

export interface OrderFormFuturesProps {
  instrument: TradeInstrument;
  settings: Slice<FuturesSettings | null>;
  /** Fingerprints of positions, open orders and balances: a refusal about them goes when they change. */
  stamps: RefusalStamps;
}

type Busy = 'leverage' | 'margin' | 'position' | null;

/** The futures account settings above the order form: margin mode, position mode and leverage (1 … maxLever). */
export function OrderFormFutures({ instrument, settings, stamps }: OrderFormFuturesProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  const current = settings.data;
  const maxLever = current?.maxLever ?? instrument.maxLever;
  const [leverage, setLeverage] = useState(current ? String(current.leverage) : '');
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<ShownRefusal | null>(null);
  const [touched, setTouched] = useState(false);
  const leverageTyping = useNumericTyping(leverage, 0, (typed) => {
    setLeverage(typed);
    setTouched(true);
    // A refusal of the leverage concerned what was typed: editing it clears the message.
    setFailure(null);
  });
  // "Close your positions…" (43009) and the like go once the position or order they were about is gone.
  const shownFailure = failure && isRefusalStanding(failure, stamps) ? failure.text : null;

  // The server's leverage replaces what was typed whenever it changes (after an apply, or another tab's change).
  useEffect(() => {
    if (current) setLeverage(String(current.leverage));
  }, [current]);

  if (!current) {
    if (settings.status === 'error')
      return (
        <StateView
          state="error"
          message={settings.error ?? undefined}
          onRetry={() => store.refresh('settings')}
          className="trade-form__state"
        />
      );
    return null;
  }

  const chosen = leverageValue(leverage, maxLever);
  const leverageError = touched && chosen === null ? t('trade.form.leverageRange', { max: maxLever }) : null;

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<void>, done: string) => {
    if (busy) return;
    setBusy(kind);
    setFailure(null);
    try {
      await action();
      showToast({ type: 'success', message: done });
      store.refresh('settings', 'futuresAccount');
    } catch (error) {
      setFailure(refusalOf(error, stamps));
    } finally {
      setBusy(null);
    }
  };

  const applyLeverage = () => {
    setTouched(true);
    if (chosen === null || chosen === current.leverage) return;
    void run(
      'leverage',
      () => api.setLeverage(instrument.symbol, chosen),
      t('trade.form.leverageSet', { leverage: chosen }),
    );
  };

  return (
    <div className="trade-form__futures">
      <OrderFormSegmented<MarginModeName>
        label={t('trade.form.marginMode')}
        value={current.marginMode}
        disabled={busy !== null}
        options={[
          { value: 'crossed', label: t('trade.form.cross') },
          { value: 'isolated', label: t('trade.form.isolated') },
        ]}
        onChange={(mode) =>
          void run('margin', () => api.setMarginMode(instrument.symbol, mode), t('trade.form.settingsSaved'))
        }
      />
      <OrderFormSegmented<PosModeName>
        label={t('trade.form.positionMode')}
        value={current.posMode}
        disabled={busy !== null}
        options={[
          { value: 'one_way_mode', label: t('trade.form.oneWay') },
          { value: 'hedge_mode', label: t('trade.form.hedge') },
        ]}
        onChange={(mode) => void run('position', () => api.setPositionMode(mode), t('trade.form.settingsSaved'))}
      />
      <Field
        label={t('trade.form.leverage', { max: maxLever })}
        name="leverage"
        value={leverageTyping.value}
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        className="trade-field"
        error={leverageError}
        hint={leverageTyping.hint}
        onChange={leverageTyping.onChange}
        onCompositionStart={leverageTyping.onCompositionStart}
        onCompositionEnd={leverageTyping.onCompositionEnd}
        onBlur={leverageTyping.onBlur}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            applyLeverage();
          }
        }}
        end={
          <Button
            size="sm"
            loading={busy === 'leverage'}
            disabled={busy !== null && busy !== 'leverage'}
            onClick={applyLeverage}
          >
            {t('trade.form.apply')}
          </Button>
        }
      />
      {shownFailure && (
        <p className="trade-form__error" role="alert" data-testid="settings-failure">
          {shownFailure}
        </p>
      )}
    </div>
  );
}
