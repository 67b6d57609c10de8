import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { i18nState, useT } from '../i18n/i18n';
import { authState } from '../session/auth-state';
import { Button } from '../ui/Button';
import { Tabs } from '../ui/Tabs';
import { CATEGORY_FILTERS, type CategoryFilter, postRead } from './content-api';
import { AnnouncementList } from './AnnouncementList';
import { localReadIds, refreshUnread, unreadState } from './unread-state';
import './content.css';

export interface AnnouncementsPageProps {
  category: CategoryFilter;
}

/** `/announcements`: the announcement centre, by category, newest first, unread ones marked. */
export function AnnouncementsPage({ category }: AnnouncementsPageProps) {
  const t = useT();
  const navigate = useNavigate();
  const { locale } = useSnapshot(i18nState);
  const { status } = useSnapshot(authState);
  const { count } = useSnapshot(unreadState);
  // Read on mount: a visitor who comes back from a detail page sees that one marked.
  const [localReads] = useState(localReadIds);
  // Marking all read remounts the list so its read marks come from the gateway again.
  const [listKey, setListKey] = useState(0);

  const markAll = async () => {
    try {
      const { unread } = await postRead({ all: true });
      unreadState.count = unread;
      setListKey((key) => key + 1);
    } catch {
      void refreshUnread(locale, true);
    }
  };

  return (
    <section className="announcements" aria-labelledby="announcements-title">
      <div className="announcements__head">
        <h1 id="announcements-title">{t('content.title')}</h1>
        {status === 'signedIn' && count !== null && count > 0 && (
          <Button variant="plain" size="sm" onClick={() => void markAll()} data-testid="announcements-read-all">
            {t('content.markAllRead')}
          </Button>
        )}
      </div>
      <p className="announcements__intro">{t('content.intro')}</p>
      <Tabs
        label={t('content.filterLabel')}
        value={category}
        onChange={(next) => void navigate({ to: '/announcements', search: { category: next as CategoryFilter } })}
        items={CATEGORY_FILTERS.map((id) => ({ id, label: t(`content.category.${id}`) }))}
      >
        <AnnouncementList key={`${category}/${listKey}`} locale={locale} category={category} localReads={localReads} />
      </Tabs>
    </section>
  );
}
