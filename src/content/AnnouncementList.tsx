import { memo, useMemo } from 'react';
import { ReadStates } from '../api/ReadStates';
import { useMorePages } from '../api/use-more-pages';
import { useIntlTag, useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { StateView } from '../ui/StateView';
import { type AnnouncementItem, type CategoryFilter, fetchAnnouncements } from './content-api';
import { AnnouncementRow, type RowLabels } from './AnnouncementRow';
import { RENDER_CHUNK, useChunkedCount } from './use-chunked-count';
import { isItemRead } from './unread-state';

export interface AnnouncementListProps {
  locale: string;
  category: CategoryFilter;
  /** The ids this device has read (signed out). */
  localReads: ReadonlySet<string>;
}

/** The list of one category: its states, its rows (rendered a chunk per task) and "load more". */
export function AnnouncementList({ locale, category, localReads }: AnnouncementListProps) {
  const t = useT();
  const intl = useIntlTag();
  const {
    state: list,
    refresh,
    more,
    loadMore,
  } = useMorePages(
    (cursor) =>
      fetchAnnouncements(locale, category, cursor).then((page) => ({
        rows: page.items,
        next: page.nextCursor,
        total: page.total,
      })),
    { key: `${locale}/${category}`, needsSession: false },
  );
  const items = list.status === 'ready' ? list.data.rows : [];
  const isLoadingMore = more.status === 'loading';
  const shown = useChunkedCount(items.length);
  const listing = t('content.category.listing');
  const maintenance = t('content.category.maintenance');
  const activity = t('content.category.activity');
  const product = t('content.category.product');
  const unread = t('content.unread');
  // Kept while the strings are the same: texts loaded for another area must not re-render every row.
  const labels = useMemo<RowLabels>(
    () => ({ categories: { listing, maintenance, activity, product }, unread }),
    [listing, maintenance, activity, product, unread],
  );
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(intl, { dateStyle: 'medium' });
    return (ms: number) => format.format(ms);
  }, [intl]);

  if (list.status !== 'ready')
    return (
      <ReadStates state={list} onRetry={() => void refresh()} texts={{ failed: t('content.loadFailed') }}>
        {() => null}
      </ReadStates>
    );
  if (items.length === 0) return <StateView state="empty" message={t('content.empty')} />;
  return (
    <>
      <ul className="announcement-list" data-testid="announcement-list" aria-busy={shown < items.length || undefined}>
        {Array.from({ length: Math.ceil(shown / RENDER_CHUNK) }, (_, i) => (
          <RowChunk
            key={items[i * RENDER_CHUNK]!.id}
            items={items.slice(i * RENDER_CHUNK, Math.min(shown, (i + 1) * RENDER_CHUNK))}
            localReads={localReads}
            formatDate={formatDate}
            labels={labels}
          />
        ))}
      </ul>
      <p className="announcements__count" aria-live="polite" data-testid="announcement-count">
        {t('content.shown', { shown: items.length, total: list.data.total })}
      </p>
      {more.status === 'failed' && (
        <StateView
          state={more.offline ? 'offline' : 'error'}
          message={more.offline ? undefined : t('content.loadFailed')}
          onRetry={loadMore}
        />
      )}
      {list.data.next !== null && more.status !== 'failed' && (
        <Button variant="secondary" onClick={loadMore} loading={isLoadingMore} data-testid="announcement-more">
          {isLoadingMore ? t('content.loadingMore') : t('content.loadMore')}
        </Button>
      )}
    </>
  );
}

interface RowChunkProps {
  items: readonly AnnouncementItem[];
  localReads: ReadonlySet<string>;
  formatDate: (ms: number) => string;
  labels: RowLabels;
}

/** One chunk of rows: skipped on the commits that add later chunks, so each commit costs one chunk, not the list. */
const RowChunk = memo(
  function RowChunk({ items, localReads, formatDate, labels }: RowChunkProps) {
    return items.map((item) => (
      <AnnouncementRow
        key={item.id}
        item={item}
        isRead={isItemRead(item, localReads)}
        formatDate={formatDate}
        labels={labels}
      />
    ));
  },
  (before, after) =>
    before.localReads === after.localReads &&
    before.formatDate === after.formatDate &&
    before.labels === after.labels &&
    before.items.length === after.items.length &&
    before.items.every((item, i) => item === after.items[i]),
);
