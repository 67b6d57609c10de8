import { useEffect, useId } from 'react';
import { useSnapshot } from 'valtio';
import type { Layout } from '../../engine/rules/settings';
import { type MessageKey, useT } from '../i18n/i18n';
import { settingsState, updateSetting, watchSettingElsewhere } from '../settings/settings';

/**
 * The `layout` setting's values, start side first. "left" is the layout's start side, not the physical left: the
 * exchange's Arabic site mirrors the whole trading page, this choice with it, and one `layout` cookie serves every
 * language, so "left" keeps meaning "the form where reading starts" (physically right in `ar`). The names say where
 * the form is seen (`ar` says right for "left"), so no language names a side the form is not on.
 */
const SIDES: readonly { side: Layout; label: MessageKey }[] = [
  { side: 'left', label: 'trade.formSideStart' },
  { side: 'right', label: 'trade.formSideEnd' },
];

/** A trading screen in miniature, the form the narrow column on its side (mirrored with the page in RTL). */
function FormSideIcon({ side }: { side: Layout }) {
  return (
    <svg className="form-side__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <rect className="form-side__frame" x="1.5" y="2.5" width="13" height="11" rx="1" />
      <rect className="form-side__form" x={side === 'left' ? 2.5 : 9.5} y="3.5" width="4" height="9" />
    </svg>
  );
}

/**
 * Where the desktop trading screen puts its order form (spec §3 `layout`): two small icon radios in a radio group
 * ("Order form position"), as the book's views are. A choice applies at once and is kept in local storage and the
 * 365-day `layout` cookie (updateSetting), so the next visit opens with it; a choice made in another tab applies here
 * too.
 */
export function FormSidePicker() {
  const t = useT();
  const name = useId();
  const { layout } = useSnapshot(settingsState);
  // The settings state takes the other tab's value; the screen follows it through its snapshot, nothing more to do.
  useEffect(() => watchSettingElsewhere('layout', () => undefined), []);
  return (
    <div className="form-side" role="radiogroup" aria-label={t('trade.formSide')} data-testid="form-side">
      {SIDES.map(({ side, label }) => {
        const text = t(label);
        return (
          <label key={side} className="form-side__option" title={text}>
            <input
              type="radio"
              name={name}
              value={side}
              checked={side === layout}
              onChange={() => updateSetting('layout', side)}
            />
            <span className="form-side__face">
              <FormSideIcon side={side} />
            </span>
            <span className="visually-hidden">{text}</span>
          </label>
        );
      })}
    </div>
  );
}
