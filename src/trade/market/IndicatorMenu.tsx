import { useT } from '../../i18n/i18n';
import { useDisclosure } from '../../ui/use-disclosure';
import type { Overlays } from './chart-series';

export interface IndicatorMenuProps {
  overlays: Overlays;
  onChange: (overlays: Overlays) => void;
}

/**
 * The chart's indicators menu: a button that opens checkboxes for volume, the moving averages and the exponential
 * one. Tab reaches each box, Space ticks it, Escape closes the menu and puts focus back on its button.
 */
export function IndicatorMenu({ overlays, onChange }: IndicatorMenuProps) {
  const t = useT();
  const { isOpen, toggle, buttonRef, panelRef, panelId } = useDisclosure();
  const box = (name: keyof Overlays, label: string) => (
    <label className="indicator-menu__option">
      <input
        type="checkbox"
        name={name}
        checked={overlays[name]}
        onChange={(event) => onChange({ ...overlays, [name]: event.currentTarget.checked })}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <div className="indicator-menu">
      <button
        ref={buttonRef}
        type="button"
        className="chart-panel__interval indicator-menu__button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        {t('chart.indicators')}
      </button>
      <div ref={panelRef} id={panelId} className="indicator-menu__panel" hidden={!isOpen}>
        <fieldset>
          <legend className="visually-hidden">{t('chart.indicators')}</legend>
          {box('volume', t('chart.showVolume'))}
          {box('ma', t('chart.showMa'))}
          {box('ema', t('chart.showEma'))}
        </fieldset>
      </div>
    </div>
  );
}
