import { useId } from 'react';
import { type MessageKey, useT } from '../../i18n/i18n';
import { BOOK_MODES, type BookMode } from './panel-modes';

const LABEL_KEYS: Record<BookMode, MessageKey> = {
  both: 'trade.bookBoth',
  bids: 'trade.bookBidsOnly',
  asks: 'trade.bookAsksOnly',
};

/** Bars of a book view's icon, top to bottom: the colour of each (asks red above, bids green below). */
const BARS: Record<BookMode, readonly ('up' | 'down')[]> = {
  both: ['down', 'down', 'up', 'up'],
  bids: ['up', 'up', 'up', 'up'],
  asks: ['down', 'down', 'down', 'down'],
};

/** The exchange's book-view glyph: a price column and four rows coloured by side. */
function BookModeIcon({ mode }: { mode: BookMode }) {
  return (
    <svg className="book__mode-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {BARS[mode].map((tone, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are places in a fixed picture.
        <g key={i}>
          <rect className="book__mode-bar book__mode-bar--price" x="1" y={1.5 + i * 3.5} width="4" height="2.5" />
          <rect className={`book__mode-bar book__mode-bar--${tone}`} x="7" y={1.5 + i * 3.5} width="8" height="2.5" />
        </g>
      ))}
    </svg>
  );
}

export interface BookModeToggleProps {
  mode: BookMode;
  onChange: (mode: BookMode) => void;
}

/**
 * The book's views as the exchange's web shows them: three small icon buttons, a radio group ("Book view") of native
 * radios, so arrow keys, focus and names come from the browser; each name is a visually hidden label.
 */
export function BookModeToggle({ mode, onChange }: BookModeToggleProps) {
  const t = useT();
  const name = useId();
  return (
    <div className="book__modes" role="radiogroup" aria-label={t('trade.bookView')}>
      {BOOK_MODES.map((option) => {
        const label = t(LABEL_KEYS[option]);
        return (
          <label key={option} className="book__mode" title={label} data-mode={option}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === mode}
              onChange={() => onChange(option)}
            />
            <span className="book__mode-face">
              <BookModeIcon mode={option} />
            </span>
            <span className="visually-hidden">{label}</span>
          </label>
        );
      })}
    </div>
  );
}
