import { type RefObject, useEffect, useState } from 'react';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';

export interface PhoneTradeBarProps {
  market: 'spot' | 'futures';
  /** The order form's area: the bar steps aside while it is on screen. */
  form: RefObject<HTMLElement | null>;
  /** Chooses the side in the order form. */
  onSide(side: 'buy' | 'sell'): void;
}

/**
 * A phone's trading screen opens on the market (ticker, book or chart), with the order form further down: this bar
 * keeps Buy and Sell (Long and Short) at the bottom of the screen, as the exchange's mobile web does. A press chooses
 * that side in the form, brings the form up and puts the focus in its amount. The bar is gone while the form shows.
 */
export function PhoneTradeBar({ market, form, onSide }: PhoneTradeBarProps) {
  const t = useT();
  const [formShown, setFormShown] = useState(false);
  useEffect(() => {
    const area = form.current;
    if (!area || typeof IntersectionObserver === 'undefined') return;
    // Shown once any of the form is in the upper 60 % of the screen: a form just peeking in at the foot still needs
    // the bar (its button is far below), a form scrolled up to is where Buy and Sell are.
    const observer = new IntersectionObserver(([entry]) => setFormShown(entry?.isIntersecting ?? false), {
      rootMargin: '0px 0px -40% 0px',
    });
    observer.observe(area);
    return () => observer.disconnect();
  }, [form]);

  const choose = (side: 'buy' | 'sell') => {
    onSide(side);
    const area = form.current;
    if (!area) return;
    area.scrollIntoView({ block: 'start', behavior: 'smooth' });
    area.querySelector<HTMLInputElement>('input[name="size"]')?.focus({ preventScroll: true });
  };

  const futures = market === 'futures';
  return (
    <div className="trade__phone-bar" data-testid="phone-trade-bar" hidden={formShown}>
      <Button className="trade-form__submit trade-form__submit--buy" variant="primary" onClick={() => choose('buy')}>
        {futures ? t('trade.form.long') : t('trade.form.buy')}
      </Button>
      <Button className="trade-form__submit trade-form__submit--sell" variant="primary" onClick={() => choose('sell')}>
        {futures ? t('trade.form.short') : t('trade.form.sell')}
      </Button>
    </div>
  );
}
