import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { MarketKind } from '../../engine/market/market-rows';
import './market-link.css';

export interface MarketLinkProps {
  kind: MarketKind;
  symbol: string;
  base: string;
  quote: string;
  className: string;
  /** Read after the pair by a screen reader for a perpetual ("Perpetual"), shown where `isKindShown`. */
  perpetualLabel: string;
  isKindShown?: boolean;
  isCurrent?: boolean;
  onFollow?: () => void;
}

/**
 * The pair's link to its trading screen (the router keeps the language prefix). Memoized on its few strings: a poll
 * brings new figures every few seconds, and a router link costs far more to render than the text beside it.
 */
export const MarketLink = memo(function MarketLink({
  kind,
  symbol,
  base,
  quote,
  className,
  perpetualLabel,
  isKindShown = false,
  isCurrent = false,
  onFollow,
}: MarketLinkProps) {
  return (
    <Link
      className={className}
      to={kind === 'spot' ? '/spot/$symbol' : '/futures/usdt/$symbol'}
      params={{ symbol }}
      aria-current={isCurrent ? 'page' : undefined}
      onClick={onFollow}
    >
      <span className="market-link__base">{base}</span>
      <span className="market-link__quote">/{quote}</span>
      {kind === 'futures' && (
        <span className={isKindShown ? 'market-link__kind' : 'visually-hidden'}> {perpetualLabel}</span>
      )}
    </Link>
  );
});
