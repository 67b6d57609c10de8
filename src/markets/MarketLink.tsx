import { useRouter } from '@tanstack/react-router';
import { createContext, type MouseEvent, memo, useContext, useSyncExternalStore } from 'react';
import type { MarketKind } from '../../engine/market/market-rows';
import { withLanguagePrefix } from '../../engine/rules/route-languages';
import { currentRouteLanguage, onRouteLanguageChange } from '../i18n/route-language';
import './market-link.css';

/**
 * Which trading screens a pair leads to: the web's (`/spot/{symbol}`, `/futures/usdt/{symbol}`) or, on the in-app
 * pages, the app's compact ones (`/trade-spot?symbol=`, `/trade-swap?symbol=`).
 */
export const MarketLinkTarget = createContext<'web' | 'app'>('web');

/** The router target and the href of a pair's trading screen. */
function screenOf(kind: MarketKind, symbol: string, target: 'web' | 'app') {
  if (target === 'app') {
    const to = kind === 'spot' ? ('/trade-spot' as const) : ('/trade-swap' as const);
    return { options: { to, search: { symbol } }, path: `${to}?symbol=${symbol}` };
  }
  return kind === 'spot'
    ? { options: { to: '/spot/$symbol' as const, params: { symbol } }, path: `/spot/${symbol}` }
    : { options: { to: '/futures/usdt/$symbol' as const, params: { symbol } }, path: `/futures/usdt/${symbol}` };
}

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
 * The pair's link to its trading screen, under the page's language prefix. A plain anchor that asks the router to
 * navigate, memoized on its few strings: a table of router links costs a long task on a slow phone's first paint of
 * the markets page, and a poll brings new figures every few seconds.
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
  const router = useRouter();
  const language = useSyncExternalStore(onRouteLanguageChange, currentRouteLanguage);
  const { options, path } = screenOf(kind, symbol, useContext(MarketLinkTarget));
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (a modifier, the middle button) is the browser's to open.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    onFollow?.();
    void router.navigate(options);
  };
  // Like the router's own links: hovering starts loading the trading screen's code and instrument.
  const onPointerEnter = () => void router.preloadRoute(options).catch(() => undefined);
  return (
    <a
      className={className}
      href={withLanguagePrefix(language, path)}
      aria-current={isCurrent ? 'page' : undefined}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
    >
      <span className="market-link__base">{base}</span>
      <span className="market-link__quote">/{quote}</span>
      {kind === 'futures' && (
        <span className={isKindShown ? 'market-link__kind' : 'visually-hidden'}> {perpetualLabel}</span>
      )}
    </a>
  );
});
