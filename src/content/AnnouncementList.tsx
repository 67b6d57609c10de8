import { memo, useMemo } from 'react';
import { isOfflineError } from '../api/failures';
import { useIntlTag, useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { StateView } from '../ui/StateView';
import type { AnnouncementItem, CategoryFilter } from './content-api';
import { AnnouncementRow, type RowLabels } from './AnnouncementRow';
import { useAnnouncements } from './use-announcements';
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
  const { list, isLoadingMore, moreError, loadMore, reload } = useAnnouncements(locale, category);
  const items = list.status === 'ready' ? list.items : [];
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

  if (list.status === 'loading') return <StateView state="loading" />;
  if (list.status === 'error') {
    const offline = isOfflineError(list.error);
    return (
      <StateView
        state={offline ? 'offline' : 'error'}
        message={offline ? undefined : t('content.loadFailed')}
        onRetry={reload}
      />
    );
  }
  if (list.items.length === 0) return <StateView state="empty" message={t('content.empty')} />;
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
        {t('content.shown', { shown: items.length, total: list.total })}
      </p>
      {moreError !== null && (
        <StateView
          state={isOfflineError(moreError) ? 'offline' : 'error'}
          message={isOfflineError(moreError) ? undefined : t('content.loadFailed')}
          onRetry={loadMore}
        />
      )}
      {list.nextCursor !== null && moreError === null && (
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
