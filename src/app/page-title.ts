import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { mayBeInApp, tellApp } from '../bridge/app-bridge';
import { type MessageKey, useT } from '../i18n/i18n';
import { onTitlePair, type TitlePair, titlePair } from '../ui/page-title';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The browser tab's title of the page, a core text; a trading page's title takes its `{pair}`. */
    title?: MessageKey;
  }
}

/** The tab title's text of a pair: "BTCUSDT 67,158.09", or the symbol alone before the first price. */
export function pairText(pair: TitlePair | null, fallbackSymbol: string | undefined): string {
  if (pair?.price) return `${pair.symbol} ${pair.price}`;
  return pair?.symbol ?? fallbackSymbol ?? '';
}

interface TitleMatch {
  status: string;
  _notFound?: boolean;
  params: unknown;
  loaderDeps?: unknown;
  staticData: { title?: MessageKey };
}

/** The title the matched routes declare (the deepest one wins), and the symbol of its path or, on the in-app pages, of its query. */
function titleMatchOf(matches: readonly TitleMatch[]): { key: MessageKey; symbol?: string } | undefined {
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) return { key: 'title.notFound' };
  const match = [...matches].reverse().find((candidate) => candidate.staticData.title !== undefined);
  if (!match?.staticData.title) return undefined;
  const symbol =
    (match.params as { symbol?: string }).symbol ?? (match.loaderDeps as { symbol?: string } | undefined)?.symbol;
  return { key: match.staticData.title, symbol };
}

/**
 * Renders nothing and keeps the tab's title (see {@link useDocumentTitle}): its own component, so a new page or
 * language re-renders this alone, not the header around it.
 */
export function DocumentTitle(): null {
  useDocumentTitle();
  return null;
}

/**
 * Keeps `document.title` naming the page in the page's language: the title its route declares (`staticData.title`),
 * "Page not found" when nothing matched, and on a trading page its pair and last price as the page published them.
 * A new page or language writes it from the render; a new price straight from the page's ticker, with no render
 * (the page publishes at most one a second, see `usePageTitlePrice`).
 */
export function useDocumentTitle(): void {
  const t = useT();
  // Two strings, so the shell re-renders only when the page changes, not on every router state update.
  const key = useRouterState({ select: (state) => titleMatchOf(state.matches)?.key });
  const symbol = useRouterState({ select: (state) => titleMatchOf(state.matches)?.symbol });
  useEffect(() => {
    const write = () => {
      const pair = titlePair();
      // A pair still published by the page being left is not this page's.
      const shown = pairText(pair?.symbol === symbol ? pair : null, symbol);
      const title = key ? t(key, { pair: shown }) : t('nav.brand');
      if (document.title !== title) document.title = title;
    };
    // Inside the app its title bar names the page and pair, once per page: not the live price, which moves the tab
    // title every second.
    if (mayBeInApp()) tellApp('setTitle', { title: key ? t(key, { pair: pairText(null, symbol) }) : t('nav.brand') });
    write();
    return onTitlePair(write);
  }, [key, symbol, t]);
}
