import { memo, useCallback, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/Dialog';
import { PairSwitcherPanel } from './PairSwitcherPanel';
import './pair-switcher.css';

export interface PairSwitcherProps {
  symbol: string;
  base: string;
  quote: string;
  market: 'spot' | 'futures';
}

/**
 * The pair name of the ticker bar as a button that opens the pair switcher: a dialog (a full-width sheet on a phone)
 * to find another market and go to its screen. Its rows poll only while it is open.
 */
export const PairSwitcher = memo(function PairSwitcher({ symbol, base, quote, market }: PairSwitcherProps) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="pair-switcher__opener"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-testid="pair-switcher-opener"
        onClick={() => setIsOpen(true)}
      >
        <span>
          {base}/{quote}
        </span>
        {market === 'futures' && <span className="ticker__kind">{t('trade.perpetual')}</span>}
        <span className="visually-hidden">{t('trade.pairSwitcherOpen')}</span>
        <span className="pair-switcher__caret" aria-hidden="true" />
      </button>
      <Dialog
        open={isOpen}
        onClose={close}
        title={t('trade.pairSwitcherTitle')}
        size="md"
        initialFocus={search}
        className="pair-switcher"
      >
        <PairSwitcherPanel current={{ kind: market, symbol }} searchRef={search} onChosen={close} />
      </Dialog>
    </>
  );
});
