import type { MouseEvent } from 'react';
import './favourite-star.css';

export interface FavouriteStarProps {
  isOn: boolean;
  /** What the button does, naming its market ("Favourite BTC/USDT"); `aria-pressed` says whether it is on. */
  label: string;
  onToggle: () => void;
}

/** The star that adds a market to the favourites or takes it out; a click on it never reaches the row behind it. */
export function FavouriteStar({ isOn, label, onToggle }: FavouriteStarProps) {
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    event.preventDefault();
    onToggle();
  };
  return (
    <button type="button" className="favourite-star" aria-pressed={isOn} aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
      </svg>
    </button>
  );
}
