import { Link } from '@tanstack/react-router';
import { isOfflineError } from '../api/failures';
import { useCallback, useEffect, useState } from 'react';
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

type DetailState =
  | { status: 'loading' }
  | { status: 'ready'; data: AnnouncementDetail }
  | { status: 'error'; error: unknown };

/** `/announcements/{id}`: one announcement, its body sanitized by RichText (§5); opening it marks it read. */
export function AnnouncementDetailPage({ id }: AnnouncementDetailPageProps) {
  const t = useT();
  const intl = useIntlTag();
  const { locale } = useSnapshot(i18nState);
  const [state, setState] = useState<DetailState>({ status: 'loading' });

  const load = useCallback(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    fetchAnnouncement(id, locale).then(
      (data) => {
        if (!isCurrent) return;
        setState({ status: 'ready', data });
        if (data.read !== true) void markRead([data.id], locale).catch(() => undefined);
      },
      (error: unknown) => {
        if (isCurrent) setState({ status: 'error', error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [id, locale]);
  useEffect(load, [load]);

  return (
    <article className="announcement" aria-labelledby="announcement-title" aria-busy={state.status === 'loading'}>
      <Link to="/announcements" className="announcement__back" data-testid="announcement-back">
        {t('content.back')}
      </Link>
      {state.status === 'loading' && <StateView state="loading" />}
      {state.status === 'error' && (
        <StateView
          state={isOfflineError(state.error) ? 'offline' : isNotFoundError(state.error) ? 'empty' : 'error'}
          message={
            isOfflineError(state.error)
              ? undefined
              : isNotFoundError(state.error)
                ? t('content.notFound')
                : t('content.detailFailed')
          }
          onRetry={isNotFoundError(state.error) ? undefined : load}
        />
      )}
      {state.status === 'ready' && (
        <>
          <h1 id="announcement-title">{state.data.title}</h1>
          <p className="announcement__meta">
            <span>{t(`content.category.${state.data.category}`)}</span>
            <time dateTime={new Date(Number(state.data.publishedAt)).toISOString()}>
              {t('content.publishedOn', {
                date: new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeStyle: 'short' }).format(
                  Number(state.data.publishedAt),
                ),
              })}
            </time>
          </p>
          <RichText html={state.data.html} className="announcement__body rich-content" />
        </>
      )}
    </article>
  );
}
