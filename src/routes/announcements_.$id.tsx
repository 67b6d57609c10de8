import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementDetailPage } from '../content/AnnouncementDetailPage';
import { loadTexts } from '../i18n/i18n';

function AnnouncementRoute() {
  const { id } = Route.useParams();
  return <AnnouncementDetailPage id={id} />;
}

/**
 * `/announcements/$id` (and `/{lang}/announcements/$id`): one announcement. Not nested in `/announcements` (the
 * trailing `_`): a page of its own, with a link back to the list.
 */
export const Route = createFileRoute('/announcements_/$id')({
  staticData: { title: 'title.announcement' },
  loader: () => loadTexts('content'),
  component: AnnouncementRoute,
});
