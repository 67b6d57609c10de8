import { createFileRoute } from '@tanstack/react-router';
import { CATEGORY_FILTERS, type CategoryFilter } from '../content/announcement-categories';
import { AnnouncementsPage } from '../content/AnnouncementsPage';
import { loadTexts } from '../i18n/i18n';

/** The list's search: which category tab is open (anything else reads as all). */
interface AnnouncementsSearch {
  category?: CategoryFilter;
}

function AnnouncementsRoute() {
  const { category = 'all' } = Route.useSearch();
  return <AnnouncementsPage category={category} />;
}

/** `/announcements` (and `/{lang}/announcements`): the announcement centre (issue 23 §2). */
export const Route = createFileRoute('/announcements')({
  staticData: { title: 'title.announcements' },
  validateSearch: (search: Record<string, unknown>): AnnouncementsSearch => {
    const category = search.category;
    return typeof category === 'string' &&
      (CATEGORY_FILTERS as readonly string[]).includes(category) &&
      category !== 'all'
      ? { category: category as CategoryFilter }
      : {};
  },
  loader: () => loadTexts('content'),
  component: AnnouncementsRoute,
});
