import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { AnnouncementItem } from './content-api';

export interface AnnouncementRowProps {
  item: AnnouncementItem;
  isRead: boolean;
  /** Formats `publishedAt` (ms) in the page's language. */
  formatDate: (ms: number) => string;
  /** The localized texts rows show, passed down so a text change elsewhere does not re-render 1,000 rows. */
  labels: RowLabels;
}

/** The category names and the unread marker's text, in the page's language. */
export interface RowLabels {
  categories: Readonly<Record<AnnouncementItem['category'], string>>;
  unread: string;
}

/** One row of the list: a link to the announcement with its category, date and, when unread, a dot. */
export const AnnouncementRow = memo(function AnnouncementRow({
  item,
  isRead,
  formatDate,
  labels,
}: AnnouncementRowProps) {
  const at = Number(item.publishedAt);
  return (
    <li className="announcement-row" data-read={isRead || undefined} data-testid="announcement-row">
      <Link to="/announcements/$id" params={{ id: item.id }} className="announcement-row__link">
        {!isRead && (
          <span className="announcement-row__dot" data-testid="unread-dot">
            <span className="visually-hidden">{labels.unread}</span>
          </span>
        )}
        <span className="announcement-row__title">{item.title}</span>
        <span className="announcement-row__meta">
          <span>{labels.categories[item.category]}</span>
          <time dateTime={new Date(at).toISOString()}>{formatDate(at)}</time>
        </span>
      </Link>
    </li>
  );
});
