import { HostedImage } from './HostedImage';

/** A coin symbol as the exchange lists it; anything else shows the generic icon. */
const COIN = /^[A-Z0-9]{1,12}$/;

export interface CoinIconProps {
  /** The coin, e.g. "BTC". */
  coin: string;
  /** Width and height in CSS pixels (default 24). */
  size?: number;
}

/** A coin's icon from the session's fastest image host (spec §7.8); decorative, its box reserved, loaded lazily. */
export function CoinIcon({ coin, size = 24 }: CoinIconProps) {
  // The gateway answers any symbol it does not list with the generic icon; "GENERIC" is no coin.
  const path = `/img/coins/${COIN.test(coin) ? coin : 'GENERIC'}.svg`;
  return <HostedImage path={path} alt="" className="coin-icon" width={size} height={size} isDecorative />;
}
