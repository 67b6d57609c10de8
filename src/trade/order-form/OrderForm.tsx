import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TradeInstrument } from '../../../engine/market/trade-instrument';
import { farFromMarket } from '../../../engine/rules/order-estimate';
import { useT } from '../../i18n/i18n';
import { isRefusalStanding, type ShownRefusal } from '../../../engine/rules/refusal-standing';
import { useAccount, useTradeServices } from '../trade-services';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast/toast-state';
import { SignInPrompt } from '../../api/SignInPrompt';
import {
  type FormField,
  type FormOrderType,
  INITIAL_FORM,
  newClientOid,
  type OrderFormState,
} from './order-form-model';
import { unitPatch } from './order-form-sizing';
import { type OrderFormContext, summarizeOrderForm } from './order-form-summary';
import { refusalOf, refusalStampsOf } from './form-refusal';
import { sideLabelOf } from './side-label';
import { OrderFormSlider } from './OrderFormSlider';
import { fieldErrorsOf } from './form-errors';
import { useFormPrice } from './use-form-price';
import { useSliderPercent } from './use-slider-percent';
import { FarPriceDialog } from './FarPriceDialog';
import { placedToast } from './placed-toast';
import { OrderFormFutures } from './OrderFormFutures';
import { OrderFormInputs } from './OrderFormInputs';
import { OrderFormSegmented } from './OrderFormSegmented';
import { OrderFormSummary } from './OrderFormSummary';
import './trade-form.css';

export interface OrderFormProps {
  instrument: TradeInstrument;
  /** Raw plain decimal of the last trade, for market valuation and a default price. */
  lastPrice: string | null;
  /** A price the user clicked in the order book: fills the price field when `n` changes. */
  pickedPrice?: { price: string; n: number };
  /** A side chosen outside the form (the phone's Buy / Sell bar); each new `n` applies it. */
  pickedSide?: { side: 'buy' | 'sell'; n: number };
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

function OrderFormBody({
  instrument,
  lastPrice,
  pickedPrice,
  pickedSide,
  onLivePriceNeed,
  readLastPrice,
}: OrderFormProps) {
  const t = useT();
  const { api } = useTradeServices();
  const account = useAccount(instrument);
  const [form, setForm] = useState<OrderFormState>(INITIAL_FORM);
  const [left, setLeft] = useState<Partial<Record<FormField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<ShownRefusal | null>(null);
  const [farPrice, setFarPrice] = useState<ReturnType<typeof farFromMarket>>(null);
  const [farLast, setFarLast] = useState('');
  const inFlight = useRef(false);
  const priceEdited = useRef(false);

  const futures = instrument.market === 'futures';
  const context: OrderFormContext = { instrument, lastPrice, lastPriceNow: readLastPrice?.(), account };
  const summary = summarizeOrderForm(form, context);
  const { isHedge: hedge, isSignedOut: signedOut } = summary;
  // A refusal about the account (positions, balance) stands only while that state is what it was.
  const stamps = refusalStampsOf(account);
  const shownFailure = failure && isRefusalStanding(failure, stamps) ? failure.text : null;

  const change = (patch: Partial<OrderFormState>) => {
    if (patch.price !== undefined) priceEdited.current = true;
    const unit = patch.sizeUnit;
    setForm((current) => ({ ...current, ...patch, ...(unit ? unitPatch(current, context, unit) : {}) }));
    setFailure(null);
  };
  const slider = useSliderPercent(form, instrument, summary, change);

  useFormPrice({ form, setForm, instrument, lastPrice, pickedPrice, onLivePriceNeed, priceEdited });
  const sideN = pickedSide?.n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new press (n) applies the chosen side.
  useEffect(() => {
    if (pickedSide)
      setForm((current) => (current.side === pickedSide.side ? current : { ...current, side: pickedSide.side }));
  }, [sideN]);

  const errors = fieldErrorsOf(summary.problems, (field) => attempted || !!left[field], t);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (inFlight.current || !summary.canSend) return;
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
    const { request } = summary;
    if (inFlight.current || !request) return;
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      // The id is made per send, in the place the request keeps for it.
      const placed =
        request.market === 'futures'
          ? await api.placeFuturesOrder({ ...request.order, clientOid: newClientOid() })
          : await api.placeSpotOrder({ ...request.order, clientOid: newClientOid() });
      showToast(placedToast(placed, instrument, t));
      // Only the amount goes: the next order usually shares the price and the options.
      setForm((current) => ({ ...current, size: '', quoteAmount: '' }));
      setAttempted(false);
      setLeft((current) => ({ ...current, size: false }));
    } catch (error) {
      // Everything typed stays; the reason is shown in the user's language.
      setFailure(refusalOf(error, stamps));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const sideLabel = (side: 'buy' | 'sell') => sideLabelOf(side, instrument, hedge, form.tradeSide, t);

  return (
    <>
      <form
        className="trade-form"
        aria-label={t('trade.form.title')}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {futures && !signedOut && (
          <OrderFormFutures instrument={instrument} settings={account.settings} stamps={stamps} />
        )}
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
          sendSize={summary.sendSize}
          afterAmount={
            !signedOut && (
              <OrderFormSlider
                percent={slider.percent}
                isEnabled={summary.maxSize !== null}
                onPercent={slider.choose}
              />
            )
          }
        />
        {!signedOut && (
          <OrderFormSummary
            instrument={instrument}
            side={form.side}
            available={summary.available}
            estimate={summary.estimate}
            fee={summary.fee}
            maxOpen={summary.maxOpen}
          />
        )}
        {shownFailure && (
          <p className="trade-form__error" role="alert" data-testid="order-failure">
            {shownFailure}
          </p>
        )}
        {signedOut ? (
          <SignInPrompt
            message={t('trade.form.signInToTrade')}
            testId="trade-form-signed-out"
            className="trade-sign-in"
          />
        ) : (
          <Button
            type="submit"
            block
            size="lg"
            variant="primary"
            className={`trade-form__submit trade-form__submit--${form.side}`}
            loading={submitting}
            disabled={summary.isWaitingForSettings}
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
