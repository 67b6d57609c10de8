import { useT } from '../i18n/i18n';
import { type FeedStore, useFeedPart } from './market/feed-store';

export interface ConnectionBannerProps {
  store: FeedStore;
}

/**
 * Says when market data is not live (connecting, stale, reconnecting, offline); an ARIA live region, empty when live.
 * `stale`: the stream stopped delivering on a socket that looks open, so the prices shown may be out of date.
 */
export function ConnectionBanner({ store }: ConnectionBannerProps) {
  const t = useT();
  const connection = useFeedPart(store, 'connection');
  const text =
    connection === 'stale'
      ? t('trade.stale')
      : connection === 'reconnecting'
        ? t('trade.reconnecting')
        : connection === 'offline'
          ? t('trade.offline')
          : connection === 'connecting'
            ? t('trade.connecting')
            : '';
  return (
    <p
      className={`trade__connection trade__connection--${connection}`}
      role="status"
      data-testid="connection-state"
      data-state={connection}
    >
      {text}
    </p>
  );
}
