import './coin-icon.css';

/** A hue from 0 to 359 that a coin name always gets (FNV-1a over its letters), so each coin keeps its colour. */
export function coinHue(coin: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < coin.length; i++) {
    hash ^= coin.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

export interface CoinIconProps {
  /** The base coin, e.g. "BTC". */
  coin: string;
  size?: 'sm' | 'md';
}

/** A coin's badge drawn locally (no image fetched): its initial on a circle of the coin's own colour; decorative. */
export function CoinIcon({ coin, size = 'md' }: CoinIconProps) {
  return (
    <span
      className={`coin-icon coin-icon--${size}`}
      style={{ backgroundColor: `hsl(${coinHue(coin)} 55% 40%)` }}
      aria-hidden="true"
    >
      {coin.slice(0, 1)}
    </span>
  );
}
