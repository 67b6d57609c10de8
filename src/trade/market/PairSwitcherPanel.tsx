import { type KeyboardEvent, type RefObject, useDeferredValue, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { MarketKind } from '../../../engine/market/market-rows';
import { MAX_FAVOURITES } from '../../../engine/rules/favourites';
import { localeEntryOf } from '../../../engine/rules/locales';
import { i18nState, useT } from '../../i18n/i18n';
import { MarketLink } from '../../markets/MarketLink';
import { type MarketsTab, useMarketList } from '../../markets/use-market-list';
import { toggleFavouriteMarket, useFavourites } from '../../settings/favourites';
import { CoinIcon } from '../../ui/CoinIcon';
import { FavouriteStar } from '../../ui/FavouriteStar';
import { StateView } from '../../ui/StateView';
import { Tabs } from '../../ui/Tabs';
import { toast } from '../../ui/toast';

/** How often the open switcher refreshes its prices: a trader watching it sees them move. */
export const SWITCHER_POLL_MS = 2000;

/** Arrow keys move between the rows' links (the list is one Tab stop per row too). */
function moveBetweenRows(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a.pair-switcher__link')];
  if (links.length === 0) return;
  event.preventDefault();
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = event.key === 'ArrowDown' ? (at + 1) % links.length : at <= 0 ? links.length - 1 : at - 1;
  links[next]?.focus();
}

export interface PairSwitcherPanelProps {
  current: { kind: MarketKind; symbol: string };
  searchRef: RefObject<HTMLInputElement | null>;
  onChosen: () => void;
}

/** The switcher's content, mounted only while it is open: search, Spot / USDT-M / Favourites, and live rows. */
export function PairSwitcherPanel({ current, searchRef, onChosen }: PairSwitcherPanelProps) {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const [tab, setTab] = useState<MarketsTab>(current.kind);
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim().toUpperCase());
  const view = useMarketList(tab, localeEntryOf(locale).intl, { pollMs: SWITCHER_POLL_MS });
  const favourites = useFavourites();
  const perpetual = t('trade.perpetual');
  const rows = view.rows.filter(({ row }) => row.symbol.includes(query) || row.base.includes(query));

  const onStar = (kind: MarketKind, symbol: string) => {
    const result = toggleFavouriteMarket(kind, symbol);
    if (!result.ok && result.reason === 'full') toast.warning(t('trade.favouritesFull', { max: MAX_FAVOURITES }));
  };

  let body: React.ReactNode;
  if (tab === 'favourites' && favourites.length === 0) {
    body = <StateView state="empty" message={t('trade.favouritesEmpty')} />;
  } else if (view.status === 'loading') {
    body = <StateView state="loading" message={t('common.loading')} />;
  } else if (view.status === 'error') {
    body = <StateView state="error" message={t('trade.pairSwitcherError')} onRetry={view.retry} />;
  } else if (rows.length === 0) {
    body = <StateView state="empty" message={t('trade.pairSwitcherEmpty')} />;
  } else {
    body = (
      <ul className="pair-switcher__rows" onKeyDown={moveBetweenRows} aria-label={t('trade.pairSwitcherTitle')}>
        {rows.map(({ id, kind, row }) => {
          const pair = `${row.base}/${row.quote}`;
          const isCurrent = kind === current.kind && row.symbol === current.symbol;
          return (
            <li key={id} className="pair-switcher__row" data-symbol={row.symbol} data-kind={kind}>
              <FavouriteStar
                isOn={favourites.includes(id)}
                label={t('trade.favourite', { pair })}
                onToggle={() => onStar(kind, row.symbol)}
              />
              <CoinIcon coin={row.base} size={20} />
              <MarketLink
                className="pair-switcher__link"
                kind={kind}
                symbol={row.symbol}
                base={row.base}
                quote={row.quote}
                perpetualLabel={perpetual}
                isKindShown
                isCurrent={isCurrent}
                onFollow={onChosen}
              />
              <span className="pair-switcher__last num" data-testid="pair-last">
                {row.last}
              </span>
              <span className={`pair-switcher__change num pair-switcher__change--${row.direction}`}>{row.change}</span>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="pair-switcher__panel">
      <input
        ref={searchRef}
        type="search"
        className="pair-switcher__search"
        value={text}
        maxLength={20}
        placeholder={t('trade.pairSearch')}
        aria-label={t('trade.pairSearch')}
        onChange={(event) => setText(event.target.value)}
      />
      <Tabs
        className="pair-switcher__tabs"
        label={t('trade.pairSwitcherTitle')}
        value={tab}
        onChange={(id) => setTab(id as MarketsTab)}
        items={[
          { id: 'favourites', label: t('trade.tabFavourites') },
          { id: 'spot', label: t('trade.tabSpot') },
          { id: 'futures', label: t('trade.tabFutures') },
        ]}
      >
        <div className="pair-switcher__head" aria-hidden="true">
          <span>{t('trade.pairColumn')}</span>
          <span className="num">{t('trade.last')}</span>
          <span className="num">{t('trade.change24h')}</span>
        </div>
        {body}
      </Tabs>
    </div>
  );
}
