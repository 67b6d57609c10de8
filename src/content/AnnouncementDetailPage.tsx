import { Link } from '@tanstack/react-router';
import { ReadStates } from '../api/ReadStates';
import { fresh, useRead } from '../api/use-read';
import { useSnapshot } from 'valtio';
import { i18nState, useIntlTag, useT } from '../i18n/i18n';
import { RichText } from '../ui/RichText';
import { StateView } from '../ui/StateView';
import { type AnnouncementDetail, fetchAnnouncement, isNotFoundError } from './content-api';
import { markRead } from './unread-state';
import './content.css';

export interface AnnouncementDetailPageProps {
  id: string;
}

/** One announcement, or null when there is none by that id (a state of the page, not a failure); opening it marks it read. */
function readAnnouncement(id: string, locale: string): Promise<AnnouncementDetail | null> {
  return fetchAnnouncement(id, locale).then(
    (data) => {
      if (data.read !== true) void markRead([data.id], locale).catch(() => undefined);
      return data;
    },
    (error: unknown) => {
      if (isNotFoundError(error)) return null;
      throw error;
    },
  );
}

/** `/announcements/{id}`: one announcement, its body sanitized by RichText (§5); opening it marks it read. */
export function AnnouncementDetailPage({ id }: AnnouncementDetailPageProps) {
  const t = useT();
  const intl = useIntlTag();
  const { locale } = useSnapshot(i18nState);
  const detail = useRead(
    fresh(() => readAnnouncement(id, locale)),
    { key: `${id}/${locale}`, needsSession: false },
  );

  return (
    <article
      className="announcement"
      aria-labelledby="announcement-title"
      aria-busy={detail.state.status === 'loading'}
    >
      <Link to="/announcements" className="announcement__back" data-testid="announcement-back">
        {t('content.back')}
      </Link>
      <ReadStates
        state={detail.state}
        onRetry={() => void detail.refresh()}
        texts={{ failed: t('content.detailFailed') }}
      >
        {(data) =>
          data === null ? (
            <StateView state="empty" message={t('content.notFound')} />
          ) : (
            <>
              <h1 id="announcement-title">{data.title}</h1>
              <p className="announcement__meta">
                <span>{t(`content.category.${data.category}`)}</span>
                <time dateTime={new Date(Number(data.publishedAt)).toISOString()}>
                  {t('content.publishedOn', {
                    date: new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeStyle: 'short' }).format(
                      Number(data.publishedAt),
                    ),
                  })}
                </time>
              </p>
              <RichText html={data.html} className="announcement__body rich-content" />
            </>
          )
        }
      </ReadStates>
    </article>
  );
}
