import { useState } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { useT } from '../../i18n/i18n';
import type { Slice } from '../account-panels/account-store';
import { isRefusalStanding, type RefusalStamps, type ShownRefusal } from '../../../engine/rules/refusal-standing';
import type { FuturesSettings, MarginModeName, PosModeName } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { StateView } from '../../ui/StateView';
import { showToast } from '../../ui/toast/toast-state';
import { refusalOf } from './form-refusal';
import { LeverageDialog } from './LeverageDialog';
import { OrderFormSegmented } from './OrderFormSegmented';

export interface OrderFormFuturesProps {
  instrument: TradeInstrument;
  settings: Slice<FuturesSettings | null>;
  /** Fingerprints of positions, open orders and balances: a refusal about them goes when they change. */
  stamps: RefusalStamps;
}

type Busy = 'margin' | 'position' | null;

/**
 * The futures account settings above the order form: margin mode, position mode and a compact leverage button (both
 * sides' figures in isolated margin) that opens the leverage dialog (1 … maxLever), so the form stays short on a
 * laptop's screen.
 */
export function OrderFormFutures({ instrument, settings, stamps }: OrderFormFuturesProps) {
  const t = useT();
  const { api, store } = useTradeServices();
  const current = settings.data;
  const maxLever = current?.maxLever ?? instrument.maxLever;
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<ShownRefusal | null>(null);
  const [isLeverageOpen, setLeverageOpen] = useState(false);
  // "Close your positions…" (43009) and the like go once the position or order they were about is gone.
  const shownFailure = failure && isRefusalStanding(failure, stamps) ? failure.text : null;

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

  const isIsolated = current.marginMode === 'isolated';

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
      <button
        type="button"
        className="trade-leverage__open"
        aria-haspopup="dialog"
        data-testid="leverage-open"
        data-leverage={isIsolated ? `${current.longLeverage}/${current.shortLeverage}` : current.leverage}
        disabled={busy !== null}
        onClick={() => setLeverageOpen(true)}
      >
        <span className="trade-leverage__open-label">{t('trade.form.leverageLabel')}</span>{' '}
        {isIsolated ? (
          // Isolated margin holds each side at its own leverage, so the button shows both.
          <span className="trade-leverage__open-sides">
            <span className="trade-leverage__open-side">{t('trade.form.long')}</span>{' '}
            <bdi dir="ltr" className="trade-leverage__open-value">{`${current.longLeverage}×`}</bdi>
            {' / '}
            <span className="trade-leverage__open-side">{t('trade.form.short')}</span>{' '}
            <bdi dir="ltr" className="trade-leverage__open-value">{`${current.shortLeverage}×`}</bdi>
          </span>
        ) : (
          <bdi dir="ltr" className="trade-leverage__open-value">{`${current.leverage}×`}</bdi>
        )}
      </button>
      {isLeverageOpen && (
        <LeverageDialog
          instrument={instrument}
          settings={current}
          maxLever={maxLever}
          stamps={stamps}
          onClose={() => setLeverageOpen(false)}
        />
      )}
      {shownFailure && (
        <p className="trade-form__error" role="alert" data-testid="settings-failure">
          {shownFailure}
        </p>
      )}
    </div>
  );
}
