import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { farFromMarket } from '../../../engine/rules/order-estimate';
import { orderRulesOf, validateOrder } from '../../../engine/rules/order-validation';
import { useT } from '../../i18n/i18n';
import { errorText } from '../trade-api';
import { useAccount, useTradeServices } from '../trade-services';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast/toast-state';
import { SignInToTrade } from '../account-panels/AccountPanelsSignIn';
import {
  availableFor,
  draftOf,
  estimateOrder,
  type FormOrderType,
  futuresRequestOf,
  INITIAL_FORM,
  isClosing,
  type OrderFormState,
  presetProblem,
  problemText,
  sanitizePrice,
  spotRequestOf,
} from './order-form-model';
import { FarPriceDialog } from './FarPriceDialog';
import { OrderFormFutures } from './OrderFormFutures';
import { type FormField, OrderFormInputs } from './OrderFormInputs';
import { OrderFormSegmented } from './OrderFormSegmented';
import { OrderFormSummary } from './OrderFormSummary';
import './trade-form.css';

export interface OrderFormProps {
  instrument: TradeInstrument;
  /** Raw plain decimal of the last trade, for market valuation and a default price. */
  lastPrice: string | null;
  /** A price the user clicked in the order book: fills the price field when `n` changes. */
  pickedPrice?: { price: string; n: number };
  /**
   * Says whether the form needs `lastPrice` kept live: a market order is valued at it, and an empty price field
   * takes it once. Otherwise the caller may pass null and spare the form a render on every trade.
   */
  onLivePriceNeed?: (isNeeded: boolean) => void;
  /** The last price at this moment, read when an order is sent (for the far-from-market question); else `lastPrice`. */
  readLastPrice?: () => string | null;
}

/** Order entry of a trading screen (spot or USDT-M futures); a new instrument starts a fresh form. */
export function OrderForm(props: OrderFormProps) {
  return <OrderFormBody key={`${props.instrument.market}:${props.instrument.symbol}`} {...props} />;
}

const VALIDATED_FIELD: Record<string, FormField> = { price: 'price', triggerPrice: 'trigger', size: 'size' };

function OrderFormBody({ instrument, lastPrice, pickedPrice, onLivePriceNeed, readLastPrice }: OrderFormProps) {
  const t = useT();
  const { api } = useTradeServices();
  const account = useAccount(instrument);
  const [form, setForm] = useState<OrderFormState>(INITIAL_FORM);
  const [left, setLeft] = useState<Partial<Record<FormField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [farPrice, setFarPrice] = useState<ReturnType<typeof farFromMarket>>(null);
  const [farLast, setFarLast] = useState('');
  const inFlight = useRef(false);
  const priceEdited = useRef(false);

  const futures = instrument.market === 'futures';
  const settings = futures ? account.settings.data : null;
  const hedge = settings?.posMode === 'hedge_mode';
  const leverage = settings?.leverage ?? 1;
  const signedOut = account.session === 'signedOut';
  // Until the session is known there is no balance to show (not a zero one).
  const available = account.session === 'signedIn' ? availableFor(instrument, form.side, account) : null;

  const change = (patch: Partial<OrderFormState>) => {
    if (patch.price !== undefined) priceEdited.current = true;
    setForm((current) => ({ ...current, ...patch }));
    setFailure(null);
  };

  const isLivePriceNeeded = form.type === 'market' || (form.price === '' && !priceEdited.current);
  useEffect(() => onLivePriceNeed?.(isLivePriceNeeded), [isLivePriceNeeded, onLivePriceNeed]);

  // A default price: the last trade, once, until the user types one.
  useEffect(() => {
    if (lastPrice === null || priceEdited.current) return;
    const price = sanitizePrice(lastPrice, instrument);
    setForm((current) => (current.price === '' ? { ...current, price } : current));
  }, [lastPrice, instrument]);

  // A price clicked in the order book replaces the price field (and turns a market order into a limit).
  // A pick made before this form existed (another symbol's) is not applied: only a new `n` is.
  const seenPick = useRef(pickedPrice?.n);
  const pickedN = pickedPrice?.n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new click (n) applies the picked price.
  useEffect(() => {
    if (!pickedPrice || pickedPrice.n === seenPick.current) return;
    seenPick.current = pickedPrice.n;
    priceEdited.current = true;
    const price = sanitizePrice(pickedPrice.price, instrument);
    setForm((current) => ({ ...current, price, type: current.type === 'market' ? 'limit' : current.type }));
  }, [pickedN]);

  const problems = validateOrder(
    draftOf(form, instrument, available, lastPrice, leverage, hedge),
    orderRulesOf(instrument),
  );
  const presets = futures && form.hasPresets && !isClosing(form, hedge);
  const presetCodes = {
    takeProfit: presets ? presetProblem(form.takeProfit, instrument) : null,
    stopLoss: presets ? presetProblem(form.stopLoss, instrument) : null,
  };
  const errors: Partial<Record<FormField, string | null>> = {};
  for (const problem of problems) {
    const field = VALIDATED_FIELD[problem.field];
    if ((attempted || left[field]) && !errors[field]) errors[field] = problemText(problem, t);
  }
  for (const field of ['takeProfit', 'stopLoss'] as const) {
    const code = presetCodes[field];
    if (code && (attempted || left[field]))
      errors[field] = problemText({ field, code, params: { step: instrument.priceStep } }, t);
  }
  const isValid = problems.length === 0 && !presetCodes.takeProfit && !presetCodes.stopLoss;
  const waitingForSettings = futures && !settings;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (inFlight.current || !isValid || signedOut || (futures && !settings)) return;
    // A limit price far from the market is asked about first: a slipped digit should not become an order.
    const last = readLastPrice?.() ?? lastPrice;
    const far = form.type === 'market' ? null : farFromMarket(form.price, last);
    if (far) {
      setFarLast(last ?? '');
      setFarPrice(far);
    } else await send();
  };

  const send = async () => {
    setFarPrice(null);
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      if (futures && settings) await api.placeFuturesOrder(futuresRequestOf(form, instrument, settings));
      else await api.placeSpotOrder(spotRequestOf(form, instrument));
      showToast({ type: 'success', message: t('trade.form.placed') });
      // Only the amount goes: the next order usually shares the price and the options.
      setForm((current) => ({ ...current, size: '' }));
      setAttempted(false);
      setLeft((current) => ({ ...current, size: false }));
    } catch (error) {
      // Everything typed stays; the reason is shown in the user's language.
      setFailure(errorText(error));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const sideLabel = (side: 'buy' | 'sell') => {
    if (!futures) return t(side === 'buy' ? 'trade.form.buyCoin' : 'trade.form.sellCoin', { coin: instrument.base });
    if (!hedge) return t(side === 'buy' ? 'trade.form.buyLong' : 'trade.form.sellShort');
    if (form.tradeSide === 'open') return t(side === 'buy' ? 'trade.form.openLong' : 'trade.form.openShort');
    return t(side === 'buy' ? 'trade.form.closeShort' : 'trade.form.closeLong');
  };

  return (
    <>
      <form
        className="trade-form"
        aria-label={t('trade.form.title')}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {futures && !signedOut && <OrderFormFutures instrument={instrument} settings={account.settings} />}
        <OrderFormSegmented<'buy' | 'sell'>
          label={t('trade.form.side')}
          className="trade-form__sides"
          value={form.side}
          tone={(side) => side}
          options={[
            { value: 'buy', label: futures ? t('trade.form.long') : t('trade.form.buy') },
            { value: 'sell', label: futures ? t('trade.form.short') : t('trade.form.sell') },
          ]}
          onChange={(side) => change({ side })}
        />
        <OrderFormSegmented<FormOrderType>
          label={t('trade.form.orderType')}
          value={form.type}
          options={[
            { value: 'limit', label: t('trade.form.limit') },
            { value: 'market', label: t('trade.form.market') },
            { value: 'stop-limit', label: t('trade.form.stopLimit') },
          ]}
          onChange={(type) => change({ type })}
        />
        {futures && hedge && (
          <OrderFormSegmented<'open' | 'close'>
            label={t('trade.form.tradeSide')}
            value={form.tradeSide}
            options={[
              { value: 'open', label: t('trade.form.open') },
              { value: 'close', label: t('trade.form.close') },
            ]}
            onChange={(tradeSide) => change({ tradeSide })}
          />
        )}
        <OrderFormInputs
          instrument={instrument}
          form={form}
          hedge={hedge}
          disabled={false}
          errors={errors}
          onChange={change}
          onLeave={(field) => setLeft((current) => ({ ...current, [field]: true }))}
        />
        {!signedOut && (
          <OrderFormSummary
            instrument={instrument}
            side={form.side}
            available={available}
            estimate={estimateOrder(form, instrument, lastPrice, leverage)}
          />
        )}
        {failure && (
          <p className="trade-form__error" role="alert" data-testid="order-failure">
            {failure}
          </p>
        )}
        {signedOut ? (
          <SignInToTrade message={t('trade.form.signInToTrade')} />
        ) : (
          <Button
            type="submit"
            block
            size="lg"
            variant="primary"
            className={`trade-form__submit trade-form__submit--${form.side}`}
            loading={submitting}
            disabled={waitingForSettings}
          >
            {sideLabel(form.side)}
          </Button>
        )}
      </form>
      <FarPriceDialog
        far={farPrice}
        lastText={farLast}
        onConfirm={() => void send()}
        onClose={() => setFarPrice(null)}
      />
    </>
  );
}
