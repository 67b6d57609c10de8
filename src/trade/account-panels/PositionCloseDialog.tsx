import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { errorText } from '../trade-api';
import type { FuturesPositionRow } from '../trade-replies';
import { useTradeServices } from '../trade-services';
import { useIntlTag } from '../use-number-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast/toast-state';
import { compareDecimal, stepOf, stepProblem, typedText, plainValue } from './position-inputs';

export interface PositionCloseDialogProps {
  /** The position to close, or null when the dialog is shut. */
  position: FuturesPositionRow | null;
  /** Its size as the table shows it. */
  sizeText: string;
  base: string;
  onClose(): void;
}

/**
 * Closes a position at market (all of it, or the amount typed) or places a limit close order for a price and amount;
 * a refusal stays in the dialog so the user can retry or cancel, with nothing typed lost.
 */
export function PositionCloseDialog({ position, sizeText, base, onClose }: PositionCloseDialogProps) {
  const t = useT();
  const intl = useIntlTag();
  const { api, store } = useTradeServices();
  const [kind, setKind] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setKind('market');
    setPrice('');
    setAmount(position?.positionsCount ?? '');
    setChecked(false);
    setFailure(null);
  }, [position]);
  const side = position?.holdSide === 'short' ? t('trade.acct.short') : t('trade.acct.long');
  const sizePlaces = position?.volumePlace ?? 0;
  const pricePlaces = position?.pricePlace ?? 0;
  const full = position?.positionsCount ?? '0';

  const amountProblem = (): string | null => {
    const value = plainValue(amount);
    const problem = value === null ? 'not-positive' : stepProblem(value, sizePlaces);
    if (problem === 'not-positive') return t('order.notPositive');
    if (problem === 'tick') return t('order.lot', { step: stepOf(sizePlaces) });
    return compareDecimal(value!, full) > 0 ? t('trade.pos.closeTooBig', { size: full, coin: base }) : null;
  };
  const priceProblem = (): string | null => {
    if (kind !== 'limit') return null;
    const value = plainValue(price);
    const problem = value === null ? 'not-positive' : stepProblem(value, pricePlaces);
    if (problem === 'not-positive') return price.trim() === '' ? t('order.priceRequired') : t('order.notPositive');
    return problem === 'tick' ? t('order.tick', { step: stepOf(pricePlaces) }) : null;
  };

  const confirm = async () => {
    if (!position || closing) return;
    setChecked(true);
    if (amountProblem() || priceProblem()) return;
    const size = plainValue(amount)!;
    setClosing(true);
    setFailure(null);
    try {
      if (kind === 'market' && compareDecimal(size, full) === 0) {
        await api.closePosition(position.symbol, position.holdSide);
        showToast({ type: 'success', message: t('trade.acct.closed') });
      } else {
        const hedge = position.positionMode === 2;
        const isLong = position.holdSide === 'long';
        await api.placeFuturesOrder({
          symbol: position.symbol,
          productType: 'USDT-FUTURES',
          marginMode: position.marginMode === 1 ? 'isolated' : 'crossed',
          // Hedge mode names the position's side and closes it; one-way mode trades against it, reduce-only.
          side: hedge === isLong ? 'buy' : 'sell',
          ...(hedge ? { tradeSide: 'close' as const } : { reduceOnly: 'YES' as const }),
          orderType: kind,
          price: kind === 'limit' ? plainValue(price)! : undefined,
          size,
        });
        showToast({ type: 'success', message: t('trade.pos.closeOrderPlaced') });
      }
      store.refresh('positions', 'futuresAccount', 'openOrders', 'history');
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setClosing(false);
    }
  };

  const kindButton = (id: 'market' | 'limit', label: string) => (
    <Button
      size="sm"
      variant={kind === id ? 'primary' : 'secondary'}
      aria-pressed={kind === id}
      onClick={() => setKind(id)}
    >
      {label}
    </Button>
  );
  return (
    <Dialog
      open={position !== null}
      onClose={() => {
        if (!closing) onClose();
      }}
      size="sm"
      title={t('trade.acct.closeTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={closing}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={closing} onClick={() => void confirm()} data-autofocus>
            {kind === 'market' ? t('trade.acct.closeConfirm') : t('trade.pos.closeLimitConfirm')}
          </Button>
        </>
      }
    >
      <p>{t('trade.acct.closeBody', { side, symbol: position?.symbol ?? '', size: sizeText, coin: base })}</p>
      <div className="position-dialog__modes">
        {kindButton('market', t('trade.form.market'))}
        {kindButton('limit', t('trade.form.limit'))}
      </div>
      {kind === 'limit' && (
        <Field
          label={t('trade.form.price')}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={price}
          error={checked ? priceProblem() : null}
          onChange={(event) => setPrice(typedText(event.currentTarget.value, price, pricePlaces, intl))}
        />
      )}
      <Field
        label={`${t('trade.form.amount')} (${base})`}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={amount}
        hint={t('trade.pos.closeUpTo', { size: full, coin: base })}
        error={checked ? amountProblem() : null}
        onChange={(event) => setAmount(typedText(event.currentTarget.value, amount, sizePlaces, intl))}
      />
      {failure && (
        <p className="trade-form__error" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  );
}
